package dev.wholetrace.simulate.tx.analysis;

import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.util.ArrayList;
import java.util.List;

/**
 * The static structure the analyses share: for every statement its continuation (the statement a
 * structured program runs next after it and everything nested in it: the next statement of its block,
 * else its enclosing if's continuation, else its enclosing for, which re-tests), its enclosing if/for
 * statements, and each conditional's successors. Needs the structured form (A2).
 */
public final class Structure {
    final Program program;
    /** Continuation by statement id (-1 for the program's end and a task's end). */
    final int[] continuation;
    /** Enclosing if/for statement ids, innermost last, by statement id. */
    final int[][] enclosing;
    /** The enclosing task_create (or -1 for the main thread), by statement id. */
    final int[] task;

    public Structure(Program p) throws TxException {
        if (p.intermediate()) {
            Stmt s = null;
            for (Stmt x : p.statements()) if (x instanceof Stmt.Goto || x instanceof Stmt.IfGoto) { s = x; break; }
            int line = s != null ? s.line() : 1, col = s != null ? s.col() : 1;
            throw new TxException(line, col, "the analyses need the structured form (A2: if/for, no goto or test-and-set)");
        }
        program = p;
        int n = p.statements().size();
        continuation = new int[n];
        enclosing = new int[n][];
        task = new int[n];
        walk(p.body(), -1, new ArrayList<>(), -1);
    }

    private void walk(List<Stmt> block, int after, List<Integer> outer, int taskCreate) {
        for (int i = 0; i < block.size(); i++) {
            Stmt s = block.get(i);
            int next = i + 1 < block.size() ? block.get(i + 1).id() : after;
            continuation[s.id()] = next;
            enclosing[s.id()] = outer.stream().mapToInt(Integer::intValue).toArray();
            task[s.id()] = taskCreate;
            if (s instanceof Stmt.If f) {
                outer.add(f.id());
                walk(f.then, next, outer, taskCreate);
                if (f.elseStmt != null) {
                    int first = f.otherwise.isEmpty() ? next : f.otherwise.get(0).id();
                    continuation[f.elseStmt.id()] = first;
                    enclosing[f.elseStmt.id()] = outer.stream().mapToInt(Integer::intValue).toArray();
                    task[f.elseStmt.id()] = taskCreate;
                }
                walk(f.otherwise, next, outer, taskCreate);
                outer.remove(outer.size() - 1);
            } else if (s instanceof Stmt.For f) {
                outer.add(f.id());
                walk(f.body, f.id(), outer, taskCreate);
                outer.remove(outer.size() - 1);
            } else if (s instanceof Stmt.TaskCreate t) {
                continuation[s.id()] = t.terminate.id();
                continuation[t.terminate.id()] = next;
                enclosing[t.terminate.id()] = enclosing[s.id()];
                task[t.terminate.id()] = taskCreate;
                for (Stmt.Task k : t.tasks) walk(k.body(), -1, new ArrayList<>(), t.id());
                // the task bodies' statements come after the terminate in the program order only by id; nothing else to do
            }
        }
    }

    /** The statement after {@code s} and everything nested in it. */
    public int continuation(int s) { return continuation[s]; }

    /** The enclosing if/for statements of {@code s}, outermost first. */
    public int[] enclosing(int s) { return enclosing[s]; }

    /** Statement ids of a conditional's then branch start, else start (the else marker, else branch or continuation). */
    int[] successors(Stmt.If f) {
        int cont = continuation[f.id()];
        int t = f.then.get(0).id();
        int e = f.elseStmt != null ? f.elseStmt.id() : !f.otherwise.isEmpty() ? f.otherwise.get(0).id() : cont;
        return new int[] {t, e};
    }
}
