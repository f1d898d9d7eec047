package dev.wholetrace.analysis.deps;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RecoverChain and ChainFreq (tallam-gupta Figure 21) on the compressed eWPP: the chains
 * {@link ChainRecovery} gives, without expanding the trace. The start load's instances come from
 * the per-query walk ({@link EwppQuery#recover}, with the writers' positions); each further step
 * is one point query ({@link EwppQuery#dependenceAt}) at the feeding load, found by reading the
 * writer thread's control WPP backwards from the store to the start of its block execution (the
 * same approximation of a register dependence as {@link ChainRecovery}: the last load before the
 * store in its block). The cost is the start load's query plus, per chain step, a few descents of
 * the grammars, instead of a pass over every event.
 */
final class EwppChains {
    private final EwppIndex index;
    private final EwppQuery query;
    private final int start;
    private final int length;
    /** (thread, load position) → {writer thread, writer position, store}, or {-1} for no writer: point queries already made. */
    private final Map<Long, long[]> known = new HashMap<>();

    EwppChains(EwppIndex index, int start, int length) {
        this.index = index;
        this.query = new EwppQuery(index);
        this.start = start;
        this.length = length;
    }

    private static long key(int thread, long position) {
        return (long) thread << 44 | position;
    }

    /**
     * Recovers the start load's dependences into {@code sink} (with positions) and returns the
     * distinct chains from its instances, most frequent first (ties in order of first appearance).
     */
    List<DepsResult.Chain> recover(DependenceSink sink) {
        List<long[]> starts = new ArrayList<>();
        query.recover(start, true, (t, p, u, wt, wp, d, o) -> {
            sink.dependence(t, p, u, wt, wp, d, o);
            starts.add(new long[] {t, p});
            known.put(key(t, p), o == Origin.NO_WRITER ? new long[] {-1} : new long[] {wt, wp, d});
        });
        Map<List<Integer>, long[]> freq = new LinkedHashMap<>();
        for (long[] st : starts) {
            List<Integer> chain = new ArrayList<>();
            chain.add(start);
            int t = (int) st[0];
            long p = st[1];
            for (int k = 0; k < length; k++) {
                long[] dep = dependence(t, p);
                if (dep.length == 1) break;
                chain.add((int) dep[2]);
                if (k == length - 1) break;
                long feeder = feeder((int) dep[0], dep[1]);
                if (feeder < 0) break;
                t = (int) dep[0];
                p = feeder;
                chain.add(index.eventValue(t, p));
            }
            freq.computeIfAbsent(List.copyOf(chain), c -> new long[1])[0]++;
        }
        List<DepsResult.Chain> out = new ArrayList<>();
        freq.forEach((c, n) -> out.add(new DepsResult.Chain(c, n[0])));
        out.sort((a, b) -> Long.compare(b.frequency(), a.frequency()));
        return out;
    }

    /** The store instance the load at (t, p) read: {writer thread, writer position, store}, or {-1}. */
    private long[] dependence(int t, long p) {
        long[] dep = known.get(key(t, p));
        if (dep != null) return dep;
        long[][] got = {{-1}};
        query.dependenceAt(t, p, (lt, lp, u, wt, wp, d, o) -> got[0] = o == Origin.NO_WRITER ? new long[] {-1} : new long[] {wt, wp, d});
        known.put(key(t, p), got[0]);
        return got[0];
    }

    /** The position of the last load before the store at (t, p) in the same block execution, or -1. */
    private long feeder(int t, long p) {
        for (long q = p - 1; q >= 0; q--) {
            switch (index.eventType(t, q)) {
                case BLOCK -> {
                    return -1;
                }
                case LOAD -> {
                    return q;
                }
                default -> { }
            }
        }
        return -1;
    }
}
