package dev.wholetrace.recorder.ewpp;

import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.ewpp.EwppCaps;
import dev.wholetrace.model.util.LongLongMap;
import java.util.Arrays;

/**
 * The eWPP's shared disambiguation check routine (tallam-gupta §3.2, Figures 11–13) for one
 * thread, run on the thread's compressor in the thread's program order. It keeps the last-writer
 * table (address → store instruction and the position of its instance) and, per store
 * instruction, the ascending positions of its instances (the timestamp buffer of §3.3). Each load
 * is called with the source the table names; the routine compares with the source's last instance
 * (fixed cost) and otherwise binary-searches its buffer (variable cost), emitting the signature of
 * what it did ({@link CheckSymbols}); the head of each signature names the load
 * ({@link CheckSymbols#named}), so recovery counts edges on the check grammar alone. A position is the event's index in the thread's trace, which
 * the control WPP gives back to recovery (TS(n) of Figure 18).
 *
 * <p>Per access: a probe of a primitive table and, for a search, O(log n) comparisons; no
 * allocation once the tables have grown.
 *
 * <p>Memory is bounded ({@link EwppCaps}, §3.4): a buffer keeps at most {@code caps.buffer()}
 * instances and evicts its oldest half when full; a load of an evicted instance is signed
 * {@link CheckSymbols#EVICTED} with the instance's position (an explicit record, never a guess).
 * Recovery replays the evictions (they depend only on the count of instances), so a search
 * signature runs over the same window. The last-writer table spills to disk ({@link SpillingLongMap}).
 */
public final class CheckRoutine {
    private final DependenceFilter filter;
    private final SpillingLongMap lastWriter;
    private final int bufferCap;
    /** Store instruction id → its dense slot + 1 in {@link #instances} (ids need not be dense). */
    private final LongLongMap slots = new LongLongMap();
    /** Per slot its buffer's retained instances (ascending positions); counts[slot] of them are used. */
    private long[][] instances = new long[0][];
    private int[] counts = new int[0];
    private long evictedLoads;
    private int[] storeIds = new int[0];
    /** Address comparisons made (Table IX, binary column). */
    private long comparisons;

    private final boolean distance;

    /** @param distance sign an older instance by its distance from the latest ({@link CheckSymbols#BACK}) instead of the search's bits */
    public CheckRoutine(DependenceFilter filter, boolean distance) {
        this(filter, distance, EwppCaps.UNBOUNDED);
    }

    /** As above, with memory bounded by {@code caps}. */
    public CheckRoutine(DependenceFilter filter, boolean distance, EwppCaps caps) {
        this.filter = filter;
        this.distance = distance;
        this.bufferCap = caps.buffer();
        this.lastWriter = new SpillingLongMap(caps.table());
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
            instances[slot] = new long[Math.min(16, bufferCap)];
            storeIds[slot] = store;
        }
        long[] b = instances[slot];
        int c = counts[slot];
        if (c == b.length) {
            if (c >= bufferCap) { // full: evict the oldest half (§3.4)
                int e = bufferCap / 2;
                System.arraycopy(b, e, b, 0, c - e);
                c -= e;
            } else {
                instances[slot] = b = Arrays.copyOf(b, (int) Math.min(bufferCap, c * 2L));
            }
        }
        b[c] = position;
        counts[slot] = c + 1;
        lastWriter.put(address, (long) (slot + 1) << CheckSymbols.STORE_BITS | position);
    }


    /**
     * Load instruction {@code load}, in its thread's segment {@code segment}, read another thread's
     * store: {@code writer} as {@link CheckSymbols#cross} and {@code source} as {@link
     * LastWriters#source} ({@link LastWriters#otherWriter}). Signed {@link CheckSymbols#CROSS_AT}
     * (the writer, its store instruction, both segments: recovery counts it on the grammar) and
     * {@link CheckSymbols#XSTORE} (the instance); a {@link CheckSymbols#CROSS} record where a field
     * does not fit the head's bits.
     */
    public void crossLoad(int load, long writer, long source, long segment, CheckSink out) {
        int w = CheckSymbols.crossThread(writer);
        long at = CheckSymbols.crossSource(LastWriters.sourceInstruction(source), LastWriters.sourceSegment(source), segment);
        if (at < 0 || w > CheckSymbols.MAX_EXTRA) {
            out.emit(CheckSymbols.named(CheckSymbols.CROSS, load), writer);
            return;
        }
        out.emit(CheckSymbols.crossAt(load, w), at);
        out.emit(CheckSymbols.XSTORE, writer);
    }

    /** Load instruction {@code load} at {@code position} read {@code address}, last written by this thread or by no traced store. */
    public void load(int load, long address, long position, CheckSink out) {
        long w = lastWriter.get(address);
        long predicted = filter.predicted(load);
        if (w == 0) {
            if (predicted == DependenceFilter.PREDICTED_NONE) out.emit(CheckSymbols.named(CheckSymbols.OK, load), 0);
            else out.emit(CheckSymbols.named(CheckSymbols.NONE, load), 0);
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
            out.emit(CheckSymbols.named(CheckSymbols.OK, load), 0);
            return;
        }
        if (!last && at < b[0]) { // evicted: name the instance explicitly
            comparisons++;
            evictedLoads++;
            out.emit(CheckSymbols.named(CheckSymbols.EVICTED, load), at);
            return;
        }
        if (filter.classOf(store, load) == null) out.emit(CheckSymbols.NEW, 0);
        if (last) {
            out.emit(CheckSymbols.named(CheckSymbols.LAST, load), store);
            return;
        }
        if (!distance) out.emit(CheckSymbols.named(CheckSymbols.SEARCH, load), store);
        int lo = 0;
        int hi = n - 2; // not the last: that was compared first
        while (true) {
            int mid = CheckSymbols.mid(lo, hi);
            comparisons++;
            long v = b[mid];
            if (v == at) {
                if (distance) out.emit(CheckSymbols.named(CheckSymbols.BACK, load), CheckSymbols.back(store, n - 1 - mid));
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

    /** Loads that read an evicted store instance (signed {@link CheckSymbols#EVICTED}). */
    public long evictedLoads() {
        return evictedLoads;
    }

    /** The last-writer table's entries spilled to disk so far. */
    public long spilledEntries() {
        return lastWriter.spilledEntries();
    }

    /** Releases the last-writer table's spill file. */
    public void close() {
        lastWriter.close();
    }

    /** Address comparisons made so far. */
    public long comparisons() {
        return comparisons;
    }
}
