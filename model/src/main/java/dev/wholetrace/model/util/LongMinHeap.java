package dev.wholetrace.model.util;

import java.util.Arrays;

/**
 * A binary min-heap of int ids keyed by longs, in primitive arrays. Used to merge per-thread
 * sequences that are each in ticket order into the one sync order, in O(n log threads) without an
 * object per operation.
 */
public final class LongMinHeap {
    private int[] ids = new int[16];
    private long[] keys = new long[16];
    private int size;

    public boolean isEmpty() {
        return size == 0;
    }

    public void push(int id, long key) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
            keys = Arrays.copyOf(keys, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (keys[parent] <= key) break;
            ids[i] = ids[parent];
            keys[i] = keys[parent];
            i = parent;
        }
        ids[i] = id;
        keys[i] = key;
    }

    /** The smallest key; the heap must not be empty. */
    public long minKey() {
        return keys[0];
    }

    /** Removes the entry with the smallest key and returns its id. */
    public int pop() {
        int top = ids[0];
        size--;
        siftDown(ids[size], keys[size]);
        return top;
    }

    /**
     * Removes the entry with the smallest key and adds ({@code id}, {@code key}) in its place;
     * returns the removed id. One pass down the heap instead of {@link #pop}'s and
     * {@link #push}'s two: a merge that takes the next element from the sequence it just took
     * one from. The heap must not be empty.
     */
    public int replaceTop(int id, long key) {
        int top = ids[0];
        siftDown(id, key);
        return top;
    }

    /** Puts ({@code lastId}, {@code lastKey}) at the root's place and moves it down to where it belongs among the first {@code size} entries. */
    private void siftDown(int lastId, long lastKey) {
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) break;
            if (child + 1 < size && keys[child + 1] < keys[child]) child++;
            if (keys[child] >= lastKey) break;
            ids[i] = ids[child];
            keys[i] = keys[child];
            i = child;
        }
        ids[i] = lastId;
        keys[i] = lastKey;
    }
}
