package dev.wholetrace.simulate.tx.analysis;

import dev.wholetrace.simulate.tx.lang.Expr;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The trace affecting points (TAPs) of each TCP (§4.1): the statements storing a shared variable the
 * TCP's outcome depends on whose store can reach the TCP along a use-definition chain. A store reaches
 * when it may happen before the TCP: along the flow graph (state flows from task_create into the tasks,
 * and from a task's end into its task_terminate), or in another thread body that is not ordered after
 * the TCP (the two may run concurrently). Kills are ignored, which over-approximates the chains as the
 * SVD analyses do. A {@code lock} writes its lock (the acquire sets it), so the locks a lock competes
 * with are among its TAPs, as a test-and-set is in the intermediate form.
 *
 * <p>§4.1's example, Figure 11: the TAPs of task 0's busy-wait branch B are its own test-and-set A and
 * task 1's A and D ("the TAPs for TCP B0 are A0, A1 and D1").
 */
public final class AffectingPoints {
    private final Map<Integer, BitSet> taps = new LinkedHashMap<>();

    private AffectingPoints() {}

    /** The TAPs of every TCP of {@code sets}. */
    public static AffectingPoints of(TcpSets sets) throws TxException {
        Program p = sets.program();
        FlowGraph g = new FlowGraph(p);
        int n = p.statements().size();
        int[][] succ = new int[n][];
        for (int s = 0; s < n; s++) {
            succ[s] = g.dataSuccessors(s);
            Stmt st = p.statements().get(s);
            if (st instanceof Stmt.End && st.unit() != 0) succ[s] = new int[] {terminateOf(p, st)};
        }
        BitSet[] reach = new BitSet[n]; // reach[s]: statements reachable from s by a path of one edge or more
        for (int s = 0; s < n; s++) reach[s] = reachable(succ, s);
        int entry = p.body().get(0).id();
        BitSet live = reachable(succ, entry); // a store in code no execution reaches affects nothing
        live.set(entry);
        BitSet[] stored = storeMasks(p);
        AffectingPoints out = new AffectingPoints();
        for (int t = sets.tcp().nextSetBit(0); t >= 0; t = sets.tcp().nextSetBit(t + 1)) {
            BitSet on = sets.dependent()[t];
            Stmt tcp = p.statements().get(t);
            BitSet found = new BitSet();
            for (Stmt s : p.statements()) {
                if (!stored[s.id()].intersects(on) || !live.get(s.id())) continue;
                boolean before = reach[s.id()].get(t) || s.unit() != tcp.unit() && !reach[t].get(s.id());
                if (before) found.set(s.id());
            }
            out.taps.put(t, found);
        }
        return out;
    }

    /** Per statement, the shared variables and locks it stores, as bits by index in {@link Program#shared()}. */
    static BitSet[] storeMasks(Program p) {
        List<String> shared = new ArrayList<>(p.shared().keySet());
        BitSet[] masks = new BitSet[p.statements().size()];
        for (Stmt s : p.statements()) {
            masks[s.id()] = new BitSet();
            for (String v : stores(s, p.shared().keySet())) masks[s.id()].set(shared.indexOf(v));
        }
        return masks;
    }

    private static int terminateOf(Program p, Stmt end) {
        for (Stmt s : p.statements()) {
            if (!(s instanceof Stmt.TaskCreate tc)) continue;
            for (Stmt.Task k : tc.tasks) if (k.body().contains(end)) return tc.terminate.id();
        }
        throw new IllegalStateException("no task_create owns " + end.name());
    }

    private static BitSet reachable(int[][] succ, int from) {
        BitSet seen = new BitSet();
        java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>();
        for (int t : succ[from]) if (!seen.get(t)) { seen.set(t); q.add(t); }
        while (!q.isEmpty()) for (int t : succ[q.poll()]) if (!seen.get(t)) { seen.set(t); q.add(t); }
        return seen;
    }

    /** The shared variables (and locks) statement {@code s} stores to. */
    static Set<String> stores(Stmt s, Set<String> shared) {
        Set<String> out = new LinkedHashSet<>();
        if (s instanceof Stmt.Assign a) {
            String t = a.target instanceof Expr.Var v ? v.name() : ((Expr.Index) a.target).name();
            if (shared.contains(t)) out.add(t);
            testAndSets(a.value, out);
        } else if (s instanceof Stmt.IfGoto g) testAndSets(g.cond, out);
        else if (s instanceof Stmt.If f) testAndSets(f.cond, out);
        else if (s instanceof Stmt.Call c && c.function.equals("read")) {
            for (Expr e : c.args) if (e instanceof Expr.Var v && shared.contains(v.name())) out.add(v.name());
        } else if (s instanceof Stmt.Lock l) out.add(l.lock);
        else if (s instanceof Stmt.Unlock u) out.add(u.lock);
        return out;
    }

    /** Whether {@code e} holds a test-and-set. */
    static boolean hasTestAndSet(Expr e) {
        Set<String> locks = new LinkedHashSet<>();
        testAndSets(e, locks);
        return !locks.isEmpty();
    }

    private static void testAndSets(Expr e, Set<String> out) {
        if (e instanceof Expr.TestAndSet t) out.add(t.name());
        else if (e instanceof Expr.Bin b) {
            testAndSets(b.left(), out);
            testAndSets(b.right(), out);
        } else if (e instanceof Expr.Neg g) testAndSets(g.operand(), out);
    }

    /** The TAPs of TCP statement {@code tcp} (ids), empty for a statement that is not a TCP. */
    public BitSet of(int tcp) { return (BitSet) taps.getOrDefault(tcp, new BitSet()).clone(); }
}
