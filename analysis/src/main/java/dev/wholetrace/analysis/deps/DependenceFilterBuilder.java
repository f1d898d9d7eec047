package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.ewpp.DependenceClass;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.reader.TraceView;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The eWPP's filtering phase from an earlier recording of the same program (mode CDR or ALL): the
 * dependences it exercised ({@link AddressTraceRecovery}), classified as tallam-gupta §2 does, by
 * what the run showed: per load u, if its only source was one store d of its own thread, always
 * d's latest instance, (d, u) is no-cost; a dependence always on the latest instance is
 * fixed-cost; any other is variable-cost. A load that only read untraced values is predicted so.
 * Dependences on another thread's store are recorded explicitly in any case and are not classified.
 */
public final class DependenceFilterBuilder {

    /** The filter of the dependences {@code earlier} exercised. */
    public DependenceFilter build(TraceView earlier) {
        Map<Long, boolean[]> lastOnly = new HashMap<>(); // (d, u) → {every instance the latest}
        Map<Integer, Set<Integer>> sources = new HashMap<>();
        Set<Integer> unwritten = new HashSet<>();
        Set<Integer> other = new HashSet<>(); // loads that read another thread's store
        Map<Long, Long> latest = new HashMap<>(); // (thread, d) → position of d's latest instance so far
        new AddressTraceRecovery().recover(earlier, new DependenceSink() {
            @Override
            public void dependence(int thread, long position, int load, int writerThread, long writerPosition, int store, Origin origin) {
                switch (origin) {
                    case NO_WRITER -> unwritten.add(load);
                    case SAME_THREAD -> {
                        sources.computeIfAbsent(load, k -> new HashSet<>()).add(store);
                        boolean[] last = lastOnly.computeIfAbsent(key(store, load), k -> new boolean[] {true});
                        Long l = latest.get(key(thread, store));
                        if (l == null || l != writerPosition) last[0] = false;
                    }
                    default -> other.add(load);
                }
            }
        }, (thread, position, store) -> latest.put(key(thread, store), position));
        DependenceFilter f = DependenceFilter.empty();
        for (Map.Entry<Long, boolean[]> e : lastOnly.entrySet()) {
            int d = (int) (e.getKey() >>> 32);
            int u = (int) (long) e.getKey();
            boolean last = e.getValue()[0];
            boolean only = sources.get(u).size() == 1 && !unwritten.contains(u) && !other.contains(u);
            f.add(d, u, last && only ? DependenceClass.NO_COST : last ? DependenceClass.FIXED_COST : DependenceClass.VARIABLE_COST);
        }
        for (int u : unwritten) if (!sources.containsKey(u) && !other.contains(u)) f.addUnwritten(u);
        return f;
    }

    private static long key(int a, int b) {
        return (long) a << 32 | b & 0xFFFF_FFFFL;
    }
}
