package dev.wholetrace.model.strata;

import java.util.Arrays;

/**
 * ExtendStratumLayer/ProcessStratum of the strata paper for one thread and one layer: the runs of
 * the layer below in ([id, tripcount] pairs, {@link Runs#pair}), the runs of this layer's strata
 * out. A stratum is a cycle of pairs: it ends when a pair already in it comes again (same id and
 * same trip count), and that pair starts the next stratum; consecutive executions of one stratum
 * become one run; strata are interned in the layer's {@link SequenceTable}. Layer 0 takes the
 * paths' runs, layer k the runs of layer k-1.
 *
 * <p>A stratum that follows a known one ({@link CycleCutter}: the stratum just completed, or the
 * one a turn met before leads to) costs a compare a run: its membership test is needed only when a
 * pair does not go on as the known stratum, and is then a scan of the known prefix. A stratum being
 * built is looked in by a scan of its elements while it is shorter than {@value #SCANNED}, then
 * an open-addressing set stamped per stratum, so starting a stratum clears it in O(1); no
 * allocation per run. On Water most strata are met before though seldom the one just completed
 * (73 distinct strata at the bench's size, 2.36 M runs of paths, 668 K strata): following the
 * turns spares most runs the scan and the hash, and most strata the intern.
 */
public final class StratumLayer implements RunSink {
    /**
     * Strata shorter than this are looked in by a scan of their elements, not the set: most strata
     * of irregular code are a few runs long (Water's 3.5 on average), and a scan of those is cheaper
     * than a hash and a probe of a table of thousands of slots, in compiled code and before it.
     */
    static final int SCANNED = 8;
    private final CycleCutter cutter;
    private final int maxLength;
    private long[] keys;
    private int[] stamps;
    private int mask;
    private int serial = 1;

    public StratumLayer(SequenceTable strata, RunSink sink, int maxLength) {
        this.cutter = new CycleCutter(strata, sink, maxLength);
        this.maxLength = maxLength;
        int capacity = Integer.highestOneBit(Math.max(16, Math.min(maxLength, 1 << 20)) * 2 - 1) << 1;
        keys = new long[capacity];
        stamps = new int[capacity];
        mask = capacity - 1;
    }

    /**
     * The pair is made twice rather than kept in a local: with the local this method took 6 stack
     * and local slots, over the 5 up to which C1 (tiers 2 and 3) inlines a callee, and layer 0's
     * caller called it at every run in tier 3 (as {@link PathBuilder#add}, session 46).
     */
    @Override
    public void run(int id, long trip) {
        if (!cutter.continuesKnown(Runs.pair(id, trip))) runOther(Runs.pair(id, trip)); // most runs of code met before: one compare
    }

    /** {@link #run} of a pair that does not go on as a known stratum: a stratum ends, turns to another, or is built. */
    private void runOther(long pair) {
        if (cutter.full()) {
            nextStratum();
            if (cutter.continuesKnown(pair)) return;
        }
        if (cutter.following()) {
            if (cutter.knownContains(pair)) { // the stratum so far holds it: complete
                nextStratum();
                if (cutter.continuesKnown(pair)) return; // the same stratum again
            }
            leaveKnown(pair);
            return;
        }
        if (cutter.length() < SCANNED ? cutter.builtContains(pair) : stamps[slot(pair)] == serial) { // seen in this stratum: it is complete
            nextStratum();
            if (!cutter.continuesKnown(pair)) leaveKnown(pair);
            return;
        }
        appendNew(pair);
    }

    /** Following, {@code pair} neither closes the stratum nor goes on as the known one: a turn met before, or the stratum is built from here. */
    private void leaveKnown(long pair) {
        if (cutter.turn(pair)) return;
        cutter.leave(pair);
        int n = cutter.length();
        if (n >= SCANNED) for (int k = 0; k < n; k++) enter(cutter.builtElement(k)); // the prefix the set was spared
        appendNew(pair);
    }

    /** Building: appends {@code pair}, not in the stratum so far; a stratum that reaches {@link #SCANNED} goes into the set, which holds its elements from then on. */
    private void appendNew(long pair) {
        int n = cutter.length();
        cutter.append(pair);
        if (n >= SCANNED) enter(pair);
        else if (n + 1 == SCANNED) for (int k = 0; k < SCANNED; k++) enter(cutter.builtElement(k));
    }

    /** {@code pair}, an element of this stratum, goes into the set. */
    private void enter(long pair) {
        int j = slot(pair);
        stamps[j] = serial;
        keys[j] = pair;
    }

    /** The slot of {@code pair} in this stratum's set: where it is, or the empty slot where it goes. */
    private int slot(long pair) {
        long h = pair * 0x9E3779B97F4A7C15L;
        int i = (int) (h ^ (h >>> 29)) & mask;
        while (stamps[i] == serial && keys[i] != pair) i = (i + 1) & mask;
        return i;
    }

    private void nextStratum() {
        cutter.complete();
        if (++serial == Integer.MAX_VALUE) {
            Arrays.fill(stamps, 0);
            serial = 1;
        }
    }

    @Override
    public void finish() {
        cutter.finish();
    }

    /** Pairs received from the layer below. */
    public long elements() {
        return cutter.elements();
    }

    /** Strata completed (executions, repetitions included). */
    public long strata() {
        return cutter.cycles();
    }

    /** Bytes of this layer's per-thread state. */
    public long bytes() {
        return cutter.bytes() + 12L * keys.length;
    }

    int maxLength() {
        return maxLength;
    }
}
