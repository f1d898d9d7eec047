package dev.wholetrace.format.io;

/**
 * A Fenwick (binary indexed) tree over counts at positions 0..n-1, kept in {@code int[n + 1]}: the
 * prefix sums and the k-th set position in O(log n), which both open-rule models rank rules with.
 */
final class Fenwick {
    private Fenwick() {}

    /** Turns {@code t}, holding position i-1's count at {@code t[i]} (i ≥ 1), into a Fenwick tree of those counts, in linear time. */
    static void build(int[] t) {
        for (int i = 1; i < t.length; i++) {
            int parent = i + (i & -i);
            if (parent < t.length) t[parent] += t[i];
        }
    }

    /** The sum of the counts at positions 0..{@code i}. */
    static int prefix(int[] t, int i) {
        int sum = 0;
        for (int j = i + 1; j > 0; j -= j & -j) sum += t[j];
        return sum;
    }

    /** The position holding the {@code k}-th unit (1-based) of the counts in order. */
    static int select(int[] t, int k) {
        int pos = 0;
        for (int step = Integer.highestOneBit(t.length - 1); step > 0; step >>= 1) {
            int next = pos + step;
            if (next < t.length && t[next] < k) {
                pos = next;
                k -= t[next];
            }
        }
        return pos;
    }

    /**
     * Sets every count back to 0 in a tree whose counts were all at positions below {@code used}:
     * costs those positions, not the tree's length (a model reuses a list's tree for the next
     * grammar). Nodes past them that summed some of them all cover position {@code used - 1}, so
     * they are on its update path.
     */
    static void clear(int[] t, int used) {
        int n = Math.min(used, t.length - 1);
        java.util.Arrays.fill(t, 1, n + 1, 0);
        for (int j = n; j > 0 && j < t.length; j += j & -j) t[j] = 0;
    }

    /** Adds {@code delta} to the count at position {@code i}. */
    static void add(int[] t, int i, int delta) {
        for (int j = i + 1; j < t.length; j += j & -j) t[j] += delta;
    }
}
