package dev.wholetrace.analysis.deps;

import java.util.Arrays;

/**
 * The distinct store numbers of one writer that CROSS records name, ascending, and the index of
 * each among them (EwppCounts resolves their instructions by one shared descent, then finds a
 * record's by that index). Where the records are many against the writer's stores, the numbers are
 * marked in a bit set over the stores (ascending and distinct without a sort, an index by a popcount);
 * where they are few, sorted: a bit set is sized by the stores the writer made, not by those read,
 * so one load of a long-running thread's store would cost a bit per store it ever made.
 */
final class ReadStores {
    private final long[] marks; // bit set over the stores, or null when sorted
    private final int[] marksBefore; // per word of marks: the marked stores in earlier words
    private final long[] ascending;

    private ReadStores(long[] marks, int[] marksBefore, long[] ascending) {
        this.marks = marks;
        this.marksBefore = marksBefore;
        this.ascending = ascending;
    }

    /** The store numbers {@code read} names (with repeats, each in [0, stores)), of a writer that made {@code stores}. */
    static ReadStores of(LongList read, long stores) {
        long words = (stores + 63) >>> 6;
        if (read.size() < words) { // fewer numbers than bit-set words (12 bytes each with its count): sorting them takes less
            long[] k = new long[read.size()];
            for (int i = 0; i < k.length; i++) k[i] = read.get(i);
            Arrays.sort(k);
            int distinct = 0;
            for (int i = 0; i < k.length; i++) if (i == 0 || k[i] != k[distinct - 1]) k[distinct++] = k[i];
            return new ReadStores(null, null, Arrays.copyOf(k, distinct));
        }
        long[] m = new long[Math.toIntExact(words)];
        for (int i = 0; i < read.size(); i++) {
            long k = read.get(i);
            m[(int) (k >>> 6)] |= 1L << k;
        }
        int[] before = new int[m.length];
        int n = 0;
        for (int j = 0; j < m.length; j++) {
            before[j] = n;
            n += Long.bitCount(m[j]);
        }
        long[] k = new long[n];
        int e = 0;
        for (int j = 0; j < m.length; j++) for (long bits = m[j]; bits != 0; bits &= bits - 1) k[e++] = (long) j << 6 | Long.numberOfTrailingZeros(bits);
        return new ReadStores(m, before, k);
    }

    /** The distinct store numbers read, ascending. */
    long[] ascending() {
        return ascending;
    }

    /** The index in {@link #ascending} of store number {@code k}, which was read. */
    int indexOf(long k) {
        if (marks == null) return Arrays.binarySearch(ascending, k);
        int word = (int) (k >>> 6);
        return marksBefore[word] + Long.bitCount(marks[word] & ((1L << k) - 1));
    }
}
