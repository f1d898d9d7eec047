package dev.wholetrace.analysis.deps;

import java.util.Arrays;

/** A growable array of longs (timestamps, positions): no boxing. */
final class LongList {
    private long[] a = new long[8];
    private int size;

    void add(long v) {
        if (size == a.length) a = Arrays.copyOf(a, size * 2);
        a[size++] = v;
    }

    long get(int i) {
        return a[i];
    }

    int size() {
        return size;
    }

    /** The index of {@code v} in this list, which must be ascending; -1 if absent. */
    int search(long v) {
        int i = Arrays.binarySearch(a, 0, size, v);
        return i < 0 ? -1 : i;
    }

    long last() {
        return a[size - 1];
    }
}
