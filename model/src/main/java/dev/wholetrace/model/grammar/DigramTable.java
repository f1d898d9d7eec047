package dev.wholetrace.model.grammar;

/**
 * Open-addressing hash table from a digram (two adjacent symbols packed into a long) to the node
 * index of its first symbol. Key and value share one slot of a long array, so a probe touches one
 * cache line; linear probing with backward-shift deletion leaves no tombstones, so probe chains do
 * not degrade as SEQUITUR deletes and re-creates digrams.
 */
final class DigramTable {
    static final int ABSENT = -1;
    /** Slot value of an empty slot: no node has index -1. */
    private static final long EMPTY = -1L;

    private long[] slots; // [2i] = key, [2i+1] = node or EMPTY
    private int mask;     // over slot numbers
    private int size;

    DigramTable(int expected) {
        int capacity = capacityFor(expected);
        slots = newSlots(capacity);
        mask = capacity - 1;
    }

    /** Slots for about {@code expected} entries at most half full (a power of two); NodeDigramTable sizes the same way. */
    static int capacityFor(int expected) {
        return Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
    }

    /**
     * Empties the table for about {@code expected} digrams: in place, unless the slots are more
     * than four times what that needs (then smaller ones, so a thread that went quiet gives back
     * what a busy chunk grew).
     */
    void clear(int expected) {
        int capacity = capacityFor(expected);
        if (mask + 1 > 4 * capacity) {
            slots = newSlots(capacity);
            mask = capacity - 1;
        } else {
            empty(slots);
        }
        size = 0;
    }

    private static long[] newSlots(int capacity) {
        long[] s = new long[capacity * 2];
        empty(s);
        return s;
    }

    private static void empty(long[] s) {
        for (int i = 1; i < s.length; i += 2) s[i] = EMPTY;
    }

    static long key(int first, int second) {
        return ((long) first << 32) | (second & 0xFFFF_FFFFL);
    }

    /** The hash of a digram's key (also NodeDigramTable's). */
    static int hash(long key) {
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h ^ (h >>> 29) ^ (h >>> 43));
    }

    /** Returns the node stored for {@code key}, or stores {@code node} and returns ABSENT. */
    int putIfAbsent(long key, int node) {
        long[] s = slots;
        int i = hash(key) & mask;
        while (true) {
            long v = s[2 * i + 1];
            if (v == EMPTY) {
                s[2 * i] = key;
                s[2 * i + 1] = node;
                if (++size * 2 > mask + 1) grow();
                return ABSENT;
            }
            if (s[2 * i] == key) return (int) v;
            i = (i + 1) & mask;
        }
    }

    /** Stores {@code node} for {@code key}, replacing any earlier occurrence. */
    void put(long key, int node) {
        long[] s = slots;
        int i = hash(key) & mask;
        while (true) {
            long v = s[2 * i + 1];
            if (v == EMPTY) {
                s[2 * i] = key;
                s[2 * i + 1] = node;
                if (++size * 2 > mask + 1) grow();
                return;
            }
            if (s[2 * i] == key) {
                s[2 * i + 1] = node;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    int get(long key) {
        long[] s = slots;
        int i = hash(key) & mask;
        while (true) {
            long v = s[2 * i + 1];
            if (v == EMPTY) return ABSENT;
            if (s[2 * i] == key) return (int) v;
            i = (i + 1) & mask;
        }
    }

    /** Removes {@code key} only if it currently points at {@code node}: another occurrence stays. */
    void removeIfMapsTo(long key, int node) {
        long[] s = slots;
        int i = hash(key) & mask;
        while (true) {
            long v = s[2 * i + 1];
            if (v == EMPTY) return;
            if (s[2 * i] == key) {
                if (v == node) removeAt(i);
                return;
            }
            i = (i + 1) & mask;
        }
    }

    private void removeAt(int hole) {
        long[] s = slots;
        size--;
        int i = hole;
        while (true) {
            i = (i + 1) & mask;
            if (s[2 * i + 1] == EMPTY) break;
            int home = hash(s[2 * i]) & mask;
            // Entry i may move into the hole unless its home lies cyclically in (hole, i].
            boolean stays = hole <= i ? (hole < home && home <= i) : (hole < home || home <= i);
            if (!stays) {
                s[2 * hole] = s[2 * i];
                s[2 * hole + 1] = s[2 * i + 1];
                hole = i;
            }
        }
        s[2 * hole + 1] = EMPTY;
    }

    private void grow() {
        long[] old = slots;
        int capacity = (mask + 1) * 2;
        long[] s = newSlots(capacity);
        mask = capacity - 1;
        for (int j = 0; j < old.length; j += 2) {
            if (old[j + 1] == EMPTY) continue;
            int i = hash(old[j]) & mask;
            while (s[2 * i + 1] != EMPTY) i = (i + 1) & mask;
            s[2 * i] = old[j];
            s[2 * i + 1] = old[j + 1];
        }
        slots = s;
    }

    int size() {
        return size;
    }

    long footprintBytes() {
        return slots.length * 8L;
    }

    /** Visits every entry; used by the invariants checker. */
    void forEach(EntryVisitor visitor) {
        for (int j = 0; j < slots.length; j += 2) {
            if (slots[j + 1] != EMPTY) visitor.visit(slots[j], (int) slots[j + 1]);
        }
    }

    interface EntryVisitor {
        void visit(long key, int node);
    }
}
