package dev.wholetrace.model.strata;

import dev.wholetrace.model.util.SequenceHash;

import java.util.Arrays;

/**
 * Interns sequences of longs: each distinct sequence gets the next dense id (0, 1, …) in the order
 * it is first interned, so ids are stable for a given input. The paper's ProcessPath and
 * ProcessStratum hash tables: one of these holds the paths (sequences of block ids), one each
 * stratum layer (sequences of [id, tripcount] pairs, {@link Runs#pair}).
 *
 * <p>Storage is flat: every sequence's elements in one {@code long[]} pool, an offset per id and an
 * open-addressing table of ids; no object per sequence. Not thread-safe.
 *
 * <p>A sequence's hash is built element by element ({@link SequenceHash}),
 * so that a caller that appends elements one at a time (the path builder, a stratum layer) keeps
 * it as it goes and {@link #intern(long[], int, long)} is one probe and one compare, without a
 * pass over the sequence: on irregular code (a path every few blocks, a stratum every few paths)
 * hashing each sequence again was the table's largest cost.
 */
public final class SequenceTable {
    private long[] pool = new long[256];
    private int poolSize;
    private int[] starts = new int[65]; // starts[id] .. starts[id + 1]
    private int[] hashes = new int[64];
    private int count;
    private int[] slots = new int[128]; // id + 1, 0 = empty
    private int mask = 127;

    /** The id of {@code seq[0, len)}, adding it if it is new. */
    public int intern(long[] seq, int len) {
        return intern(seq, len, SequenceHash.hash(seq, len));
    }

    /**
     * The id of {@code seq[0, len)}, adding it if it is new, given its {@link #hash} (kept by the
     * caller with {@link #step}; a wrong hash makes a second id for a sequence, so with assertions
     * on, as in the tests, it is checked against the hash computed afresh: every test that builds
     * paths or strata checks the incremental hash equals the from-scratch one).
     */
    public int intern(long[] seq, int len, long hash) {
        assert hash == SequenceHash.hash(seq, len) : "kept hash " + Long.toHexString(hash) + " of a sequence of " + len + " is not its hash " + Long.toHexString(SequenceHash.hash(seq, len));
        int h = mix(hash);
        int i = h & mask;
        while (true) {
            int s = slots[i];
            if (s == 0) break;
            int id = s - 1;
            if (hashes[id] == h && equalsAt(id, seq, len)) return id;
            i = (i + 1) & mask;
        }
        return add(seq, len, h, i);
    }

    private int add(long[] seq, int len, int h, int slot) {
        if (poolSize + (long) len > Integer.MAX_VALUE - 16) throw new IllegalStateException("sequence table holds more than 2^31 elements");
        int id = count++;
        if (poolSize + len > pool.length) pool = Arrays.copyOf(pool, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(poolSize + (long) len, pool.length * 2L)));
        System.arraycopy(seq, 0, pool, poolSize, len);
        poolSize += len;
        if (count + 1 > starts.length) starts = Arrays.copyOf(starts, starts.length * 2);
        starts[count] = poolSize;
        if (id >= hashes.length) hashes = Arrays.copyOf(hashes, hashes.length * 2);
        hashes[id] = h;
        slots[slot] = id + 1;
        if (count * 2 > slots.length) rehash();
        return id;
    }

    private void rehash() {
        int[] s = new int[slots.length * 2];
        int m = s.length - 1;
        for (int id = 0; id < count; id++) {
            int i = hashes[id] & m;
            while (s[i] != 0) i = (i + 1) & m;
            s[i] = id + 1;
        }
        slots = s;
        mask = m;
    }

    /** Whether sequence {@code id} (an id this table gave) is {@code seq[0, len)}. */
    private boolean equalsAt(int id, long[] seq, int len) {
        int from = starts[id];
        return starts[id + 1] - from == len && Arrays.equals(pool, from, from + len, seq, 0, len);
    }

    private static int mix(long h) {
        h ^= h >>> 31;
        h *= 0xD6E8FEB86659FD93L;
        return (int) (h ^ (h >>> 32));
    }

    /**
     * Forgets every sequence: ids restart from 0. The arrays keep their capacity, so a table
     * refilled to about the same size every chunk (the recorder's, cut every second) does not
     * regrow from a few entries each time; an array of which the chunk just forgotten used less
     * than a quarter is made smaller (twice that use, as SequiturGrammar's reset does), so that
     * one burst does not keep a thread's table at its largest for the rest of the recording.
     */
    public void clear() {
        if (4L * poolSize < pool.length && pool.length > 256) pool = new long[Math.max(256, 2 * poolSize)];
        if (4L * count < hashes.length && hashes.length > 64) {
            hashes = new int[Math.max(64, Integer.highestOneBit(Math.max(1, count)) << 1)]; // a power of two, so slots is one
            starts = new int[hashes.length + 1];
            slots = new int[2 * hashes.length];
            mask = slots.length - 1;
        } else {
            Arrays.fill(slots, 0);
        }
        poolSize = 0;
        count = 0;
    }

    /** Sequences interned. */
    public int size() {
        return count;
    }

    /**
     * The pool array itself, not a copy, for a caller of this package that reads sequences in
     * place ({@link PathBuilder} copying a new path, or a known path's prefix): valid until the
     * next {@link #intern} adds a sequence (the pool may then be replaced).
     */
    long[] poolArray() {
        return pool;
    }

    /** Where sequence {@code id} (an id this table gave) starts in {@link #poolArray()}; unchecked. */
    int startOf(int id) {
        return starts[id];
    }

    /** The length of sequence {@code id} (an id this table gave); unchecked, for the per-element loop. */
    int lengthOf(int id) {
        return starts[id + 1] - starts[id];
    }

    /** Elements of sequence {@code id}. */
    public int length(int id) {
        check(id);
        return starts[id + 1] - starts[id];
    }

    /** Element {@code i} of sequence {@code id}. */
    public long element(int id, int i) {
        check(id);
        if (i < 0 || i >= starts[id + 1] - starts[id]) throw new IndexOutOfBoundsException("element " + i + " of sequence " + id);
        return pool[starts[id] + i];
    }

    /** A copy of sequence {@code id}. */
    public long[] sequence(int id) {
        check(id);
        return Arrays.copyOfRange(pool, starts[id], starts[id + 1]);
    }

    /** Elements of all sequences together. */
    public long elements() {
        return poolSize;
    }

    /** Where each sequence starts in {@link #pool()}, and after the last one where it ends: {@code size() + 1} offsets. */
    public int[] starts() {
        return Arrays.copyOf(starts, count + 1);
    }

    /** Every sequence's elements in id order, one after the other (a copy). */
    public long[] pool() {
        return Arrays.copyOf(pool, poolSize);
    }

    /** {@link #pool()} as ints, for sequences of ints (paths of symbols). */
    public int[] poolAsInts() {
        int[] out = new int[poolSize];
        for (int i = 0; i < poolSize; i++) out[i] = Math.toIntExact(pool[i]);
        return out;
    }

    /** Bytes the table's arrays take (their capacity, not just what is used). */
    public long bytes() {
        return 8L * pool.length + 4L * (starts.length + hashes.length + slots.length) + 64;
    }

    private void check(int id) {
        if (id < 0 || id >= count) throw new IndexOutOfBoundsException("no sequence " + id + " (" + count + " interned)");
    }
}
