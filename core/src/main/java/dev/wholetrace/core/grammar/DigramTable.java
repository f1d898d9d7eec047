package dev.wholetrace.core.grammar;

import java.util.Arrays;

/**
 * Open-addressing hash table from a digram (two adjacent symbols packed into a long) to the node
 * index of its first symbol. Linear probing with backward-shift deletion, so there are no
 * tombstones and probe chains never degrade as SEQUITUR deletes and re-creates digrams.
 */
final class DigramTable {
    static final int ABSENT = -1;

    private long[] keys;
    private int[] values;
    private int mask;
    private int size;

    DigramTable(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new long[capacity];
        values = new int[capacity];
        Arrays.fill(values, ABSENT);
        mask = capacity - 1;
    }

    static long key(int first, int second) {
        return ((long) first << 32) | (second & 0xFFFF_FFFFL);
    }

    private static int hash(long key) {
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h ^ (h >>> 29) ^ (h >>> 43));
    }

    /** Returns the node stored for {@code key}, or stores {@code node} and returns ABSENT. */
    int putIfAbsent(long key, int node) {
        int i = hash(key) & mask;
        while (true) {
            int v = values[i];
            if (v == ABSENT) {
                keys[i] = key;
                values[i] = node;
                if (++size * 2 > keys.length) grow();
                return ABSENT;
            }
            if (keys[i] == key) return v;
            i = (i + 1) & mask;
        }
    }

    /** Stores {@code node} for {@code key}, replacing any earlier occurrence. */
    void put(long key, int node) {
        int i = hash(key) & mask;
        while (true) {
            int v = values[i];
            if (v == ABSENT) {
                keys[i] = key;
                values[i] = node;
                if (++size * 2 > keys.length) grow();
                return;
            }
            if (keys[i] == key) {
                values[i] = node;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    int get(long key) {
        int i = hash(key) & mask;
        while (true) {
            int v = values[i];
            if (v == ABSENT || keys[i] == key) return v;
            i = (i + 1) & mask;
        }
    }

    /** Removes {@code key} only if it currently points at {@code node}: another occurrence stays. */
    void removeIfMapsTo(long key, int node) {
        int i = hash(key) & mask;
        while (true) {
            int v = values[i];
            if (v == ABSENT) return;
            if (keys[i] == key) {
                if (v == node) removeAt(i);
                return;
            }
            i = (i + 1) & mask;
        }
    }

    private void removeAt(int hole) {
        size--;
        int i = hole;
        while (true) {
            i = (i + 1) & mask;
            if (values[i] == ABSENT) break;
            int home = hash(keys[i]) & mask;
            // Move entry i into the hole unless its home lies cyclically in (hole, i].
            boolean stays = hole <= i ? (hole < home && home <= i) : (hole < home || home <= i);
            if (!stays) {
                keys[hole] = keys[i];
                values[hole] = values[i];
                hole = i;
            }
        }
        values[hole] = ABSENT;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldValues.length * 2];
        Arrays.fill(values, ABSENT);
        mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldValues[j] == ABSENT) continue;
            int i = hash(oldKeys[j]) & mask;
            while (values[i] != ABSENT) i = (i + 1) & mask;
            keys[i] = oldKeys[j];
            values[i] = oldValues[j];
        }
    }

    int size() {
        return size;
    }

    long footprintBytes() {
        return keys.length * 12L;
    }

    /** Visits every entry; used by the invariants checker. */
    void forEach(EntryVisitor visitor) {
        for (int i = 0; i < keys.length; i++) {
            if (values[i] != ABSENT) visitor.visit(keys[i], values[i]);
        }
    }

    interface EntryVisitor {
        void visit(long key, int node);
    }
}
