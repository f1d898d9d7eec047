package dev.wholetrace.simulate.des;

import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.machine.JitCosts;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The JIT term of one prediction window (docs/machine-model.md, "The JIT term"): what the JVM's
 * compilers add to a program's run between step {@code lo} and step {@code hi} of a run, when two
 * simulated runs at recorded step counts {@code a < b} give each method's invocations, back-edges
 * and cycles per step (the difference of the two runs over {@code b − a}; what is there at step 0 is
 * the start-up's). The step counts are the program's own (rounds, iterations): the JIT's time is not
 * linear in them, so it is computed at the window's steps, not scaled from the recorded ones.
 *
 * <p>{@link #plan}: per method, its counters are linear in the step, {@code count(s) = count(a) + rate
 * × (s − a)}. C1 is asked to compile it at the first step where they pass the machine's tier-3
 * thresholds, C2 where the counts since C1 was asked for pass the tier-4 ones ({@link #c2Steps}; a
 * standard compilation, and an on-stack one when the back-edges pass that threshold), each costing the compiler thread {@code cyclesPerByte × the method's bytecode
 * bytes}. Until its C1 compilation is done the method's instructions (not its synchronizations' costs) cost {@code interpreterFactor}
 * times their compiled price, until its C2 compilation is done {@code c1Factor} times.
 *
 * <p>{@link #run}: the run from step 0 to {@code hi} as a fluid model, in small slices of steps. The
 * program needs its window's processor time per step (the simulated runs') plus the extra of the
 * methods not compiled yet, on as many processors as it kept busy on average in the simulated window;
 * each tier has one compiler thread (HotSpot's count on one or two processors) that works through its
 * queue in order while the queue is not empty. When the program and the busy compiler threads want more
 * processors than the machine has, all share them in proportion (on one processor a compilation takes
 * processor time from the program, and the program runs slow code for longer); else the compilers run
 * beside it. The window's time is the slices' in {@code (lo, hi]}.
 */
public final class JitWindow {
    /** A compilation the counters ask for: at {@code step}, by {@code tier} (3: C1, 4: C2), costing {@code cycles} of its compiler thread. */
    public record Request(double step, int tier, double cycles, String method) {}

    /**
     * What the window's run needs from the two simulated runs.
     *
     * @param requests every compilation from step 0 on, by step
     * @param interpretedExtra per method: extra cycles a step while it is interpreted ({@code (interpreterFactor − 1) × its cycles a step})
     * @param c1Extra per method: extra cycles a step while it runs C1's code
     */
    public record Plan(List<Request> requests, Map<String, Double> interpretedExtra, Map<String, Double> c1Extra) {}

    /**
     * A window's time with the JIT term.
     *
     * @param wallCycles the window's elapsed cycles
     * @param busyCycles the processor time of the program's threads and the compiler threads
     * @param c1Cycles the C1 compiler thread's processor time in the window
     * @param c2Cycles the C2 compiler thread's
     * @param slowCycles the program's extra processor time in the window for code not compiled yet
     * @param c1Done C1 compilations finished in the window
     * @param c2Done C2 compilations finished in the window
     */
    public record Window(double wallCycles, double busyCycles, double c1Cycles, double c2Cycles, double slowCycles, int c1Done, int c2Done) {
        /** A window without a JIT term: the program's own. */
        public Window(double wallCycles, double busyCycles) {
            this(wallCycles, busyCycles, 0, 0, 0, 0, 0);
        }
    }

    /** Slices of steps per unit of the run ({@code [0, lo]} and {@code (lo, hi]} each get this many). */
    static final int SLICES = 20_000;

    private JitWindow() {}

    /** The compilations and slow-code prices of a program from its runs {@code atA} and {@code atB} at recorded steps {@code a < b}. */
    public static Plan plan(ExecutionGraph graph, JitCosts jit, SimResult atA, SimResult atB, double a, double b) {
        if (!(a < b)) throw new IllegalArgumentException("the recorded step counts must rise, not " + a + " and " + b);
        Map<String, Integer> bytes = bytecodeBytes(graph);
        List<Request> requests = new ArrayList<>();
        Map<String, Double> interpreted = new HashMap<>(), c1 = new HashMap<>();
        for (Map.Entry<String, SimResult.MethodCount> e : atB.methodCounts().entrySet()) {
            String id = e.getKey();
            SimResult.MethodCount cb = e.getValue(), ca = atA.methodCounts().getOrDefault(id, new SimResult.MethodCount(0, 0, 0));
            Linear inv = new Linear(ca.invocations(), cb.invocations(), a, b), back = new Linear(ca.backEdges(), cb.backEdges(), a, b);
            Linear cyc = new Linear(ca.codeCycles(), cb.codeCycles(), a, b); // instructions only: a barrier's or a call's cost is the JVM's compiled code
            double size = bytes.getOrDefault(id, 0);
            double[] c1Steps = compileSteps(inv, back, jit.tier3());
            for (double s : c1Steps) if (s < Double.POSITIVE_INFINITY) requests.add(new Request(s, 3, jit.c1CyclesPerByte() * size, id));
            for (double s : c2Steps(inv, back, c1Steps, jit)) if (s < Double.POSITIVE_INFINITY) requests.add(new Request(s, 4, jit.c2CyclesPerByte() * size, id));
            double rate = Math.max(0, cyc.rate);
            interpreted.put(id, rate * (jit.interpreterFactor() - 1));
            c1.put(id, rate * (jit.c1Factor() - 1));
        }
        requests.sort(Comparator.comparingDouble(Request::step).thenComparing(Request::method).thenComparingInt(Request::tier));
        return new Plan(requests, interpreted, c1);
    }

    /**
     * The window {@code (lo, hi]} on {@code processors} processors, from the program's own window
     * ({@code wallCycles} elapsed, {@code busyCycles} of its threads' processor time, the simulated
     * runs' difference scaled to the window). A machine without a JIT term gives that window exactly.
     */
    public static Window run(Plan plan, JitCosts jit, double wallCycles, double busyCycles, int processors, double lo, double hi) {
        return run(plan, jit, wallCycles, busyCycles, processors, 0, lo, hi);
    }

    /**
     * As {@link #run(Plan, JitCosts, double, double, int, double, double)} on a machine whose processors slow
     * each other down: {@code contention} is the machine file's {@code memory.contention} (the simulator's
     * rate {@code 1 / (1 + f × (busy − 1))} of every busy processor, session 47). The compiler threads are
     * busy processors too: while they run beside the program, the program's work and theirs go at that rate.
     * The program's own threads' slowing of each other is in its simulated cycles already, so the program is
     * slowed only by what the compilers add to its own busy processors. One processor, or {@code f = 0}:
     * the same window as without it, exactly.
     */
    public static Window run(Plan plan, JitCosts jit, double wallCycles, double busyCycles, int processors, double contention, double lo, double hi) {
        if (!(contention >= 0)) throw new IllegalArgumentException("contention must be a number ≥ 0, not " + contention);
        if (processors < 1) throw new IllegalArgumentException("processors must be at least 1, not " + processors);
        if (!(lo < hi) || lo < 0) throw new IllegalArgumentException("the window must be 0 ≤ lo < hi, not " + lo + " to " + hi);
        if (jit.isNone() || busyCycles <= 0 || wallCycles <= 0) return new Window(wallCycles, busyCycles); // no JIT term: today's times, exactly
        double perStep = busyCycles / (hi - lo);
        double used = Math.min(processors, busyCycles / wallCycles); // the processors the program keeps busy on average
        Map<String, Integer> state = new HashMap<>(); // method → 0 interpreted, 3 C1's code, 4 C2's
        double extra = 0;
        for (double x : plan.interpretedExtra().values()) extra += x;
        ArrayDeque<Request> q3 = new ArrayDeque<>(), q4 = new ArrayDeque<>();
        double[] left = new double[5]; // the head request's cycles still to do, per tier
        int next = 0;
        double wall = 0, busy = 0, c1 = 0, c2 = 0, slow = 0;
        int done3 = 0, done4 = 0;
        for (int part = 0; part < 2; part++) {
            double from = part == 0 ? 0 : lo, to = part == 0 ? lo : hi, ds = (to - from) / SLICES;
            if (ds <= 0) continue;
            for (int i = 0; i < SLICES; i++) {
                double s = from + (i + 1) * ds;
                while (next < plan.requests().size() && plan.requests().get(next).step() <= s) {
                    Request r = plan.requests().get(next++);
                    ArrayDeque<Request> q = r.tier() == 3 ? q3 : q4;
                    if (q.isEmpty()) left[r.tier()] = r.cycles();
                    q.add(r);
                }
                double demand = (perStep + extra) * ds;
                int compilers = (q3.isEmpty() ? 0 : 1) + (q4.isEmpty() ? 0 : 1);
                double share = Math.min(1, processors / (used + compilers));
                // the rates of the program (relative to its simulated cycles) and of the compilers: 1 and 1 when f = 0
                double slowed = 1 + contention * Math.max(0, Math.min(processors, used + compilers) - 1);
                double program = (1 + contention * Math.max(0, used - 1)) / slowed, compiler = 1 / slowed;
                double dt = demand / (used * share * program);
                double[] work = new double[5];
                for (int tier = 3; tier <= 4; tier++) {
                    ArrayDeque<Request> q = tier == 3 ? q3 : q4;
                    double budget = share * dt * compiler;
                    while (budget > 0 && !q.isEmpty()) {
                        double w = Math.min(budget, left[tier]);
                        budget -= w;
                        work[tier] += w;
                        left[tier] -= w;
                        if (left[tier] <= 0) {
                            Request r = q.poll();
                            extra -= done(state, r, plan);
                            if (part == 1) {
                                if (tier == 3) done3++;
                                else done4++;
                            }
                            if (!q.isEmpty()) left[tier] = q.peek().cycles();
                        }
                    }
                }
                // a compiler whose queue emptied inside the slice leaves the rest of its share to the program: the processors
                // stay busy (the program and the work done) but the program runs no faster than on its own
                if (share < 1) dt = Math.max(demand / (used * program), (demand / program + work[3] / compiler + work[4] / compiler) / processors);
                if (part == 1) { // processor time: the work at its rate
                    wall += dt;
                    busy += demand / program + work[3] / compiler + work[4] / compiler;
                    c1 += work[3] / compiler;
                    c2 += work[4] / compiler;
                    slow += (demand - perStep * ds) / program;
                }
            }
        }
        return new Window(wall, busy, c1, c2, slow, done3, done4);
    }

    /** Marks {@code r}'s method compiled by its tier; how much its slow extra a step falls by. */
    private static double done(Map<String, Integer> state, Request r, Plan plan) {
        int was = state.getOrDefault(r.method(), 0);
        if (r.tier() <= was) return 0;
        state.put(r.method(), r.tier());
        double interpreted = plan.interpretedExtra().getOrDefault(r.method(), 0.0), c1 = plan.c1Extra().getOrDefault(r.method(), 0.0);
        double before = was == 0 ? interpreted : c1, after = r.tier() == 3 ? c1 : 0;
        return before - after;
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

    /**
     * The steps at which C2 compiles the method, counted as HotSpot counts them: in the profile that
     * C1's tier-3 code keeps from its compilation on ({@code CompilationPolicy::common} at
     * {@code CompLevel_full_profile} tests the method data's invocation and back-edge deltas), so from
     * the first step C1 is asked for it ({@code c1Steps}: its standard and on-stack step; never, if C1
     * never is). At that step the counters are taken as they were when tier 3's predicate first held:
     * their values there, capped at tier 3's invocation and back-edge thresholds (a method past them at
     * step 0 was asked for during start-up, when it reached them). Session 41 counted from step 0: C2 came
     * a tier-3 threshold too early (200 invocations; 60 000 back-edges for an on-stack compilation). C1's
     * queue delay (the compilation done, not asked for) is not counted.
     */
    static double[] c2Steps(Linear inv, Linear back, double[] c1Steps, JitCosts jit) {
        double first = Math.min(c1Steps[0], c1Steps[1]);
        if (first == Double.POSITIVE_INFINITY) return new double[] {first, first};
        double invAt = Math.min(inv.at(first), jit.tier3().invocations()), backAt = Math.min(back.at(first), jit.tier3().backEdges());
        double[] s = compileSteps(inv.less(invAt), back.less(backAt), jit.tier4());
        return new double[] {Math.max(first, s[0]), Math.max(first, s[1])};
    }

    /** A counter linear in the step: {@code at0 + rate × s}. */
    record Linear(double at0, double rate) {
        Linear(double atA, double atB, double a, double b) {
            this(atA - (atB - atA) / (b - a) * a, (atB - atA) / (b - a));
        }

        Linear plus(Linear o) {
            return new Linear(at0 + o.at0, rate + o.rate);
        }

        /** The counter less {@code x}: what it counted since it was {@code x}. */
        Linear less(double x) {
            return new Linear(at0 - x, rate);
        }

        /** Its value at step {@code s}. */
        double at(double s) {
            return at0 + rate * s;
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
