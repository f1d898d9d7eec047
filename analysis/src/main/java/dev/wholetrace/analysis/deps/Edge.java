package dev.wholetrace.analysis.deps;

import java.util.Comparator;

/**
 * A dependence edge on the static program: store instruction {@code store} (-1 for
 * {@link Origin#NO_WRITER}) to load instruction {@code load}, by origin.
 */
public record Edge(int store, int load, Origin origin) implements Comparable<Edge> {
    private static final Comparator<Edge> ORDER = Comparator.comparingInt(Edge::load).thenComparingInt(Edge::store).thenComparing(Edge::origin);

    @Override
    public int compareTo(Edge o) {
        return ORDER.compare(this, o);
    }
}
