package dev.wholetrace.simulate.egraph;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.List;

/**
 * Loop modelling (§3.2.1): finds each natural loop (a back edge to a vertex that dominates its
 * source) and tags its control vertex, the DECISION that decides whether the loop runs again. For
 * a while loop (javac's for and while: the test at the top, an unconditional jump back) that is the
 * header; for a repeat-until loop (do-while: the test at the bottom) the latch; for an unstructured
 * loop the first DECISION with an edge out of the loop. The control vertex's {@link Vertex#loopStay}
 * is the edge that stays in the loop; the simulator takes it {@link Vertex#trips} times per entry.
 */
final class LoopFinder {
    private LoopFinder() {}

    /**
     * Marks the loops' control vertices; returns each control vertex's loop body (vertex indexes of
     * {@code vs}; two back edges to one header make one loop, the first edge's body).
     */
    static java.util.Map<Integer, BitSet> mark(List<Vertex> vs) {
        java.util.Map<Integer, BitSet> bodies = new java.util.LinkedHashMap<>();
        int n = vs.size();
        BitSet[] dom = dominators(vs);
        for (int u = 0; u < n; u++) {
            for (int h : vs.get(u).next) {
                if (!dom[u].get(h)) continue; // not a back edge
                BitSet body = body(vs, h, u);
                int control = -1;
                if (exits(vs.get(h), body)) control = h;
                else if (exits(vs.get(u), body)) control = u;
                else {
                    for (int b = body.nextSetBit(0); b >= 0 && control < 0; b = body.nextSetBit(b + 1)) if (exits(vs.get(b), body)) control = b;
                }
                if (control < 0) continue; // no way out but return or throw: an endless loop, left to its branches
                Vertex c = vs.get(control);
                if (c.loopStay >= 0) continue; // two back edges, one loop
                bodies.put(control, body);
                for (int k = 0; k < c.next.length; k++) {
                    if (body.get(c.next[k])) {
                        c.loopStay = k;
                        break;
                    }
                }
            }
        }
        return bodies;
    }

    private static boolean exits(Vertex v, BitSet body) {
        if (v.next.length < 2) return false;
        boolean in = false, out = false;
        for (int s : v.next) {
            if (body.get(s)) in = true;
            else out = true;
        }
        return in && out;
    }

    /** The natural loop of back edge u → h: h and every vertex that reaches u without passing h. */
    private static BitSet body(List<Vertex> vs, int h, int u) {
        int n = vs.size();
        @SuppressWarnings("unchecked")
        java.util.List<Integer>[] preds = new java.util.List[n];
        for (int i = 0; i < n; i++) preds[i] = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) for (int s : vs.get(i).next) preds[s].add(i);
        BitSet body = new BitSet(n);
        body.set(h);
        ArrayDeque<Integer> work = new ArrayDeque<>();
        if (!body.get(u)) {
            body.set(u);
            work.add(u);
        }
        while (!work.isEmpty()) {
            int x = work.poll();
            for (int p : preds[x]) {
                if (!body.get(p)) {
                    body.set(p);
                    work.add(p);
                }
            }
        }
        return body;
    }

    /** dom[v]: the vertices that dominate v (iterative data flow; the graphs are one method's). */
    static BitSet[] dominators(List<Vertex> vs) {
        int n = vs.size();
        BitSet all = new BitSet(n);
        all.set(0, n);
        BitSet[] dom = new BitSet[n];
        for (int i = 0; i < n; i++) dom[i] = (BitSet) all.clone();
        dom[0] = new BitSet(n);
        dom[0].set(0);
        @SuppressWarnings("unchecked")
        java.util.List<Integer>[] preds = new java.util.List[n];
        for (int i = 0; i < n; i++) preds[i] = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) for (int s : vs.get(i).next) preds[s].add(i);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int v = 1; v < n; v++) {
                BitSet d = (BitSet) all.clone();
                if (preds[v].isEmpty()) d.clear();
                for (int p : preds[v]) d.and(dom[p]);
                d.set(v);
                if (!d.equals(dom[v])) {
                    dom[v] = d;
                    changed = true;
                }
            }
        }
        return dom;
    }
}
