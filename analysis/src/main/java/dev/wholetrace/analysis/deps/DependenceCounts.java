package dev.wholetrace.analysis.deps;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntPredicate;

/**
 * Counts dynamic dependences per static {@link Edge}, optionally only those whose load and store
 * pass the filters, and keeps the first {@code keepInstances} instances with their timestamps.
 */
public final class DependenceCounts implements DependenceSink {
    /** One dynamic dependence: the two ends' threads and positions. */
    public record Instance(Edge edge, int thread, long position, int writerThread, long writerPosition) {}

    private final TreeMap<Edge, long[]> counts = new TreeMap<>();
    private final IntPredicate loads;
    private final IntPredicate stores;
    private final int keepInstances;
    private final List<Instance> instances = new ArrayList<>();
    private long total;
    /** The edge of the last dependence counted and its counter: a query's instances mostly repeat one edge. */
    private Edge lastEdge;
    private long[] lastCount;

    /** Every edge, no instances kept. */
    public DependenceCounts() {
        this(u -> true, d -> true, 0);
    }

    public DependenceCounts(IntPredicate loads, IntPredicate stores, int keepInstances) {
        this.loads = loads;
        this.stores = stores;
        this.keepInstances = keepInstances;
    }

    @Override
    public void dependence(int thread, long position, int load, int writerThread, long writerPosition, int store, Origin origin) {
        if (!loads.test(load) || !stores.test(store)) return;
        Edge e = lastEdge;
        if (e == null || e.store() != store || e.load() != load || e.origin() != origin) {
            e = lastEdge = new Edge(store, load, origin);
            lastCount = counts.computeIfAbsent(e, k -> new long[1]);
        }
        lastCount[0]++;
        total++;
        if (instances.size() < keepInstances) instances.add(new Instance(e, thread, position, writerThread, writerPosition));
    }

    /** Adds {@code instances} dynamic dependences of one edge at once, without their timestamps (no instance is kept). */
    public void add(int store, int load, Origin origin, long instances) {
        if (instances <= 0 || !loads.test(load) || !stores.test(store)) return;
        counts.computeIfAbsent(new Edge(store, load, origin), k -> new long[1])[0] += instances;
        total += instances;
    }

    /** Edge → dynamic count, in (load, store, origin) order. */
    public Map<Edge, Long> edges() {
        TreeMap<Edge, Long> out = new TreeMap<>();
        counts.forEach((e, c) -> out.put(e, c[0]));
        return Collections.unmodifiableMap(out);
    }

    public long total() {
        return total;
    }

    public List<Instance> instances() {
        return Collections.unmodifiableList(instances);
    }
}
