package dev.wholetrace.simulate.des;

/**
 * One simulated thread's visit counters by global vertex number: an open-addressing table of
 * primitive keys and counts. A thread visits a few of the graph's vertices, so counters sized to the
 * whole graph (two {@code long[vertices]} per thread) made a real library's graph — 13 k vertices,
 * thousands of threads started by a model without a profile — need gigabytes.
 */
final class VisitCounts {
    private int[] keys = new int[16]; // vertex + 1; 0 is empty
    private long[] counts = new long[16];
    private int size;

    /** Adds one visit of {@code vertex} (≥ 0) and returns its visits so far, this one included. */
    long increment(int vertex) {
        int mask = keys.length - 1;
        int key = vertex + 1;
        for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
            if (keys[i] == key) return ++counts[i];
            if (keys[i] == 0) {
                keys[i] = key;
                counts[i] = 1;
                if (++size * 2 > keys.length) grow();
                return 1;
            }
        }
    }

    private void grow() {
        int[] oldKeys = keys;
        long[] oldCounts = counts;
        keys = new int[oldKeys.length * 2];
        counts = new long[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] == 0) continue;
            int i = mix(oldKeys[j]) & mask;
            while (keys[i] != 0) i = (i + 1) & mask;
            keys[i] = oldKeys[j];
            counts[i] = oldCounts[j];
        }
    }

    private static int mix(int key) {
        int h = key * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
