package dev.wholetrace.simulate.tx.lang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a parsed program against the thesis's assumptions: A1 (error free: labels unique, names
 * declared, task_create counts match, every lock has its unlock in the same thread body), A2 (well
 * structured: no goto), and Restrictions 1–2 (at most one array operand, at most one shared load or
 * store per statement, test-and-set excepted). Restrictions 1–2 are checked on programs in the
 * intermediate form (the form the thesis states them for); the structured form's statements are
 * split by {@link Lowering} so that every instruction meets them (the figures' own {@code x = x + 1} on a
 * shared x would not). Each problem is one line, {@code line:column: message}.
 */
public final class Validator {
    private Validator() {}

    /** The problems of {@code p}: empty when it meets A1, A2 and (intermediate form) Restrictions 1–2. */
    public static List<String> check(Program p) {
        List<String> out = new ArrayList<>();
        Map<String, Stmt> labels = new HashMap<>();
        for (Stmt s : p.statements()) {
            if (s.label() == null || s.label().startsWith("end@")) continue;
            Stmt old = labels.put(s.unit() + ":" + s.label(), s);
            if (old != null && !inDifferentTasks(p, old, s)) {
                out.add(s.line() + ":" + s.col() + ": label " + s.label() + " is also used at line " + old.line() + " (A1)");
            }
        }
        try {
            Lowering.lower(p);
        } catch (TxException e) {
            out.add(e.getMessage());
        }
        lockBalance(p.body(), p.name(), out, "the main thread");
        Set<String> sharedNames = p.shared().keySet();
        for (Stmt s : p.statements()) {
            if (s instanceof Stmt.Goto || s instanceof Stmt.IfGoto) {
                out.add(s.line() + ":" + s.col() + ": goto: the program is not in the structured form (A2); run, explore, tcp and correspond accept it (loops found on the flow graph), extrapolate needs if/for");
            }
            if (!p.intermediate()) continue;
            List<Expr> exprs = exprs(s);
            int arrays = 0, sharedAccesses = 0;
            boolean tas = false;
            for (Expr e : exprs) {
                arrays += count(e, Expr.Index.class, sharedNames, false);
                sharedAccesses += count(e, null, sharedNames, true);
                tas |= e instanceof Expr.TestAndSet;
            }
            if (s instanceof Stmt.Assign a && a.target instanceof Expr.Var v && sharedNames.contains(v.name())) sharedAccesses++;
            if (arrays > 1) out.add(s.line() + ":" + s.col() + ": " + arrays + " array operands in one statement (Restriction 1 allows one)");
            if (sharedAccesses > 1 && !tas) out.add(s.line() + ":" + s.col() + ": " + sharedAccesses + " shared loads/stores in one statement (Restriction 2 allows one)");
        }
        return out;
    }

    private static boolean inDifferentTasks(Program p, Stmt a, Stmt b) {
        return a.unit() != b.unit();
    }

    private static List<Expr> exprs(Stmt s) {
        List<Expr> l = new ArrayList<>();
        if (s instanceof Stmt.Assign a) {
            l.add(a.value);
            if (a.target instanceof Expr.Index i) l.add(i);
        } else if (s instanceof Stmt.If f) l.add(f.cond);
        else if (s instanceof Stmt.IfGoto g) l.add(g.cond);
        else if (s instanceof Stmt.For f) l.addAll(f.operands());
        else if (s instanceof Stmt.Call c) l.addAll(c.args);
        return l;
    }

    /** Counts array operands ({@code kind} Index) or shared-variable reads ({@code sharedReads}). */
    private static int count(Expr e, Class<?> kind, Set<String> shared, boolean sharedReads) {
        if (e instanceof Expr.Bin b) return count(b.left(), kind, shared, sharedReads) + count(b.right(), kind, shared, sharedReads);
        if (e instanceof Expr.Neg n) return count(n.operand(), kind, shared, sharedReads);
        if (e instanceof Expr.Index i) {
            int own = sharedReads ? (shared.contains(i.name()) ? 1 : 0) : 1;
            return own + count(i.index(), kind, shared, sharedReads);
        }
        if (e instanceof Expr.Var v) return sharedReads && shared.contains(v.name()) ? 1 : 0;
        return 0;
    }

    private static void lockBalance(List<Stmt> body, String file, List<String> out, String where) {
        Map<String, Integer> held = new HashMap<>();
        Map<String, Stmt> first = new HashMap<>();
        walk(body, held, first, out);
        for (Map.Entry<String, Integer> e : held.entrySet()) {
            if (e.getValue() != 0) {
                Stmt s = first.get(e.getKey());
                out.add(s.line() + ":" + s.col() + ": lock(" + e.getKey() + ") in " + where + " has no matching unlock (A1: every lock has its unlock)");
            }
        }
    }

    private static void walk(List<Stmt> body, Map<String, Integer> held, Map<String, Stmt> first, List<String> out) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Lock l) {
                held.merge(l.lock, 1, Integer::sum);
                first.putIfAbsent(l.lock, s);
            } else if (s instanceof Stmt.Unlock u) {
                held.merge(u.lock, -1, Integer::sum);
                first.putIfAbsent(u.lock, s);
            } else if (s instanceof Stmt.If f) {
                walk(f.then, held, first, out);
                walk(f.otherwise, held, first, out);
            } else if (s instanceof Stmt.For f) {
                walk(f.body, held, first, out);
            } else if (s instanceof Stmt.TaskCreate t) {
                for (Stmt.Task task : t.tasks) lockBalance(task.body(), "", out, "task " + task.number() + " (line " + task.line() + ")");
            }
        }
    }
}
