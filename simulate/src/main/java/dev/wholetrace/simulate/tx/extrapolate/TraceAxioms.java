package dev.wholetrace.simulate.tx.extrapolate;

import dev.wholetrace.simulate.tx.interp.Trace;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks an interleaved trace against the execution axioms of §3.4 that a trace can violate:
 * Axiom 3 (each thread's events in order: start times never decrease along a thread), Axiom 4 (a
 * task's events lie between its task_create and the parent's task_terminate) and Axiom 5 (a lock's
 * acquisitions and releases alternate, each release by the holder). Returns one line per violation.
 */
public final class TraceAxioms {
    private TraceAxioms() {}

    public static List<String> check(Program p, Trace t) {
        List<String> out = new ArrayList<>();
        String[] names = p.names();
        long[] last = new long[t.threads()];
        java.util.Arrays.fill(last, Long.MIN_VALUE);
        int[] firstEv = new int[t.threads()], lastEv = new int[t.threads()];
        java.util.Arrays.fill(firstEv, -1);
        Map<String, Integer> holder = new HashMap<>();
        for (int e = 0; e < t.size(); e++) {
            int th = t.thread(e);
            if (t.start(e) < last[th]) out.add("Axiom 3: thread " + th + " event " + e + " (" + names[t.stmt(e)] + ") starts before its predecessor");
            last[th] = t.start(e);
            if (firstEv[th] < 0) firstEv[th] = e;
            lastEv[th] = e;
            Stmt s = p.statements().get(t.stmt(e));
            if (s instanceof Stmt.Lock l) {
                Integer h = holder.get(l.lock);
                if (h != null) out.add("Axiom 5: " + names[t.stmt(e)] + " (thread " + th + ") acquires " + l.lock + " held by thread " + h);
                holder.put(l.lock, th);
            } else if (s instanceof Stmt.Unlock u) {
                Integer h = holder.remove(u.lock);
                if (h == null || h != th) out.add("Axiom 5: " + names[t.stmt(e)] + " (thread " + th + ") releases " + u.lock + " it does not hold");
            }
        }
        for (int th = 1; th < t.threads(); th++) {
            int create = t.createEvent(th);
            if (firstEv[th] < 0) continue;
            if (t.start(firstEv[th]) < t.start(create) || firstEv[th] < create) out.add("Axiom 4: thread " + th + " starts before its task_create");
            int parent = t.parent(th);
            // the parent's next task_terminate after create
            for (int e = create + 1; e < t.size(); e++) {
                if (t.thread(e) == parent && p.statements().get(t.stmt(e)) instanceof Stmt.TaskTerminate) {
                    if (lastEv[th] > e) out.add("Axiom 4: thread " + th + " runs after its parent's task_terminate");
                    break;
                }
            }
        }
        return out;
    }
}
