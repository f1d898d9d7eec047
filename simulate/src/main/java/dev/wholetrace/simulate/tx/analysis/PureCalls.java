package dev.wholetrace.simulate.tx.analysis;

import dev.wholetrace.simulate.tx.lang.Expr;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The inlined calls of side-effect-free procedures (§8.6), which the SVD-graph analysis summarises
 * instead of walking at every call. A procedure is side-effect free when its body (and what it calls)
 * assigns nothing but parameters — no shared variable, array, lock, read() or caller's local — so a
 * call leaves the caller's SVD state as it was. Only calls made outside procedures are summarised;
 * a call inside a body is part of that body.
 */
final class PureCalls {
    /**
     * One call: the statements passing its arguments (the first named as the call), the body's
     * statements at the call's block level, and every statement id of the body, nested ones included,
     * in program order (the same order at every call, so the k-th of two calls are the same statement).
     */
    record Call(String procedure, List<Stmt> passing, List<Stmt> body, int[] bodyIds) {
        int length() { return passing.size() + body.size(); }
    }

    /** Side-effect-free calls by the id of their first statement. */
    final Map<Integer, Call> byHead = new HashMap<>();
    /** The side-effect-free procedures' calls, in program order. */
    final Map<String, List<Call>> byProcedure = new LinkedHashMap<>();

    private PureCalls() {}

    static PureCalls of(Program p) {
        PureCalls out = new PureCalls();
        Map<String, List<Call>> all = new LinkedHashMap<>();
        Map<String, Boolean> pure = new HashMap<>();
        out.scan(p.body(), all, pure, p.shared().keySet());
        all.forEach((proc, calls) -> {
            if (!pure.get(proc)) return;
            out.byProcedure.put(proc, calls);
            for (Call c : calls) out.byHead.put(c.passing().get(0).id(), c);
        });
        return out;
    }

    private void scan(List<Stmt> block, Map<String, List<Call>> all, Map<String, Boolean> pure, Set<String> shared) {
        for (int i = 0; i < block.size(); i++) {
            Stmt s = block.get(i);
            if (s.calls() != null && s.procedure() == null) {
                List<Stmt> passing = block.subList(i, i + s.callPassing()), body = block.subList(i + s.callPassing(), i + s.callLength());
                int j = i + s.callLength();
                List<Integer> ids = new ArrayList<>();
                boolean clean = true;
                for (Stmt b : body) clean &= collect(b, ids, shared);
                ids.sort(null);
                all.computeIfAbsent(s.calls(), k -> new ArrayList<>()).add(new Call(s.calls(), passing, body, ids.stream().mapToInt(Integer::intValue).toArray()));
                pure.merge(s.calls(), clean, Boolean::logicalAnd);
                i = j - 1;
                continue;
            }
            if (s instanceof Stmt.If f) {
                scan(f.then, all, pure, shared);
                scan(f.otherwise, all, pure, shared);
            } else if (s instanceof Stmt.For f) scan(f.body, all, pure, shared);
            else if (s instanceof Stmt.TaskCreate t) for (Stmt.Task k : t.tasks) scan(k.body(), all, pure, shared);
        }
    }

    /** Adds {@code s}'s id and its nested statements' to {@code ids}; whether none of them has a side effect. */
    private static boolean collect(Stmt s, List<Integer> ids, Set<String> shared) {
        ids.add(s.id());
        boolean clean = true;
        if (s instanceof Stmt.Assign a) clean = a.target instanceof Expr.Var v && isParameter(v.name(), shared) && !AffectingPoints.hasTestAndSet(a.value);
        else if (s instanceof Stmt.Call c) clean = !c.function.equals("read");
        else if (s instanceof Stmt.Lock || s instanceof Stmt.Unlock) clean = false;
        else if (s instanceof Stmt.For f) clean = isParameter(f.var, shared);
        if (s instanceof Stmt.If f) {
            if (f.elseStmt != null) ids.add(f.elseStmt.id());
            for (Stmt x : f.then) clean &= collect(x, ids, shared);
            for (Stmt x : f.otherwise) clean &= collect(x, ids, shared);
        } else if (s instanceof Stmt.For f) for (Stmt x : f.body) clean &= collect(x, ids, shared);
        return clean;
    }

    /** A procedure's parameter variable ({@code P.param}): a name no declaration can have. */
    private static boolean isParameter(String v, Set<String> shared) {
        return v.contains(".") && !shared.contains(v);
    }
}
