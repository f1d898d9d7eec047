package dev.wholetrace.model.util;

import java.util.Arrays;

/**
 * Maps values (a long, or a pair of longs) to dense symbol ids in order of first appearance, and
 * back. SEQUITUR works on dense int terminals; this is how 64-bit addresses, superblock addresses
 * and (difference, run length) pairs become terminals. Open addressing, no boxing.
 */
public final class Alphabet {
    private long[] first = new long[16];
    private long[] second = new long[16];
    private int size;
    private int[] table = new int[32]; // id + 1, 0 = empty
    private int mask = 31;

    /** The id of {@code value}, adding it if new. */
    public int idOf(long value) {
        return idOf(value, 0);
    }

    /** The id of the pair {@code (a, b)}, adding it if new. */
    public int idOf(long a, long b) {
        int i = hash(a, b) & mask;
        while (true) {
            int e = table[i];
            if (e == 0) return add(a, b, i);
            int id = e - 1;
            if (first[id] == a && second[id] == b) return id;
            i = (i + 1) & mask;
        }
    }

    /**
     * Makes room for {@code more} symbols beyond those held, so that adding them neither grows
     * the arrays nor rehashes: a reader knows a chunk's symbol count before it adds them, and the
     * repeated doubling was a third of the alphabets' cost of opening an mp3d eWPP (JFR,
     * docs/results/ewpp.md, "Session 44"). The recorder, which does not know, never calls it.
     */
    public void reserve(int more) {
        long needed = (long) size + Math.max(0, more);
        if (needed > Integer.MAX_VALUE - 8) throw new IllegalStateException("alphabet exceeds 2^31 symbols");
        if (needed > first.length) { // at least add's growth: a trace-wide alphabet gets a few symbols a chunk
            int capacity = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, size + (size >> 1) + 16L));
            first = Arrays.copyOf(first, capacity);
            second = Arrays.copyOf(second, capacity);
        }
        if (needed * 2 > table.length) rehash(Integer.highestOneBit((int) Math.min(needed * 2, 1 << 29)) << 1);
    }

    private int add(long a, long b, int slot) {
        if (size == Integer.MAX_VALUE - 8) throw new IllegalStateException("alphabet exceeds 2^31 symbols");
        if (size == first.length) {
            int capacity = size + (size >> 1) + 16;
            first = Arrays.copyOf(first, capacity);
            second = Arrays.copyOf(second, capacity);
        }
        int id = size++;
        first[id] = a;
        second[id] = b;
        table[slot] = id + 1;
        if (size * 2 > table.length) rehash();
        return id;
    }

    private void rehash() {
        rehash(table.length * 2);
    }

    private void rehash(int slots) {
        table = new int[slots];
        mask = slots - 1;
        for (int id = 0; id < size; id++) {
            int i = hash(first[id], second[id]) & mask;
            while (table[i] != 0) i = (i + 1) & mask;
            table[i] = id + 1;
        }
    }

    private static int hash(long a, long b) {
        long h = (a * 0x9E37_79B9_7F4A_7C15L) ^ (b * 0xC2B2_AE3D_27D4_EB4FL);
        return (int) (h ^ (h >>> 31) ^ (h >>> 47));
    }

    public int size() {
        return size;
    }

    /**
     * Forgets every symbol: ids restart from 0 (an alphabet per chunk). The arrays keep their
     * capacity, so a table refilled to the same size each chunk allocates nothing.
     */
    public void clear() {
        java.util.Arrays.fill(table, 0);
        size = 0;
    }

    /** The value (or the first of the pair) with this id. */
    public long first(int id) {
        return first[id];
    }

    public long second(int id) {
        return second[id];
    }

    public long footprintBytes() {
        return first.length * 16L + table.length * 4L;
    }
}
