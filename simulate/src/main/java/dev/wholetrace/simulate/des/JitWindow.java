package dev.wholetrace.simulate.des;

import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.machine.JitCosts;
import java.util.HashMap;
import java.util.Map;

/**
 * The JIT term of one prediction window (docs/machine-model.md, "The JIT term"): what the JVM's
 * compilers add to a program's run between step {@code lo} and step {@code hi} of a run, when two
 * simulated runs at recorded step counts {@code a < b} give each method's invocations, back-edges
 * and cycles per step (the difference of the two runs over {@code b − a}; what is there at step 0 is
 * the start-up's). The step counts are the program's own (rounds, iterations): the JIT's time is not
 * linear in them, so it is computed at the window's steps, not scaled from the recorded ones.
 *
 * <p>Per method, its counters are linear in the step: {@code count(s) = count(a) + rate × (s − a)}.
 * C1 compiles it at the first step where they pass the machine's tier-3 thresholds, C2 at the tier-4
 * ones (each standard compilation, and an on-stack one when the back-edges pass that threshold),
 * each costing the compiler threads {@code cyclesPerByte × the method's bytecode bytes}. A
 * compilation counts in the window when its step is in {@code (lo, hi]}. The method's instructions
 * before its C1 step cost {@code interpreterFactor} times their compiled price, between C1 and C2
 * {@code c1Factor} times: the window's share of that is the slow phase, extra processor time of the
 * program's threads. {@link #apply} turns both into a window's time on P processors.
 */
public final class JitWindow {
    /**
     * @param c1Cycles compiler-thread cycles of the C1 compilations in the window
     * @param c2Cycles the same for C2
     * @param slowCycles the program threads' extra cycles in the window for code not yet compiled
     * @param c1Compilations C1 compilations in the window
     * @param c2Compilations C2 compilations in the window
     */
    public record Term(double c1Cycles, double c2Cycles, double slowCycles, int c1Compilations, int c2Compilations) {
        public double compileCycles() {
            return c1Cycles + c2Cycles;
        }
    }

    /**
     * A window's time with the JIT term.
     *
     * @param wallCycles the window's elapsed cycles
     * @param busyCycles the processor time of the program's threads and the compiler threads
     */
    public record Window(double wallCycles, double busyCycles) {}

    private JitWindow() {}

    /**
     * The JIT term of window {@code (lo, hi]} from runs {@code atA} and {@code atB} of the same graph at
     * recorded steps {@code a < b}. A machine without a JIT term gives zeros.
     */
    public static Term term(ExecutionGraph graph, JitCosts jit, SimResult atA, SimResult atB, double a, double b, double lo, double hi) {
        if (!(a < b)) throw new IllegalArgumentException("the recorded step counts must rise, not " + a + " and " + b);
        if (!(lo < hi) || lo < 0) throw new IllegalArgumentException("the window must be 0 ≤ lo < hi, not " + lo + " to " + hi);
        if (jit.isNone()) return new Term(0, 0, 0, 0, 0);
        Map<String, Integer> bytes = bytecodeBytes(graph);
        double c1 = 0, c2 = 0, slow = 0;
        int n1 = 0, n2 = 0;
        for (Map.Entry<String, SimResult.MethodCount> e : atB.methodCounts().entrySet()) {
            String id = e.getKey();
            SimResult.MethodCount cb = e.getValue(), ca = atA.methodCounts().getOrDefault(id, new SimResult.MethodCount(0, 0));
            Linear inv = new Linear(ca.invocations(), cb.invocations(), a, b), back = new Linear(ca.backEdges(), cb.backEdges(), a, b);
            Linear cyc = new Linear(atA.methodCycles().getOrDefault(id, 0.0), atB.methodCycles().getOrDefault(id, 0.0), a, b);
            double size = bytes.getOrDefault(id, 0);
            double[] t3 = compileSteps(inv, back, jit.tier3()), t4 = compileSteps(inv, back, jit.tier4());
            for (double s : t3) if (s > lo && s <= hi) { c1 += jit.c1CyclesPerByte() * size; n1++; }
            for (double s : t4) if (s > lo && s <= hi) { c2 += jit.c2CyclesPerByte() * size; n2++; }
            double s1 = Math.min(t3[0], t3[1]), s2 = Math.max(s1, Math.min(t4[0], t4[1]));
            double rate = Math.max(0, cyc.rate);
            slow += rate * ((jit.interpreterFactor() - 1) * overlap(lo, hi, 0, s1) + (jit.c1Factor() - 1) * overlap(lo, hi, s1, s2));
        }
        return new Term(c1, c2, slow, n1, n2);
    }

    /**
     * The window on {@code processors} processors: the program's own window ({@code wallCycles} elapsed,
     * {@code busyCycles} of its threads' processor time) stretched by the slow phase in proportion (the
     * slow code is spread over the threads as their work is), then the compilations, which run on
     * processors the program leaves idle and beyond that take processor time from it.
     */
    public static Window apply(Term t, double wallCycles, double busyCycles, int processors) {
        if (processors < 1) throw new IllegalArgumentException("processors must be at least 1, not " + processors);
        if (t.slowCycles() == 0 && t.compileCycles() == 0) return new Window(wallCycles, busyCycles); // no JIT term: today's times, exactly
        double busy = busyCycles + t.slowCycles();
        double wall = busyCycles > 0 ? wallCycles * busy / busyCycles : wallCycles + t.slowCycles();
        double idle = Math.max(0, processors * wall - busy);
        wall += Math.max(0, t.compileCycles() - idle) / processors;
        return new Window(wall, busy + t.compileCycles());
    }

    /** Length of {@code (lo, hi] ∩ [from, to)}. */
    static double overlap(double lo, double hi, double from, double to) {
        return Math.max(0, Math.min(hi, to) - Math.max(lo, from));
    }

    /**
     * The steps at which a tier compiles the method: {standard, on-stack}; {@code +∞} when never, 0
     * when during start-up (before step 0 ends).
     */
    static double[] compileSteps(Linear inv, Linear back, JitCosts.Thresholds t) {
        double byInvocations = inv.firstReaching(t.invocations());
        double byBoth = Math.max(inv.firstReaching(t.minInvocations()), inv.plus(back).firstReaching(t.compile()));
        return new double[] {Math.min(byInvocations, byBoth), back.firstReaching(t.backEdges())};
    }

    /** A counter linear in the step: {@code at0 + rate × s}. */
    record Linear(double at0, double rate) {
        Linear(double atA, double atB, double a, double b) {
            this(atA - (atB - atA) / (b - a) * a, (atB - atA) / (b - a));
        }

        Linear plus(Linear o) {
            return new Linear(at0 + o.at0, rate + o.rate);
        }

        /** The first step ≥ 0 at which the counter is ≥ {@code x}: 0 if it is at step 0, +∞ if never. */
        double firstReaching(double x) {
            if (at0 >= x) return 0;
            if (rate <= 0) return Double.POSITIVE_INFINITY;
            return (x - at0) / rate;
        }
    }

    /**
     * A method's bytecode size as its graph gives it: one past the index of its last instruction's
     * start (its vertices' ends); the last instruction's own length (a return: one byte) is not known.
     */
    public static Map<String, Integer> bytecodeBytes(ExecutionGraph graph) {
        Map<String, Integer> out = new HashMap<>();
        for (MethodGraph m : graph.methods()) {
            int end = 0;
            for (Vertex v : m.vertices()) end = Math.max(end, Math.max(v.end, v.bci) + 1);
            out.merge(m.id(), end, Math::max);
        }
        return out;
    }
}
