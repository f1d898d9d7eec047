package dev.wholetrace.model.util;

/**
 * A map from long keys to non-zero long values, open addressing, no boxing: 0 stands for absent.
 * What the eWPP's last-writer tables need per memory access (no object per access), and the
 * simulator's visit counters per simulated thread ({@link #increment}).
 */
public final class LongLongMap {
    private long[] keys;
    private long[] values;
    private int size;
    private int mask;

    public LongLongMap() {
        this(64);
    }

    /** @param capacity the initial slots (a power of two, at least 2): small for many small maps */
    public LongLongMap(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) throw new IllegalArgumentException("capacity must be a power of two >= 2, not " + capacity);
        keys = new long[capacity];
        values = new long[capacity];
        mask = capacity - 1;
    }

    /** The value of {@code key}, 0 if none. */
    public long get(long key) {
        int i = hash(key) & mask;
        while (true) {
            long v = values[i];
            if (v == 0) return 0;
            if (keys[i] == key) return v;
            i = (i + 1) & mask;
        }
    }

    /** Sets {@code key} to {@code value} (non-zero). */
    public void put(long key, long value) {
        if (value == 0) throw new IllegalArgumentException("0 stands for absent");
        int i = hash(key) & mask;
        while (true) {
            long v = values[i];
            if (v == 0) {
                keys[i] = key;
                values[i] = value;
                if (++size * 2 > keys.length) grow();
                return;
            }
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /** Adds 1 to the value of {@code key} (0 if none) and returns the new value: one probe sequence, not a get and a put. */
    public long increment(long key) {
        int i = hash(key) & mask;
        while (true) {
            long v = values[i];
            if (v == 0) {
                keys[i] = key;
                values[i] = 1;
                if (++size * 2 > keys.length) grow();
                return 1;
            }
            if (keys[i] == key) return values[i] = v + 1;
            i = (i + 1) & mask;
        }
    }

    public int size() {
        return size;
    }

    /** The keys, in no order, into a new array of {@link #size} (for spilling a table). */
    public long[] keys() {
        long[] out = new long[size];
        int n = 0;
        for (int i = 0; i < keys.length; i++) if (values[i] != 0) out[n++] = keys[i];
        return out;
    }

    /** Removes every entry, keeping the arrays (a bounded table reuses them). */
    public void clear() {
        java.util.Arrays.fill(values, 0);
        size = 0;
    }

    /** Bytes held by the arrays. */
    public long footprintBytes() {
        return 16L * keys.length;
    }

    private void grow() {
        long[] k = keys;
        long[] v = values;
        keys = new long[k.length * 2];
        values = new long[k.length * 2];
        mask = keys.length - 1;
        for (int j = 0; j < k.length; j++) {
            if (v[j] == 0) continue;
            int i = hash(k[j]) & mask;
            while (values[i] != 0) i = (i + 1) & mask;
            keys[i] = k[j];
            values[i] = v[j];
        }
    }

    private static int hash(long key) {
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h ^ (h >>> 29) ^ (h >>> 47));
    }
}
