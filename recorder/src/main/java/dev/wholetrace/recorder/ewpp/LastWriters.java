package dev.wholetrace.recorder.ewpp;

import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.EwppCaps;

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
 *
 * <p>Bounded ({@link EwppCaps#table}, split evenly over the stripes): a full stripe spills to disk
 * ({@link SpillingLongMap}), so a writer is never forgotten; a miss then costs a disk probe. That
 * work runs on the program's thread inside {@link OwnWorkGuard}, so the agent records none of the
 * JDK code it runs into.
 */
public final class LastWriters {
    private static final int STRIPES = 64;
    private final SpillingLongMap[] stripes = new SpillingLongMap[STRIPES];
    private volatile OwnWorkGuard guard = OwnWorkGuard.NONE;

    public LastWriters() {
        this(EwppCaps.UNBOUNDED);
    }

    public LastWriters(EwppCaps caps) {
        for (int i = 0; i < STRIPES; i++) stripes[i] = new SpillingLongMap(Math.max(1, caps.table() / STRIPES));
    }

    /** Marks the disk work on program threads as the recorder's own (the agent's JDK hooks then ignore it). */
    public void guardOwnWork(OwnWorkGuard g) {
        guard = g;
    }

    /** Entries spilled to disk so far, over every stripe. */
    public long spilledEntries() {
        long n = 0;
        for (SpillingLongMap m : stripes) {
            synchronized (m) {
                n += m.spilledEntries();
            }
        }
        return n;
    }

    /** Releases the spill files. */
    public void close() {
        for (SpillingLongMap m : stripes) {
            synchronized (m) {
                m.close();
            }
        }
    }

    private SpillingLongMap stripe(long address) {
        long h = address * 0x9E37_79B9_7F4A_7C15L;
        return stripes[(int) (h >>> 58)];
    }

    /** Thread {@code thread}'s {@code storeNumber}-th store (from 1) wrote {@code address}. */
    public void stored(long address, int thread, long storeNumber) {
        SpillingLongMap m = stripe(address);
        synchronized (m) {
            if (!m.full()) {
                m.put(address, CheckSymbols.cross(thread, storeNumber));
                return;
            }
            OwnWorkGuard g = guard;
            boolean was = g.enter();
            try {
                m.put(address, CheckSymbols.cross(thread, storeNumber)); // may spill
            } finally {
                g.exit(was);
            }
        }
    }

    /**
     * The last writer of {@code address} as {@link CheckSymbols#cross} if it is a thread other than
     * {@code thread}, else 0 (the thread itself, or no traced store).
     */
    public long otherWriter(long address, int thread) {
        SpillingLongMap m = stripe(address);
        long w;
        synchronized (m) {
            w = m.getInMemory(address);
            if (w == 0 && m.spilled()) {
                OwnWorkGuard g = guard;
                boolean was = g.enter();
                try {
                    w = m.get(address); // the spill file
                } finally {
                    g.exit(was);
                }
            }
        }
        return w != 0 && CheckSymbols.crossThread(w) != thread ? w : 0;
    }
}
