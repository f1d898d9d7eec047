package dev.wholetrace.simulate.tx.analysis;

import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The statement-level control flow graph the analyses share, for the structured and the intermediate
 * (goto) form alike. Per statement: its fall-through (the statement that runs next after it and
 * everything nested in it: the next statement of its block, else its enclosing if's fall-through, else
 * its enclosing for, which re-tests), its successors in its own thread body, the conditionals it is
 * control dependent on (transitively: the "enclosing" conditionals of a structured program), and its
 * convergence point, the immediate post-dominator (where the paths from a conditional meet again).
 *
 * <p>Control dependence and post-dominators are computed on the graph (Cooper, Harvey and Kennedy's
 * iterative dominator algorithm on the reversed graph, then Ferrante, Ottenstein and Warren's walk up
 * the post-dominator tree), so a goto loop ({@code F: k = k + 1; G: if k < aval goto F}) gets the same
 * treatment as a {@code for}: on a structured program they give exactly the syntactic nesting and the
 * fall-through, which is what §8 states its algorithms on. Each thread body is a graph of its own
 * ({@code task_create} continues at its {@code task_terminate}); {@link #dataSuccessors} adds the edges
 * along which state flows between bodies (task_create to each task's first statement).
 */
public final class FlowGraph {
    final Program program;
    private final int n;
    /** Fall-through by statement id (-1 for the program's end and a task's end). */
    private final int[] fallThrough;
    /** Successors within the statement's thread body (-1 is the body's exit). */
    private final int[][] succ;
    /** Successors along which state flows: {@link #succ} without the exit, and task_create's tasks. */
    private final int[][] data;
    /** Conditionals each statement is (transitively) control dependent on, ascending ids. */
    private final int[][] enclosing;
    /** Immediate post-dominator by statement id, -1 where it is the thread body's exit. */
    private final int[] ipdom;

    public FlowGraph(Program p) throws TxException {
        program = p;
        n = p.statements().size();
        fallThrough = new int[n];
        Arrays.fill(fallThrough, -1);
        walk(p.body(), -1);
        succ = new int[n][];
        Map<String, Integer> labels = new HashMap<>();
        for (Stmt s : p.statements()) if (s.label() != null) labels.putIfAbsent(s.unit() + ":" + s.label(), s.id());
        for (Stmt s : p.statements()) succ[s.id()] = successors(s, labels);
        data = new int[n][];
        for (Stmt s : p.statements()) data[s.id()] = dataSuccessorsOf(s);
        ipdom = postDominators();
        enclosing = controlDependence();
    }

    private void walk(List<Stmt> block, int after) {
        for (int i = 0; i < block.size(); i++) {
            Stmt s = block.get(i);
            int next = i + 1 < block.size() ? block.get(i + 1).id() : after;
            fallThrough[s.id()] = next;
            if (s instanceof Stmt.If f) {
                walk(f.then, next);
                if (f.elseStmt != null) fallThrough[f.elseStmt.id()] = f.otherwise.isEmpty() ? next : f.otherwise.get(0).id();
                walk(f.otherwise, next);
            } else if (s instanceof Stmt.For f) {
                walk(f.body, f.id());
            } else if (s instanceof Stmt.TaskCreate t) {
                fallThrough[s.id()] = t.terminate.id();
                fallThrough[t.terminate.id()] = next;
                for (Stmt.Task k : t.tasks) walk(k.body(), -1);
            }
        }
    }

    private int[] successors(Stmt s, Map<String, Integer> labels) throws TxException {
        int next = fallThrough[s.id()];
        if (s instanceof Stmt.If f) {
            int t = f.then.isEmpty() ? next : f.then.get(0).id();
            int e = f.elseStmt != null ? f.elseStmt.id() : !f.otherwise.isEmpty() ? f.otherwise.get(0).id() : next;
            return new int[] {t, e};
        }
        if (s instanceof Stmt.For f) return new int[] {f.body.isEmpty() ? f.id() : f.body.get(0).id(), next};
        if (s instanceof Stmt.End) return new int[] {-1};
        if (s instanceof Stmt.Goto g) return new int[] {target(s, g.target, labels)};
        if (s instanceof Stmt.IfGoto g) return new int[] {target(s, g.target, labels), next};
        return new int[] {next};
    }

    private static int target(Stmt s, String label, Map<String, Integer> labels) throws TxException {
        Integer t = labels.get(s.unit() + ":" + label);
        if (t == null) throw new TxException(s.line(), s.col(), "goto " + label + ": no statement labelled " + label + " in this thread body");
        return t;
    }

    /** Immediate post-dominators: dominators of the reversed graph, rooted at a virtual exit (index n). */
    private int[] postDominators() {
        List<List<Integer>> preds = new ArrayList<>(); // predecessors in the forward graph, by node (exit = n)
        for (int i = 0; i <= n; i++) preds.add(new ArrayList<>());
        for (int s = 0; s < n; s++) for (int t : succ[s]) preds.get(t < 0 ? n : t).add(s);
        // Postorder of a depth-first search from the exit along reversed edges.
        int[] order = new int[n + 1];
        int[] post = new int[n + 1];
        Arrays.fill(post, -1);
        int count = 0;
        int[] stack = new int[n + 1], next = new int[n + 1];
        boolean[] seen = new boolean[n + 1];
        int sp = 0;
        stack[sp++] = n;
        seen[n] = true;
        while (sp > 0) {
            int v = stack[sp - 1];
            List<Integer> ps = preds.get(v);
            if (next[v] < ps.size()) {
                int w = ps.get(next[v]++);
                if (!seen[w]) {
                    seen[w] = true;
                    stack[sp++] = w;
                }
            } else {
                sp--;
                post[v] = count;
                order[count++] = v;
            }
        }
        int[] idom = new int[n + 1];
        Arrays.fill(idom, -2);
        idom[n] = n;
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int k = count - 2; k >= 0; k--) { // reverse postorder, the exit (last) excluded
                int v = order[k];
                int d = -2;
                for (int w : succ[v]) {
                    int x = w < 0 ? n : w;
                    if (idom[x] == -2) continue;
                    d = d == -2 ? x : intersect(d, x, idom, post);
                }
                if (d != idom[v]) {
                    idom[v] = d;
                    changed = true;
                }
            }
        }
        int[] out = new int[n];
        for (int s = 0; s < n; s++) out[s] = idom[s] < 0 || idom[s] == n ? -1 : idom[s];
        return out;
    }

    private static int intersect(int a, int b, int[] idom, int[] post) {
        while (a != b) {
            while (post[a] < post[b]) a = idom[a];
            while (post[b] < post[a]) b = idom[b];
        }
        return a;
    }

    /** For every statement the branching statements it is control dependent on, closed transitively. */
    private int[][] controlDependence() {
        BitSet[] cd = new BitSet[n];
        for (int i = 0; i < n; i++) cd[i] = new BitSet();
        for (int a = 0; a < n; a++) {
            if (succ[a].length < 2) continue;
            for (int b : succ[a]) {
                for (int r = b; r >= 0 && r != ipdom[a]; r = ipdom[r]) cd[r].set(a);
            }
        }
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int s = 0; s < n; s++) {
                BitSet closed = (BitSet) cd[s].clone();
                for (int c = cd[s].nextSetBit(0); c >= 0; c = cd[s].nextSetBit(c + 1)) closed.or(cd[c]);
                if (!closed.equals(cd[s])) {
                    cd[s] = closed;
                    changed = true;
                }
            }
        }
        int[][] out = new int[n][];
        for (int s = 0; s < n; s++) out[s] = cd[s].stream().toArray();
        return out;
    }

    /** The statement after {@code s} and everything nested in it, -1 at the end of a thread body. */
    public int fallThrough(int s) { return fallThrough[s]; }

    /** Successors of {@code s} in its thread body; -1 stands for the body's exit. */
    public int[] successors(int s) { return succ[s].clone(); }

    /** Successors along which state flows: those in the thread body, and task_create's tasks' first statements (shared: not to be changed). */
    int[] dataSuccessors(int s) { return data[s]; }

    private int[] dataSuccessorsOf(Stmt st) {
        List<Integer> out = new ArrayList<>();
        for (int t : succ[st.id()]) if (t >= 0) out.add(t);
        if (st instanceof Stmt.TaskCreate tc) for (Stmt.Task k : tc.tasks) out.add(k.body().get(0).id());
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The branching statements (if, for, if-goto) {@code s} is control dependent on, directly or not. */
    public int[] enclosing(int s) { return enclosing[s]; }

    /** Where the paths leaving {@code s} meet again (its immediate post-dominator), -1 at the thread body's exit. */
    public int convergence(int s) { return ipdom[s]; }
}
