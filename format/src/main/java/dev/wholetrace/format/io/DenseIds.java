package dev.wholetrace.format.io;

import java.util.Arrays;

/**
 * Dense ids 0, 1, … for long keys in order of first appearance, in primitive arrays (open
 * addressing, linear probing), {@link #clear forgotten} in time proportional to the ids given and
 * without giving its arrays back. The grammar models number a grammar's terminals (and contexts)
 * with it: the recorder's writer starts thousands of grammars a chunk, and an alphabet made anew
 * for each, grown by doubling, was most of the writer's garbage and of its {@code Arrays.copyOf}
 * samples (docs/results/overhead-profile.md, "Session 51: the writer").
 */
final class DenseIds {
    private static final int FIRST_IDS = 8;

    private long[] keys;  // by id
    private int[] slots;  // id + 1, 0 = empty
    private int shift;
    private int size;

    DenseIds() {
        this(FIRST_IDS);
    }

    /** A table that holds {@code ids} (rounded up to a power of two) without growing. */
    DenseIds(int ids) {
        int capacity = Math.max(FIRST_IDS, Integer.highestOneBit(Math.max(1, ids - 1)) << 1);
        keys = new long[capacity];
        slots = new int[2 * capacity];
        shift = 64 - Integer.numberOfTrailingZeros(2 * capacity);
    }

    /** The id of {@code key}, given now if it has none. */
    int idOf(long key) {
        int mask = slots.length - 1;
        int i = slot(key);
        while (true) {
            int e = slots[i];
            if (e == 0) return add(key, i);
            if (keys[e - 1] == key) return e - 1;
            i = (i + 1) & mask;
        }
    }

    /** Ids given since the last {@link #clear}. */
    int size() {
        return size;
    }

    /** Ids this table holds without growing. */
    int capacity() {
        return keys.length;
    }

    /**
     * Forgets every key: ids restart from 0. Costs the ids given, not the table's size, so that a
     * table grown by one large grammar does not make every later tiny grammar's start cost as much.
     */
    void clear() {
        if (size * 4 >= slots.length) {
            Arrays.fill(slots, 0);
        } else {
            int mask = slots.length - 1;
            for (int id = 0; id < size; id++) {
                // Its slot is on the probe path from its hash; slots cleared before it on that path
                // are passed over (the key is there, so the walk ends at it).
                int i = slot(keys[id]);
                while (slots[i] != id + 1) i = (i + 1) & mask;
                slots[i] = 0;
            }
        }
        size = 0;
    }

    private int add(long key, int slot) {
        if (size == keys.length) keys = Arrays.copyOf(keys, size * 2);
        int id = size++;
        keys[id] = key;
        slots[slot] = id + 1;
        if (size * 2 > slots.length) rehash(slots.length * 2);
        return id;
    }

    private void rehash(int capacity) {
        slots = new int[capacity];
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
        int mask = capacity - 1;
        for (int id = 0; id < size; id++) {
            int i = slot(keys[id]);
            while (slots[i] != 0) i = (i + 1) & mask;
            slots[i] = id + 1;
        }
    }

    /** Fibonacci hashing: the top bits of the key times 2^64/φ, so that keys a power of two apart do not collide. */
    private int slot(long key) {
        return (int) ((key * 0x9E37_79B9_7F4A_7C15L) >>> shift);
    }
}
