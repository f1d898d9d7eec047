package dev.wholetrace.simulate.egraph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The non-degenerative optimizations of §3.3, which keep every simulated time identical:
 * <ul>
 *   <li>PASS elimination: a vertex whose only predecessor is a vertex without an action and with
 *       it as its only successor is joined to that predecessor (cycles add up, the joined vertex
 *       ends as the second did);
 *   <li>MERGE elimination: the same join when the predecessor is a MERGE (its successor is not
 *       itself a MERGE: it has one predecessor);
 *   <li>branch elimination: of a DECISION's successors, two neighbours that are equivalent (same
 *       instructions, no action, same successors, one predecessor each) become one, their
 *       weights added; a DECISION left with one successor is a PASS.
 * </ul>
 * No vertex is joined to a following one with divider work ({@link Throughput}): the simulator pays a
 * thread's divider backlog where divider work begins, so joined, the first vertex's instructions
 * would overlap the second's divisions and cost less. (Joined to a vertex before it, divider work
 * overlaps the same instructions either way: the backlog it leaves shrinks by them.)
 * Why times stay identical: the simulator's work is fluid (a slice can end inside a vertex), an
 * action happens at its vertex's end in both forms, and a branch is drawn by its own key (the
 * bytecode index that ends it) from a cumulative interval, in which two neighbouring equivalent
 * successors cover one interval.
 */
public final class Optimizer {
    /** What the optimizations did. */
    public record Stats(int passes, int merges, int branches, int verticesBefore, int verticesAfter) {}

    private int passes, merges, branches;

    /** Optimizes {@code g} in place; returns what was done. */
    public Stats optimize(ExecutionGraph g) {
        int before = g.vertexCount();
        for (int m = 0; m < g.methods().size(); m++) {
            MethodGraph mg = g.methods().get(m);
            List<Vertex> vs = new ArrayList<>(mg.vertices());
            boolean changed = true;
            while (changed) {
                changed = eliminateBranches(vs);
                changed |= join(vs);
                vs = compact(vs);
            }
            g.methods().set(m, new MethodGraph(mg.id(), vs));
        }
        return new Stats(passes, merges, branches, before, g.vertexCount());
    }

    private boolean join(List<Vertex> vs) {
        boolean changed = false;
        for (int i = 0; i < vs.size(); i++) {
            Vertex a = vs.get(i);
            while (a != null && a.next.length == 1 && a.action == Action.NONE) {
                int j = a.next[0];
                if (j == 0 || j == i || vs.get(j) == null) break;
                int[] preds = predecessors(vs);
                if (preds[j] != 1) break;
                if (Throughput.usesDivider(vs.get(j))) break; // the simulator pays a thread's divider backlog where divider work begins
                if (preds[i] > 1) merges++;
                else passes++;
                Vertex b = vs.get(j);
                for (int k = 0; k < a.ops.length; k++) a.ops[k] += b.ops[k];
                for (int k = 0; k < a.chain.length; k++) a.chain[k] += b.chain[k]; // additive, so the joined vertex costs what the two did
                a.walks = concat(a.walks, b.walks); // so are walks: each access keeps its own
                a.action = b.action;
                a.key = b.key;
                a.end = b.end;
                a.targets = b.targets;
                a.targetWeights = b.targetWeights;
                a.next = b.next;
                a.weights = b.weights;
                a.loopStay = b.loopStay;
                a.trips = b.trips;
                for (int k = 0; k < a.next.length; k++) if (a.next[k] == j) a.next[k] = i; // b looped to itself
                vs.set(j, null);
                changed = true;
            }
        }
        return changed;
    }

    private boolean eliminateBranches(List<Vertex> vs) {
        boolean changed = false;
        int[] preds = predecessors(vs);
        for (Vertex d : vs) {
            if (d == null || d.next.length < 2 || d.loopStay >= 0) continue;
            for (int k = 0; k + 1 < d.next.length; k++) {
                int x = d.next[k], y = d.next[k + 1];
                if (x == y || x == 0 || y == 0 || preds[x] != 1 || preds[y] != 1 || !equivalent(vs.get(x), vs.get(y))) continue;
                d.weights[k] += d.weights[k + 1];
                d.next = remove(d.next, k + 1);
                d.weights = remove(d.weights, k + 1);
                vs.set(y, null);
                preds = predecessors(vs);
                branches++;
                changed = true;
                k--;
            }
        }
        return changed;
    }

    private static boolean equivalent(Vertex a, Vertex b) {
        return a != b && a.action == Action.NONE && b.action == Action.NONE && a.next.length <= 1 && Arrays.equals(a.ops, b.ops) && Arrays.equals(a.chain, b.chain)
                && Arrays.equals(a.walks, b.walks) && Arrays.equals(a.next, b.next) && a.loopStay < 0 && b.loopStay < 0;
    }

    private static Walk[] concat(Walk[] a, Walk[] b) {
        if (b.length == 0) return a;
        Walk[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    private static int[] remove(int[] a, int k) {
        int[] r = new int[a.length - 1];
        System.arraycopy(a, 0, r, 0, k);
        System.arraycopy(a, k + 1, r, k, a.length - k - 1);
        return r;
    }

    private static double[] remove(double[] a, int k) {
        double[] r = new double[a.length - 1];
        System.arraycopy(a, 0, r, 0, k);
        System.arraycopy(a, k + 1, r, k, a.length - k - 1);
        return r;
    }

    private static int[] predecessors(List<Vertex> vs) {
        int[] p = new int[vs.size()];
        for (Vertex v : vs) if (v != null) for (int n : v.next) p[n]++;
        return p;
    }

    /** Drops the eliminated (null) vertices and renumbers the edges. */
    private static List<Vertex> compact(List<Vertex> vs) {
        int[] map = new int[vs.size()];
        List<Vertex> out = new ArrayList<>();
        for (int i = 0; i < vs.size(); i++) {
            map[i] = vs.get(i) == null ? -1 : out.size();
            if (vs.get(i) != null) out.add(vs.get(i));
        }
        for (Vertex v : out) for (int k = 0; k < v.next.length; k++) v.next[k] = map[v.next[k]];
        return out;
    }
}
