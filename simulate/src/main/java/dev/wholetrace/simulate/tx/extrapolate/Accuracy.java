package dev.wholetrace.simulate.tx.extrapolate;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.correspond.ComputeM;
import dev.wholetrace.simulate.tx.correspond.TraceEvents;
import dev.wholetrace.simulate.tx.interp.Interpreter;
import dev.wholetrace.simulate.tx.interp.Trace;
import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How good an extrapolation is, against ground truth: the program is run on machine A (the source),
 * extrapolated to machine B, and run directly on B (the actual target). Compared: the correspondence
 * distance between the extrapolated and the actual execution (Compute_M's divergent regions), the
 * agreement of lock orders (the share of acquisitions, per lock, made by the same thread's same
 * acquisition at the same position), and predicted against simulated time.
 *
 * @param tcpHits TCP instances in the source whose outcome could vary (conditionals, loops, array references; not locks)
 * @param divergedTcps TCP instances whose outcome differed between the extrapolated and the actual target
 */
public record Accuracy(Extrapolator.Result extrapolation, Trace source, Trace actual, long regions, long levenshtein, long tcpHits,
        long divergedTcps, double lockOrderAgreement, double lockPairAgreement, long predictedCycles, long simulatedCycles) {

    /** Runs the comparison; {@code input} is the data set. */
    public static Accuracy measure(Code code, TcpSets sets, MachineModel a, MachineModel b, long[] input, long maxInstructions) throws TxException {
        return measure(code, sets, new Interpreter(code, a, maxInstructions).run(input).trace(), b, input, maxInstructions);
    }

    /** The same for a source execution already at hand (a saved trace file); {@code input} is its data set. */
    public static Accuracy measure(Code code, TcpSets sets, Trace source, MachineModel b, long[] input, long maxInstructions) throws TxException {
        Extrapolator.Result r = new Extrapolator(code, sets, b).extrapolate(source);
        Trace actual = new Interpreter(code, b, maxInstructions).run(input).trace();
        long[] reads = {0};
        long[] diverged = {0};
        ComputeM.Result m = new ComputeM(sets).correspond(TraceEvents.of(r.target(), reads), TraceEvents.of(actual, reads), x -> diverged[0]++);
        Program p = code.program();
        long hits = 0;
        for (int e = 0; e < source.size(); e++) {
            Stmt s = p.statements().get(source.stmt(e));
            if (sets.tcp().get(s.id()) && !(s instanceof Stmt.Lock || s instanceof Stmt.Begin || s instanceof Stmt.TaskCreate)) hits++;
        }
        return new Accuracy(r, source, actual, m.regions, m.levenshtein, hits, diverged[0], lockAgreement(p, r.target(), actual),
                pairAgreement(p, r.target(), actual), r.targetCycles(), actual.endTime());
    }

    /** The share of lock acquisitions at the same position of the same lock's order by the same thread's same acquisition. */
    static double lockAgreement(Program p, Trace x, Trace y) {
        Map<String, List<String>> ox = order(p, x), oy = order(p, y);
        long same = 0, total = 0;
        for (Map.Entry<String, List<String>> e : ox.entrySet()) {
            List<String> a = e.getValue(), b = oy.getOrDefault(e.getKey(), List.of());
            total += Math.max(a.size(), b.size());
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) if (a.get(i).equals(b.get(i))) same++;
        }
        return total == 0 ? 1 : (double) same / total;
    }

    /**
     * The share of consecutive acquisitions of a lock in {@code y} (the actual target) that {@code x} makes in the same
     * relative order: a local measure that one early shift does not ruin, unlike the positional one.
     */
    static double pairAgreement(Program p, Trace x, Trace y) {
        Map<String, List<String>> ox = order(p, x), oy = order(p, y);
        long same = 0, total = 0;
        for (Map.Entry<String, List<String>> e : oy.entrySet()) {
            List<String> b = e.getValue();
            Map<String, Integer> posA = new HashMap<>();
            List<String> a = ox.getOrDefault(e.getKey(), List.of());
            for (int i = 0; i < a.size(); i++) posA.put(a.get(i), i);
            for (int i = 0; i + 1 < b.size(); i++) {
                total++;
                Integer u = posA.get(b.get(i)), v = posA.get(b.get(i + 1));
                if (u != null && v != null && u < v) same++;
            }
        }
        return total == 0 ? 1 : (double) same / total;
    }

    private static Map<String, List<String>> order(Program p, Trace t) {
        Map<String, List<String>> m = new HashMap<>();
        Map<String, Integer> count = new HashMap<>();
        for (int e = 0; e < t.size(); e++) {
            if (p.statements().get(t.stmt(e)) instanceof Stmt.Lock l) {
                String who = t.thread(e) + ":" + t.stmt(e);
                int k = count.merge(who, 1, Integer::sum);
                m.computeIfAbsent(l.lock, z -> new ArrayList<>()).add(who + "#" + k);
            }
        }
        return m;
    }
}
