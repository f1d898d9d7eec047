package dev.wholetrace.simulate.egraph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One method's execution graph (a "tree" of the paper's Figure 4): vertex 0 is START; returns are
 * FINAL vertices whose return address the simulator keeps on a call stack (§3.2.2).
 *
 * @param id {@code owner/Internal.name(descriptor)}
 * @param vertices the vertices; successors are indexes into this list
 */
public record MethodGraph(String id, List<Vertex> vertices) {
    /** Predecessor counts per vertex. */
    public int[] predecessors() {
        int[] p = new int[vertices.size()];
        for (Vertex v : vertices) for (int n : v.next) p[n]++;
        return p;
    }

    /** Trip count per entry of each loop, by its control vertex's {@link Vertex#end}: what a {@link Walk}'s loops name. */
    public Map<Integer, Double> loopTrips() {
        Map<Integer, Double> trips = new HashMap<>();
        for (Vertex v : vertices) if (v.loopStay >= 0) trips.put(v.end, v.trips);
        return trips;
    }

    MethodGraph copy() {
        List<Vertex> c = new ArrayList<>();
        for (Vertex v : vertices) c.add(v.copy());
        return new MethodGraph(id, c);
    }

    /** {@code Class.method} without package and descriptor, for reports. */
    public String shortName() {
        int paren = id.indexOf('(');
        String s = paren < 0 ? id : id.substring(0, paren);
        return s.substring(s.lastIndexOf('/') + 1);
    }
}
