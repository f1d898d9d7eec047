package dev.wholetrace.recorder.ewpp;

import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.util.LongLongMap;
import java.util.Arrays;

/**
 * The eWPP's shared disambiguation check routine (tallam-gupta §3.2, Figures 11–13) for one
 * thread, run on the thread's compressor in the thread's program order. It keeps the last-writer
 * table (address → store instruction and the position of its instance) and, per store
 * instruction, the ascending positions of its instances (the timestamp buffer of §3.3). Each load
 * is called with the source the table names; the routine compares with the source's last instance
 * (fixed cost) and otherwise binary-searches its buffer (variable cost), emitting the signature of
 * what it did ({@link CheckSymbols}). A position is the event's index in the thread's trace, which
 * the control WPP gives back to recovery (TS(n) of Figure 18).
 *
 * <p>Per access: a probe of a primitive table and, for a search, O(log n) comparisons; no
 * allocation once the tables have grown.
 */
public final class CheckRoutine {
    private final DependenceFilter filter;
    private final LongLongMap lastWriter = new LongLongMap();
    /** Store instruction id → its dense slot + 1 in {@link #instances} (ids need not be dense). */
    private final LongLongMap slots = new LongLongMap();
    private long[][] instances = new long[0][];
    private int[] counts = new int[0];
    private int[] storeIds = new int[0];
    /** Address comparisons made (Table IX, binary column). */
    private long comparisons;

    private final boolean distance;

    /** @param distance sign an older instance by its distance from the latest ({@link CheckSymbols#BACK}) instead of the search's bits */
    public CheckRoutine(DependenceFilter filter, boolean distance) {
        this.filter = filter;
        this.distance = distance;
    }

    /** Store instruction {@code store} at {@code position} wrote {@code address}. */
    public void store(int store, long address, long position) {
        int slot = (int) slots.get(store) - 1;
        if (slot < 0) {
            slot = slots.size();
            slots.put(store, slot + 1);
            if (slot >= counts.length) {
                int n = Math.max(16, counts.length * 2);
                counts = Arrays.copyOf(counts, n);
                instances = Arrays.copyOf(instances, n);
                storeIds = Arrays.copyOf(storeIds, n);
            }
            instances[slot] = new long[16];
            storeIds[slot] = store;
        }
        long[] b = instances[slot];
        int c = counts[slot];
        if (c == b.length) instances[slot] = b = Arrays.copyOf(b, c * 2);
        b[c] = position;
        counts[slot] = c + 1;
        lastWriter.put(address, (long) (slot + 1) << CheckSymbols.STORE_BITS | position);
    }


    /**
     * Load instruction {@code load} at {@code position} read {@code address}; {@code crossWriter}
     * is the other thread's store it read from ({@link LastWriters#otherWriter}), or 0.
     */
    public void load(int load, long address, long position, long crossWriter, CheckSink out) {
        if (crossWriter != 0) {
            out.emit(CheckSymbols.CROSS, crossWriter);
            return;
        }
        long w = lastWriter.get(address);
        long predicted = filter.predicted(load);
        if (w == 0) {
            if (predicted == DependenceFilter.PREDICTED_NONE) out.emit(CheckSymbols.OK, 0);
            else out.emit(CheckSymbols.NONE, 0);
            return;
        }
        int slot = (int) (w >>> CheckSymbols.STORE_BITS) - 1;
        int store = storeIds[slot];
        long at = w & ((1L << CheckSymbols.STORE_BITS) - 1);
        long[] b = instances[slot];
        int n = counts[slot];
        comparisons++;
        boolean last = b[n - 1] == at;
        if (last && predicted == store) {
            out.emit(CheckSymbols.OK, 0);
            return;
        }
        if (filter.classOf(store, load) == null) out.emit(CheckSymbols.NEW, 0);
        if (last) {
            out.emit(CheckSymbols.LAST, store);
            return;
        }
        if (!distance) out.emit(CheckSymbols.SEARCH, store);
        int lo = 0;
        int hi = n - 2; // not the last: that was compared first
        while (true) {
            int mid = CheckSymbols.mid(lo, hi);
            comparisons++;
            long v = b[mid];
            if (v == at) {
                if (distance) out.emit(CheckSymbols.BACK, CheckSymbols.back(store, n - 1 - mid));
                else out.emit(CheckSymbols.END, 0);
                return;
            }
            if (at < v) {
                if (!distance) out.emit(CheckSymbols.B0, 0);
                hi = mid - 1;
            } else {
                if (!distance) out.emit(CheckSymbols.B1, 0);
                lo = mid + 1;
            }
            if (lo > hi) throw new IllegalStateException("store instance at " + at + " is not in its buffer");
        }
    }

    /** Address comparisons made so far. */
    public long comparisons() {
        return comparisons;
    }
}
