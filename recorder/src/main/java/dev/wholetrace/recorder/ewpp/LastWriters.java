package dev.wholetrace.recorder.ewpp;

import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.util.LongLongMap;

/**
 * The one table of the recording that is shared by every program thread in mode EWPP: per heap
 * address, the last store to it (writer thread and its store number). Only a load whose last
 * writer is another thread needs it: the thread's own dependences are found by its compressor
 * ({@link CheckRoutine}) off the program's path. Striped: a lock per stripe of addresses, taken
 * for one probe of a primitive table (no allocation per access once a stripe has grown).
 *
 * <p>A store updates the table while the program thread still holds whatever protects the store
 * (the agent records it next to the access, before the thread's next release), and a load reads it
 * after the thread's acquire: in a race-free program the table's writer is the store the load
 * reads from. In a racy one it is one of the racing stores, and recovery reports the dependence
 * as racy (docs/ewpp.md).
 */
public final class LastWriters {
    private static final int STRIPES = 64;
    private final LongLongMap[] stripes = new LongLongMap[STRIPES];

    public LastWriters() {
        for (int i = 0; i < STRIPES; i++) stripes[i] = new LongLongMap();
    }

    private LongLongMap stripe(long address) {
        long h = address * 0x9E37_79B9_7F4A_7C15L;
        return stripes[(int) (h >>> 58)];
    }

    /** Thread {@code thread}'s {@code storeNumber}-th store (from 1) wrote {@code address}. */
    public void stored(long address, int thread, long storeNumber) {
        LongLongMap m = stripe(address);
        synchronized (m) {
            m.put(address, CheckSymbols.cross(thread, storeNumber));
        }
    }

    /**
     * The last writer of {@code address} as {@link CheckSymbols#cross} if it is a thread other than
     * {@code thread}, else 0 (the thread itself, or no traced store).
     */
    public long otherWriter(long address, int thread) {
        LongLongMap m = stripe(address);
        long w;
        synchronized (m) {
            w = m.get(address);
        }
        return w != 0 && CheckSymbols.crossThread(w) != thread ? w : 0;
    }
}
