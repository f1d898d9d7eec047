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
 * <p>Membership is a scan of the stratum's elements while it is shorter than {@value #SCANNED},
 * then an open-addressing set stamped per stratum, so starting a stratum clears it in O(1); no
 * allocation per run. While the stratum repeats the previous one element for element
 * (the cutter is matching) the set is not used at all: a stratum's elements are distinct, so the
 * previous stratum's next element is not in the stratum so far, and any other pair is looked for
 * in that prefix (a scan, once per stratum); only when the stratum leaves the previous one with
 * {@value #SCANNED} elements or more does the prefix go into the set. This spares the probe on loops whose strata repeat; on Water, whose
 * strata seldom repeat, it spares little (53 K of 2.36 M runs continue a repetition).
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

    @Override
    public void run(int id, long trip) {
        long pair = Runs.pair(id, trip);
        if (cutter.full()) nextStratum();
        if (cutter.matching()) {
            if (cutter.continuesMatch(pair)) {
                cutter.append(pair);
                return;
            }
            if (cutter.matchedPrefixContains(pair)) { // the stratum so far holds it: complete (the repetition, when it is all of the previous one)
                nextStratum();
                if (cutter.continuesMatch(pair)) {
                    cutter.append(pair);
                    return;
                }
            }
            if (cutter.length() < SCANNED) { // the stratum leaves the previous one, short: its copy is scanned, no set
                appendShort(pair);
                return;
            }
            enterMatchedPrefix(); // the stratum leaves the previous one
        } else if (cutter.length() < SCANNED) {
            if (cutter.builtContains(pair)) { // seen in this (short) stratum: it is complete
                nextStratum();
                if (cutter.continuesMatch(pair)) {
                    cutter.append(pair);
                    return;
                }
            }
            appendShort(pair);
            return;
        }
        int i = slot(pair);
        if (stamps[i] == serial) { // seen in this stratum: it is complete
            nextStratum();
            i = slot(pair);
        }
        stamps[i] = serial;
        keys[i] = pair;
        cutter.append(pair);
    }

    /** Appends {@code pair} to a stratum shorter than {@link #SCANNED}; one that reaches it goes into the set, which holds its elements from then on. */
    private void appendShort(long pair) {
        cutter.append(pair);
        if (cutter.length() == SCANNED) for (int k = 0; k < SCANNED; k++) enter(cutter.builtElement(k));
    }

    /** The stratum so far, the previous one's prefix that the set was spared, goes into the set. */
    private void enterMatchedPrefix() {
        for (int k = 0, n = cutter.length(); k < n; k++) enter(cutter.matchedElement(k));
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
