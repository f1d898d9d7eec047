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
    /** Per stripe, address → {@link #source}(store instruction, writer segment); guarded by the stripe's lock. */
    private final SpillingLongMap[] sources = new SpillingLongMap[STRIPES];
    private volatile OwnWorkGuard guard = OwnWorkGuard.NONE;

    public LastWriters() {
        this(EwppCaps.UNBOUNDED);
    }

    public LastWriters(EwppCaps caps) {
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new SpillingLongMap(Math.max(1, caps.table() / STRIPES));
            sources[i] = new SpillingLongMap(Math.max(1, caps.table() / STRIPES));
        }
    }

    /** Marks the disk work on program threads as the recorder's own (the agent's JDK hooks then ignore it). */
    public void guardOwnWork(OwnWorkGuard g) {
        guard = g;
    }

    /** Entries spilled to disk so far, over every stripe. */
    public long spilledEntries() {
        long n = 0;
        for (int i = 0; i < STRIPES; i++) {
            SpillingLongMap m = stripes[i];
            synchronized (m) {
                n += m.spilledEntries();
                n += sources[i].spilledEntries();
            }
        }
        return n;
    }

    /** Releases the spill files. */
    public void close() {
        for (int i = 0; i < STRIPES; i++) {
            synchronized (stripes[i]) {
                stripes[i].close();
                sources[i].close();
            }
        }
    }

    private static int stripe(long address) {
        long h = address * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h >>> 58);
    }

    /** A store's instruction and its thread's segment (sync operations before it), as kept per address: never 0, the tables' "absent". */
    public static long source(int instruction, long segment) {
        return ((long) instruction + 1) << 32 | segment & 0xFFFF_FFFFL;
    }

    /** The store instruction of a {@link #source}. */
    public static int sourceInstruction(long source) {
        return (int) ((source >>> 32) - 1);
    }

    /** The writer's segment of a {@link #source} (segments past 2^32 read back truncated: the check then writes a CROSS record, whose fields have fewer bits anyway). */
    public static long sourceSegment(long source) {
        return source & 0xFFFF_FFFFL;
    }

    /**
     * Thread {@code thread}'s {@code storeNumber}-th store (from 1), instruction {@code instruction}
     * in the thread's segment {@code segment}, wrote {@code address}.
     */
    public void stored(long address, int thread, long storeNumber, int instruction, long segment) {
        int i = stripe(address);
        SpillingLongMap m = stripes[i];
        synchronized (m) {
            if (!m.full() && !sources[i].full()) {
                m.put(address, CheckSymbols.cross(thread, storeNumber));
                sources[i].put(address, source(instruction, Math.min(segment, 0xFFFF_FFFFL)));
                return;
            }
            OwnWorkGuard g = guard;
            boolean was = g.enter();
            try { // may spill
                m.put(address, CheckSymbols.cross(thread, storeNumber));
                sources[i].put(address, source(instruction, Math.min(segment, 0xFFFF_FFFFL)));
            } finally {
                g.exit(was);
            }
        }
    }

    /**
     * The last writer of {@code address} as {@link CheckSymbols#cross} if it is a thread other than
     * {@code thread}, else 0 (the thread itself, or no traced store); for another thread's, its
     * {@link #source} in {@code out[0]}.
     */
    public long otherWriter(long address, int thread, long[] out) {
        int i = stripe(address);
        SpillingLongMap m = stripes[i];
        synchronized (m) {
            long w = m.getInMemory(address);
            if (w == 0 && m.spilled()) w = fromDisk(m, address);
            if (w == 0 || CheckSymbols.crossThread(w) == thread) return 0;
            long s = sources[i].getInMemory(address);
            if (s == 0 && sources[i].spilled()) s = fromDisk(sources[i], address);
            out[0] = s;
            return w;
        }
    }

    private long fromDisk(SpillingLongMap m, long address) {
        OwnWorkGuard g = guard;
        boolean was = g.enter();
        try {
            return m.get(address); // the spill file
        } finally {
            g.exit(was);
        }
    }
}
