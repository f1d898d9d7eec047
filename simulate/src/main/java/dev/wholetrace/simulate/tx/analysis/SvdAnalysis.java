package dev.wholetrace.simulate.tx.analysis;

import dev.wholetrace.simulate.tx.lang.Expr;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The shared-variable-dependence (SVD) analyses of §8 that locate TCPs. A state maps each SVD variable
 * to the shared variables it depends on (so the §11 {@code dependent} vector of a TCP comes out with
 * it); a variable absent from the map is not SVD. Shared variables depend on themselves. Assignments
 * generate and kill (§8.2.1), a conditional or loop whose condition is SVD makes every definition in
 * its body SVD (indirect dependence, the "flag"), arrays are one variable each and never killed
 * (footnote 20's conservative choice). TCPs: begin, task_create and lock statements (§4.1, §4.4),
 * conditionals and loops with an SVD condition, and statements whose array index is SVD.
 *
 * <p>{@link #worklist} is the data-flow algorithm of §8.4 (a union problem on the statement graph,
 * iterated to a fixed point); {@link #svdGraph} the approximation of §8.5 (one pass, each loop
 * summarised by its SVD graph, Figures 32–35), whose TCPs contain the worklist's.
 */
public final class SvdAnalysis {
    private final Program p;
    private final FlowGraph st;
    private final Map<String, Integer> sharedIndex = new LinkedHashMap<>();
    private final int n;
    private final BitSet[] condDeps;
    private final List<Map<String, BitSet>> before;
    private long passes;
    /** Worklist: per conditional or loop, the visit of it on which its condition was first found SVD (0: never). */
    private int[] foundOnVisit;
    /** For the SVD-graph analysis of a structured program: the calls it summarises (§8.6), else null. */
    private PureCalls pure;
    private final Map<String, Map<String, BitSet>> procedureEntry = new HashMap<>();
    private final Map<String, BitSet> procedureControl = new HashMap<>();
    private final java.util.Set<PureCalls.Call> entered = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    private final Map<String, Integer> summaries = new LinkedHashMap<>();

    private SvdAnalysis(Program p) throws TxException {
        this.p = p;
        this.st = new FlowGraph(p);
        for (String s : p.shared().keySet()) sharedIndex.put(s, sharedIndex.size());
        n = p.statements().size();
        condDeps = new BitSet[n];
        before = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            condDeps[i] = new BitSet();
            before.add(null);
        }
    }

    // ---------------------------------------------------------------- shared helpers

    private Map<String, BitSet> initial() {
        Map<String, BitSet> m = new TreeMap<>();
        for (Map.Entry<String, Integer> e : sharedIndex.entrySet()) {
            BitSet b = new BitSet();
            b.set(e.getValue());
            m.put(e.getKey(), b);
        }
        return m;
    }

    private static Map<String, BitSet> copy(Map<String, BitSet> m) {
        Map<String, BitSet> c = new TreeMap<>();
        for (Map.Entry<String, BitSet> e : m.entrySet()) c.put(e.getKey(), (BitSet) e.getValue().clone());
        return c;
    }

    private static void union(Map<String, BitSet> into, Map<String, BitSet> from) {
        for (Map.Entry<String, BitSet> e : from.entrySet()) into.computeIfAbsent(e.getKey(), k -> new BitSet()).or(e.getValue());
    }

    /** Shared variables {@code e}'s value depends on in {@code s}. */
    private static BitSet deps(Expr e, Map<String, BitSet> s) {
        BitSet b = new BitSet();
        for (String v : vars(e)) {
            BitSet d = s.get(v);
            if (d != null) b.or(d);
        }
        return b;
    }

    /**
     * The variables a loop's iterations depend on: its start value's, and its condition's and step's
     * other than the loop variable (whose value at each test they determine, from the start value).
     * When the body assigns the loop variable, its value at a test also comes round the back edge from
     * the body, so the loop variable is one of them too (and, being in the condition's dependences, the
     * loop's own definition of it no longer kills what the body gave it).
     */
    static List<String> loopVars(Stmt.For f) {
        boolean assigned = assigns(f.body, f.var);
        List<String> out = vars(f.from);
        for (Expr e : List.of(f.cond, f.step)) for (String v : vars(e)) if (assigned || !v.equals(f.var)) out.add(v);
        return out;
    }

    /** {@link #loopVars} and the loop variable: what a loop's body is control dependent on (Figure 32's V). */
    private static List<String> testedBy(Stmt.For f) {
        List<String> t = loopVars(f);
        t.add(f.var);
        return t;
    }

    /** Whether {@code block} (nested statements included, a task's body not: a task has its own copy) assigns local {@code v}. */
    static boolean assigns(List<Stmt> block, String v) {
        for (Stmt s : block) {
            if (s instanceof Stmt.Assign a && a.target instanceof Expr.Var t && t.name().equals(v)) return true;
            if (s instanceof Stmt.Call c && c.function.equals("read") && c.args.stream().anyMatch(e -> e instanceof Expr.Var r && r.name().equals(v))) return true;
            if (s instanceof Stmt.If f && (assigns(f.then, v) || assigns(f.otherwise, v))) return true;
            if (s instanceof Stmt.For f && (f.var.equals(v) || assigns(f.body, v))) return true;
        }
        return false;
    }

    /** Every variable name {@code e} reads (array names and index variables included). */
    static List<String> vars(Expr e) {
        List<String> out = new ArrayList<>();
        collect(e, out);
        return out;
    }

    private static void collect(Expr e, List<String> out) {
        if (e instanceof Expr.Var v) out.add(v.name());
        else if (e instanceof Expr.Index i) {
            out.add(i.name());
            collect(i.index(), out);
        } else if (e instanceof Expr.Bin b) {
            collect(b.left(), out);
            collect(b.right(), out);
        } else if (e instanceof Expr.Neg g) collect(g.operand(), out);
        else if (e instanceof Expr.TestAndSet t) out.add(t.name());
    }

    private static void indexes(Expr e, List<Expr> out) {
        if (e instanceof Expr.Index i) {
            out.add(i.index());
            indexes(i.index(), out);
        } else if (e instanceof Expr.Bin b) {
            indexes(b.left(), out);
            indexes(b.right(), out);
        } else if (e instanceof Expr.Neg g) indexes(g.operand(), out);
    }

    /** Array index expressions of statement {@code s}. */
    private static List<Expr> indexExprs(Stmt s) {
        List<Expr> out = new ArrayList<>();
        if (s instanceof Stmt.Assign a) {
            indexes(a.value, out);
            indexes(a.target, out);
        } else if (s instanceof Stmt.If f) indexes(f.cond, out);
        else if (s instanceof Stmt.IfGoto g) indexes(g.cond, out);
        else if (s instanceof Stmt.For f) {
            for (Expr e : f.operands()) indexes(e, out);
        } else if (s instanceof Stmt.Call c) for (Expr e : c.args) indexes(e, out);
        return out;
    }

    private boolean isShared(String v) { return sharedIndex.containsKey(v); }

    /** Applies {@code s}'s definitions to {@code m} given control dependence {@code ctrl}; {@code kill} allows kills. */
    private void define(Stmt s, Map<String, BitSet> m, BitSet ctrl, boolean kill) {
        if (s instanceof Stmt.Assign a) {
            BitSet d = deps(a.value, m);
            d.or(ctrl);
            if (a.target instanceof Expr.Var v) {
                if (isShared(v.name())) return;
                if (d.isEmpty()) {
                    if (kill) m.remove(v.name());
                } else if (kill) m.put(v.name(), d);
                else m.computeIfAbsent(v.name(), k -> new BitSet()).or(d);
            } else if (a.target instanceof Expr.Index ix) {
                d.or(deps(ix.index(), m));
                if (!d.isEmpty()) m.computeIfAbsent(ix.name(), k -> new BitSet()).or(d);
            }
        } else if (s instanceof Stmt.Call c && c.function.equals("read")) {
            for (Expr e : c.args) {
                String v = ((Expr.Var) e).name();
                if (isShared(v)) continue;
                if (ctrl.isEmpty()) {
                    if (kill) m.remove(v);
                } else m.computeIfAbsent(v, k -> new BitSet()).or(ctrl);
            }
        }
    }

    private BitSet condOf(Stmt s, Map<String, BitSet> m) {
        if (s instanceof Stmt.If f) return deps(f.cond, m);
        if (s instanceof Stmt.IfGoto g) return deps(g.cond, m);
        if (s instanceof Stmt.For f) {
            BitSet b = new BitSet();
            for (String v : loopVars(f)) {
                BitSet d = m.get(v);
                if (d != null) b.or(d);
            }
            return b;
        }
        return new BitSet();
    }

    private TcpSets result(String method) {
        BitSet tcp = new BitSet();
        int[] cp = new int[n];
        java.util.Arrays.fill(cp, -1);
        BitSet[] dependent = new BitSet[n];
        for (Stmt s : p.statements()) {
            int id = s.id();
            dependent[id] = new BitSet();
            Map<String, BitSet> in = before.get(id);
            if (in == null) continue; // unreachable
            boolean isTcp = false;
            if (s instanceof Stmt.Begin || s instanceof Stmt.TaskCreate) isTcp = true;
            else if (s instanceof Stmt.Lock l) {
                isTcp = true;
                dependent[id].set(sharedIndex.get(l.lock));
            } else if (s instanceof Stmt.If || s instanceof Stmt.For || s instanceof Stmt.IfGoto) {
                if (!condDeps[id].isEmpty()) {
                    isTcp = true;
                    dependent[id].or(condDeps[id]);
                }
            }
            for (Expr ix : indexExprs(s)) {
                BitSet d = deps(ix, in);
                if (!d.isEmpty()) {
                    isTcp = true;
                    dependent[id].or(d);
                }
            }
            if (!isTcp) continue;
            tcp.set(id);
            if (s instanceof Stmt.Begin) cp[id] = p.body().get(p.body().size() - 1).id();
            else if (s instanceof Stmt.TaskCreate t) cp[id] = t.terminate.id();
            else cp[id] = st.convergence(id);
        }
        List<Map<String, BitSet>> b = new ArrayList<>();
        for (Map<String, BitSet> m : before) b.add(m == null ? Map.of() : java.util.Collections.unmodifiableMap(m));
        return new TcpSets(p, method, tcp, cp, dependent, b, passes, Map.copyOf(summaries), foundOnVisit == null ? new int[n] : foundOnVisit);
    }

    // ---------------------------------------------------------------- §8.4 worklist

    /** The worklist data-flow algorithm of §8.4. */
    public static TcpSets worklist(Program p) throws TxException {
        return new SvdAnalysis(p).runWorklist();
    }

    private TcpSets runWorklist() {
        List<List<Integer>> succ = new ArrayList<>(), preds = new ArrayList<>();
        List<List<Integer>> bodyOf = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            preds.add(new ArrayList<>());
            bodyOf.add(new ArrayList<>());
        }
        for (Stmt s : p.statements()) {
            int id = s.id();
            for (int c : st.enclosing(id)) bodyOf.get(c).add(id);
            // A task's end has no successor: its state stays in the task (tasks copy the parent's locals).
            succ.add(java.util.Arrays.stream(st.dataSuccessors(id)).boxed().toList());
        }
        for (int i = 0; i < n; i++) for (int s : succ.get(i)) preds.get(s).add(i);
        List<Map<String, BitSet>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(null);
        ArrayDeque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        int[] visits = new int[n];
        foundOnVisit = new int[n];
        int entry = p.body().get(0).id();
        work.add(entry);
        queued[entry] = true;
        while (!work.isEmpty()) {
            int id = work.poll();
            queued[id] = false;
            passes++;
            visits[id]++;
            Stmt s = p.statements().get(id);
            Map<String, BitSet> in = id == entry ? initial() : null;
            for (int q : preds.get(id)) {
                Map<String, BitSet> o = out.get(q);
                if (o == null) continue;
                if (in == null) in = copy(o);
                else union(in, o);
            }
            if (in == null) continue;
            before.set(id, copy(in));
            BitSet ctrl = new BitSet();
            for (int c : st.enclosing(id)) ctrl.or(condDeps[c]);
            BitSet cd = condOf(s, in);
            if (s instanceof Stmt.For f) {
                // Not a kill when the body assigns f.var: cd then holds what f.var brings round the back edge.
                BitSet d = (BitSet) cd.clone();
                d.or(ctrl);
                if (d.isEmpty()) in.remove(f.var);
                else in.put(f.var, d);
            }
            define(s, in, ctrl, true);
            BitSet old = (BitSet) condDeps[id].clone();
            condDeps[id].or(cd);
            if (old.isEmpty() && !cd.isEmpty()) foundOnVisit[id] = visits[id];
            if (!old.equals(condDeps[id])) {
                for (int b : bodyOf.get(id)) if (!queued[b]) { work.add(b); queued[b] = true; }
            }
            if (!in.equals(out.get(id))) {
                out.set(id, in);
                for (int x : succ.get(id)) if (!queued[x]) { work.add(x); queued[x] = true; }
            }
        }
        return result("worklist");
    }

    // ---------------------------------------------------------------- §8.5 SVD graph

    /** The one-pass approximation of §8.5: each loop summarised by its SVD graph (Figures 32, 34, 35). */
    public static TcpSets svdGraph(Program p) throws TxException {
        SvdAnalysis a = new SvdAnalysis(p);
        if (p.intermediate()) a.approximateOnGraph();
        else {
            a.pure = PureCalls.of(p);
            a.approximate(p.body(), a.initial(), new BitSet());
            a.summarise();
        }
        return a.result("svd-graph");
    }

    /**
     * A side-effect-free procedure's call (§8.6): its arguments are passed in a copy of the caller's
     * state, which joins the union of the states at every call; the caller's state is left as it was.
     */
    private void enter(PureCalls.Call call, Map<String, BitSet> state, BitSet ctrl) {
        Map<String, BitSet> entry = copy(state);
        for (Stmt pass : call.passing()) {
            passes++;
            before.set(pass.id(), copy(entry));
            define(pass, entry, ctrl, true);
        }
        joinEntry(call, entry, ctrl);
    }

    private void joinEntry(PureCalls.Call call, Map<String, BitSet> entry, BitSet ctrl) {
        Map<String, BitSet> union = procedureEntry.get(call.procedure());
        if (union == null) procedureEntry.put(call.procedure(), copy(entry));
        else union(union, entry);
        procedureControl.computeIfAbsent(call.procedure(), k -> new BitSet()).or(ctrl);
        entered.add(call);
    }

    /**
     * §8.6's summary: each side-effect-free procedure's body is walked once, from the union of the
     * states at its calls, and every call's copy of the body gets the sets of that one walk.
     */
    private void summarise() {
        for (Map.Entry<String, List<PureCalls.Call>> e : pure.byProcedure.entrySet()) {
            Map<String, BitSet> entry = procedureEntry.get(e.getKey());
            if (entry == null) continue; // never called on a reachable path
            List<PureCalls.Call> calls = e.getValue().stream().filter(entered::contains).toList();
            PureCalls.Call first = calls.get(0);
            approximate(first.body(), copy(entry), procedureControl.get(e.getKey()));
            for (PureCalls.Call other : calls.subList(1, calls.size())) {
                for (int k = 0; k < first.bodyIds().length; k++) {
                    int from = first.bodyIds()[k], to = other.bodyIds()[k];
                    before.set(to, before.get(from) == null ? null : copy(before.get(from)));
                    condDeps[to].or(condDeps[from]);
                }
            }
            summaries.put(e.getKey(), calls.size());
        }
    }

    /**
     * §8.5 on the intermediate form, where loops are written with goto: a loop is a strongly connected
     * component of the flow graph instead of a for statement. Components are visited once, in
     * topological order; a statement outside loops generates and kills as in Figure 34, a loop is
     * summarised by its SVD graph as do_svdgraph does (edges from each definition's operands and from
     * the variables tested by the loop's own conditionals it depends on), and the merge of paths is the
     * union of their states, as Figure 34 merges an if's two branches. On a goto program whose loops
     * are single-entry (A2's "structured use" of goto) this is the same approximation.
     */
    private void approximateOnGraph() {
        int[][] dsucc = new int[n][];
        List<List<Integer>> preds = new ArrayList<>();
        for (int i = 0; i < n; i++) preds.add(new ArrayList<>());
        for (int i = 0; i < n; i++) {
            dsucc[i] = st.dataSuccessors(i);
            for (int t : dsucc[i]) preds.get(t).add(i);
        }
        int entry = p.body().get(0).id();
        List<int[]> components = Components.topological(dsucc, entry);
        int[] component = new int[n];
        java.util.Arrays.fill(component, -1);
        for (int c = 0; c < components.size(); c++) for (int s : components.get(c)) component[s] = c;
        List<Map<String, BitSet>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(null);
        for (int c = 0; c < components.size(); c++) {
            int[] members = components.get(c);
            Map<String, BitSet> in = null;
            for (int s : members) {
                if (s == entry) in = initial();
                for (int q : preds.get(s)) {
                    if (component[q] == c || out.get(q) == null) continue;
                    if (in == null) in = copy(out.get(q));
                    else union(in, out.get(q));
                }
            }
            if (in == null) continue;
            boolean loop = members.length > 1 || java.util.Arrays.stream(dsucc[members[0]]).anyMatch(t -> t == members[0]);
            if (!loop) {
                int s = members[0];
                Stmt stmt = p.statements().get(s);
                passes++;
                before.set(s, copy(in));
                condDeps[s].or(condOf(stmt, in));
                define(stmt, in, control(s, -1, component), true); // a for is never here: it is in a cycle with its body
                out.set(s, in);
                continue;
            }
            Map<String, List<String>> edges = new HashMap<>();
            for (int s : members) {
                passes++;
                Stmt stmt = p.statements().get(s);
                List<String> lhs = new ArrayList<>(), rhs = new ArrayList<>();
                for (int e : st.enclosing(s)) if (component[e] == c) rhs.addAll(tested(p.statements().get(e)));
                operands(stmt, lhs, rhs);
                if (stmt instanceof Stmt.For f) {
                    lhs.add(f.var);
                    rhs.addAll(tested(f));
                }
                edges(lhs, rhs, edges, in, control(s, c, component));
            }
            close(in, edges);
            for (int s : members) {
                passes++;
                before.set(s, copy(in));
                condDeps[s].or(condOf(p.statements().get(s), in));
                out.set(s, in);
            }
        }
    }

    /** The variables a conditional tests (a for also its own variable). */
    private static List<String> tested(Stmt s) {
        List<String> t = new ArrayList<>();
        if (s instanceof Stmt.If f) t.addAll(vars(f.cond));
        else if (s instanceof Stmt.IfGoto g) t.addAll(vars(g.cond));
        else if (s instanceof Stmt.For f) t.addAll(testedBy(f));
        return t;
    }

    /** Shared dependences of the conditionals {@code s} is control dependent on outside component {@code inside}. */
    private BitSet control(int s, int inside, int[] component) {
        BitSet ctrl = new BitSet();
        for (int e : st.enclosing(s)) if (component[e] != inside || inside < 0) ctrl.or(condDeps[e]);
        return ctrl;
    }

    /** Approximate_TCPs (Figure 34) over a block; returns the state after it. */
    private Map<String, BitSet> approximate(List<Stmt> block, Map<String, BitSet> state, BitSet ctrl) {
        for (int i = 0; i < block.size(); i++) {
            Stmt s = block.get(i);
            PureCalls.Call call = pure == null ? null : pure.byHead.get(s.id());
            if (call != null) {
                enter(call, state, ctrl);
                i += call.length() - 1;
                continue;
            }
            passes++;
            before.set(s.id(), copy(state));
            if (s instanceof Stmt.If f) {
                BitSet cd = deps(f.cond, state);
                condDeps[f.id()].or(cd);
                BitSet inner = (BitSet) ctrl.clone();
                inner.or(cd);
                Map<String, BitSet> l = approximate(f.then, copy(state), inner);
                if (f.elseStmt != null) before.set(f.elseStmt.id(), copy(state));
                Map<String, BitSet> r = approximate(f.otherwise, copy(state), inner);
                union(state, l);
                union(state, r);
            } else if (s instanceof Stmt.For f) {
                Map<String, BitSet> loop = loopState(f, state, ctrl);
                doCode(List.of(f), loop, ctrl);
                union(state, loop);
            } else if (s instanceof Stmt.TaskCreate t) {
                for (Stmt.Task k : t.tasks) approximate(k.body(), copy(state), new BitSet());
                before.set(t.terminate.id(), copy(state));
            } else define(s, state, ctrl, true);
        }
        return state;
    }

    /**
     * do_svdgraph (Figure 35): the loop's SVD graph (an edge u→v when v is defined from u, or inside a
     * conditional or loop of the body that tests u, Figure 32), then every variable reachable from an
     * SVD variable is SVD throughout the loop, with the union of its sources' shared dependences.
     */
    private Map<String, BitSet> loopState(Stmt.For loop, Map<String, BitSet> entry, BitSet ctrl) {
        Map<String, List<String>> edges = new HashMap<>();
        Map<String, BitSet> state = copy(entry);
        graph(List.of(loop), new ArrayList<>(), edges, state, ctrl);
        close(state, edges);
        return state;
    }

    /** Every variable reachable in the SVD graph {@code edges} from one that depends on a shared variable depends on it too. */
    private void close(Map<String, BitSet> state, Map<String, List<String>> edges) {
        for (Map.Entry<String, Integer> sv : sharedIndex.entrySet()) {
            int k = sv.getValue();
            ArrayDeque<String> q = new ArrayDeque<>();
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (Map.Entry<String, BitSet> e : state.entrySet()) if (e.getValue().get(k)) { q.add(e.getKey()); seen.add(e.getKey()); }
            while (!q.isEmpty()) {
                String u = q.poll();
                for (String v : edges.getOrDefault(u, List.of())) {
                    if (seen.add(v)) {
                        state.computeIfAbsent(v, x -> new BitSet()).set(k);
                        q.add(v);
                    }
                }
            }
        }
    }

    /** An assignment's or read's defined variables into {@code lhs}, the variables they are computed from into {@code rhs}. */
    private static void operands(Stmt s, List<String> lhs, List<String> rhs) {
        if (s instanceof Stmt.Assign a) {
            rhs.addAll(vars(a.value));
            if (a.target instanceof Expr.Var v) lhs.add(v.name());
            else {
                Expr.Index ix = (Expr.Index) a.target;
                lhs.add(ix.name());
                rhs.addAll(vars(ix.index()));
            }
        } else if (s instanceof Stmt.Call c && c.function.equals("read")) {
            for (Expr e : c.args) lhs.add(((Expr.Var) e).name());
        }
    }

    /** Figure 32's edges: every local in {@code lhs} is defined from every variable in {@code rhs}, under {@code ctrl}. */
    private void edges(List<String> lhs, List<String> rhs, Map<String, List<String>> edges, Map<String, BitSet> state, BitSet ctrl) {
        for (String l : lhs) {
            if (isShared(l)) continue;
            if (!ctrl.isEmpty()) state.computeIfAbsent(l, x -> new BitSet()).or(ctrl);
            for (String r : rhs) if (!r.equals(l)) edges.computeIfAbsent(r, x -> new ArrayList<>()).add(l);
        }
    }

    /** Compute_svd_graph (Figure 32): edges of a block, {@code tested} the variables of enclosing conditions. */
    private void graph(List<Stmt> block, List<String> tested, Map<String, List<String>> edges, Map<String, BitSet> state, BitSet ctrl) {
        for (Stmt s : withoutPureBodies(block)) {
            passes++;
            List<String> lhs = new ArrayList<>(), rhs = new ArrayList<>(tested);
            operands(s, lhs, rhs);
            if (s instanceof Stmt.If f) {
                List<String> t = new ArrayList<>(tested);
                t.addAll(vars(f.cond));
                graph(f.then, t, edges, state, ctrl);
                graph(f.otherwise, t, edges, state, ctrl);
            } else if (s instanceof Stmt.For f) {
                List<String> t = new ArrayList<>(tested);
                t.addAll(testedBy(f));
                lhs.add(f.var);
                rhs.addAll(loopVars(f));
                graph(f.body, t, edges, state, ctrl);
            }
            edges(lhs, rhs, edges, state, ctrl);
        }
    }

    /**
     * {@code block} without the bodies of side-effect-free calls: a body defines only its parameters,
     * which nothing outside it reads, so passing the arguments is the call's whole part in a loop's SVD graph.
     */
    private List<Stmt> withoutPureBodies(List<Stmt> block) {
        if (pure == null) return block;
        List<Stmt> out = new ArrayList<>(block.size());
        for (int i = 0; i < block.size(); i++) {
            Stmt s = block.get(i);
            out.add(s);
            PureCalls.Call call = pure.byHead.get(s.id());
            if (call == null) continue;
            out.addAll(call.passing().subList(1, call.passing().size()));
            i += call.length() - 1;
        }
        return out;
    }

    /** do_code (Figure 35): records the loop state for every statement of the loop and its conditions. */
    private void doCode(List<Stmt> block, Map<String, BitSet> loop, BitSet ctrl) {
        for (int i = 0; i < block.size(); i++) {
            Stmt s = block.get(i);
            PureCalls.Call call = pure == null ? null : pure.byHead.get(s.id());
            if (call != null) { // in a loop, the call's entry state is the loop's
                for (Stmt pass : call.passing()) {
                    passes++;
                    before.set(pass.id(), copy(loop));
                }
                joinEntry(call, loop, ctrl);
                i += call.length() - 1;
                continue;
            }
            passes++;
            before.set(s.id(), copy(loop));
            if (s instanceof Stmt.If f) {
                condDeps[f.id()].or(deps(f.cond, loop));
                if (f.elseStmt != null) before.set(f.elseStmt.id(), copy(loop));
                doCode(f.then, loop, ctrl);
                doCode(f.otherwise, loop, ctrl);
            } else if (s instanceof Stmt.For f) {
                condDeps[f.id()].or(condOf(f, loop));
                doCode(f.body, loop, ctrl);
            } else if (s instanceof Stmt.TaskCreate t) {
                // Tasks created in a loop start from the loop's state, as Figure 34 starts them from the state before.
                for (Stmt.Task k : t.tasks) approximate(k.body(), copy(loop), new BitSet());
                before.set(t.terminate.id(), copy(loop));
            }
        }
    }
}
