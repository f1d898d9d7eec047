package dev.wholetrace.model.util;

/**
 * The hash of a sequence of ints or longs, built element by element: {@link #SEED}, then
 * {@link #step} per element. Builders that grow a sequence one element at a time keep its hash as
 * they go, so interning it ({@code PathDictionary}, {@code SequenceTable}) is one probe; the same
 * sequence hashed afresh ({@link #hash}) gives the same value.
 */
public final class SequenceHash {
    /** The hash of the empty sequence: where {@link #step} starts. */
    public static final long SEED = 0x9E3779B97F4A7C15L;

    private SequenceHash() {}

    /** The hash of a sequence extended by {@code element}, from the hash {@code h} of the sequence before it. */
    public static long step(long h, long element) {
        return (h ^ element) * 0xBF58476D1CE4E5B9L + 0x94D049BB133111EBL;
    }

    /** The hash of {@code seq[0, len)}: {@link #SEED} stepped through its elements. */
    public static long hash(long[] seq, int len) {
        long h = SEED;
        for (int i = 0; i < len; i++) h = step(h, seq[i]);
        return h;
    }

    /** The hash of {@code seq[0, len)}, the same as of the same values as longs. */
    public static long hash(int[] seq, int len) {
        long h = SEED;
        for (int i = 0; i < len; i++) h = step(h, seq[i]);
        return h;
    }
}
