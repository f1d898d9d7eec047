package dev.wholetrace.simulate.des;

import dev.wholetrace.model.util.LongLongMap;
import dev.wholetrace.simulate.egraph.Action;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.OpClass;
import dev.wholetrace.simulate.egraph.Throughput;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.egraph.Walk;
import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.machine.WakeTable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Discrete-event simulation of an execution graph on a machine model (one run, one seed).
 *
 * <p>Threads walk their graphs vertex by vertex: a vertex's cycles (its instructions' classes'
 * {@code cycles.bc.*} plus its action's {@code cost.jvm.*}) are work done on a processor; its action
 * happens when the work is done. Work is fluid: between two events every running thread progresses
 * at the same rate (1, or less under {@code memory.contention}), so a time slice can end inside a
 * vertex and joining two vertices (the optimizations) changes no simulated time. With more runnable
 * threads than processors the rest wait in the ready queue: {@code fifo} until a processor is
 * free, {@code round-robin} and {@code random} also at the end of each time slice. Processors have
 * identities: a woken thread is placed as Linux places it ({@code wake}), and may wait for its
 * waker's processor while another is idle; a thread finding a lock held by a thread running on
 * another processor spins for it ({@code spin}).
 *
 * <p>Branches are drawn from their weights with a counter-based random number (seed, thread, method,
 * the decision's bytecode index, its visit number), so a decision's outcome does not depend on
 * which other decisions a graph has; a loop control vertex takes its stay edge {@code trips} times
 * per entry (the fraction drawn), which keeps the threads of a barrier loop in step.
 */
public final class Simulator {
    /** Calls deeper than this return at once (a recursion whose depth the defaults cannot bound). */
    static final int MAX_DEPTH = 2_000;

    private final ExecutionGraph graph;
    private final MachineModel machine;
    private final long maxSteps;
    /**
     * Per method and vertex: the cycles of its instructions other than the divider's and of its walks
     * ({@code rest}, which overlap divider work), of its divider instructions ({@code divider}), and what
     * overlaps nothing ({@code fixed}: its dependency chain and its action's cost); {@code sync}: its
     * action orders memory, so the divider's backlog is paid before it ({@link #enter}).
     */
    private final double[][] rest, divider, fixed;
    private final boolean[][] sync;
    /** Cycles of leaving a loop ({@link MachineModel#LOOP_EXIT}), charged when a loop control takes an exit edge. */
    private final double loopExit;
    /**
     * Per method and vertex: the cycles a visit of a decision (not a loop control, its block reading data:
     * {@link #readsData}) pays for the guesses a branch predictor gets wrong, {@link MachineModel#MISPREDICT}
     * times the share of visits that leave by an edge other than its likeliest (a predictor that guesses the
     * likeliest edge, on branches in no pattern: what block counts can say); 0 everywhere on a machine file
     * without the key.
     */
    private final double[][] mispredict;
    /**
     * Cycles of a wake-up handed to another, idle processor ({@link MachineModel#WAKE_REMOTE}: processor time
     * the waker pays, the woken thread starting that much later; {@link MachineModel#WAKE_REMOTE_LATENCY}:
     * the idle processor's further delay, not processor time); 0 on a machine file without the cross-core group.
     */
    private final double wakeRemote, wakeRemoteLatency;
    /** Cycles a started thread spends after its body returns ({@link MachineModel#THREAD_EXIT}); 0 on a file without it. */
    private final double threadExit;
    /**
     * The wake-up against its target's idle time ({@link MachineModel#wakeIdle}): when it has rows, a wake-up onto
     * another processor costs its row for how long that processor has been idle, instead of the constants above.
     */
    private final WakeTable wakeIdle;
    /** Cycles a thread spins for a monitor held on another processor before it parks: what parking and a wake-up onto another processor cost. */
    private final double spinLimit;
    /** First global vertex number of each method: per-thread visit counters are keyed by global vertex number. */
    private final int[] offset;
    private final String[] methodNames;
    /** Per method: the keys of the barriers and latches its code, code it calls or threads it starts may reach. */
    private final List<Set<String>> reaches = new ArrayList<>();

    // run state
    private double now;
    private long steps;
    private final List<SimThread> threads = new ArrayList<>();
    private final List<SimThread> running = new ArrayList<>();
    /** Per processor: the thread running on it, null while it is idle. */
    private final SimThread[] onCpu;
    /** Per processor: when it last became idle (0 for one that has not run yet): what waking it costs depends on it ({@link #wake}). */
    private final double[] idleSince;
    private final ArrayDeque<SimThread> ready = new ArrayDeque<>();
    /** Threads spinning for a monitor held by a thread running on another processor ({@link #spin}), in the order they began. */
    private final List<SimThread> spinners = new ArrayList<>();
    private final List<SimThread> done = new ArrayList<>();
    private final Map<String, LockState> locks = new HashMap<>();
    private final Map<String, List<SimThread>> barriers = new HashMap<>();
    private final Map<String, List<SimThread>> latchWaiters = new HashMap<>();
    private final Map<String, Long> queueItems = new HashMap<>();
    private final Map<String, ArrayDeque<SimThread>> queueTakers = new HashMap<>();
    private final Map<String, Double> lockWait = new TreeMap<>();
    private final double[] methodCycles;
    /** Invocations and loop back-edges per method, over all threads: the JIT's counters ({@link SimResult.MethodCount}). */
    private final long[] invocations, backEdges;
    /** Cycles of a vertex's instructions (its throughput, divider and chain cycles, not its action's cost), and their sum per method. */
    private final double[][] code;
    private final double[] codeCycles;
    /** Times each vertex (global number) was entered, over all threads: what {@link ProfileCheck} compares with a recording. */
    private final long[] entered;
    private long rngState;

    /** @param maxSteps vertices the run may execute in all before it stops as truncated */
    public Simulator(ExecutionGraph graph, MachineModel machine, long maxSteps) {
        this.graph = graph;
        this.machine = machine;
        this.maxSteps = maxSteps;
        int n = graph.methods().size();
        rest = new double[n][];
        divider = new double[n][];
        fixed = new double[n][];
        mispredict = new double[n][];
        sync = new boolean[n][];
        offset = new int[n];
        int total = 0;
        for (int m = 0; m < n; m++) {
            offset[m] = total;
            total += graph.methods().get(m).vertices().size();
        }
        entered = new long[total];
        methodNames = new String[n];
        methodCycles = new double[n];
        invocations = new long[n];
        backEdges = new long[n];
        code = new double[n][];
        codeCycles = new double[n];
        double[] classCycles = new double[OpClass.values().length];
        for (OpClass c : OpClass.values()) classCycles[c.ordinal()] = machine.cyclesOf(c.machineKey());
        classCycles[OpClass.JDK.ordinal()] = machine.jdkCallCycles();
        double mispredictCycles = machine.cycles().getOrDefault(MachineModel.MISPREDICT, 0L); // unset: 0 (files before session 46)
        double[] chainCycles = new double[OpClass.values().length]; // unset: 0 (machine files before the chain keys)
        for (OpClass c : OpClass.values()) chainCycles[c.ordinal()] = machine.cycles().getOrDefault(c.chainKey(), 0L);
        for (int m = 0; m < n; m++) {
            MethodGraph mg = graph.methods().get(m);
            methodNames[m] = mg.shortName();
            int count = mg.vertices().size();
            rest[m] = new double[count];
            divider[m] = new double[count];
            fixed[m] = new double[count];
            mispredict[m] = new double[count];
            code[m] = new double[count];
            sync[m] = new boolean[count];
            Map<Integer, Double> loopTrips = mg.loopTrips();
            for (int v = 0; v < count; v++) {
                Vertex x = mg.vertices().get(v);
                divider[m][v] = Throughput.dividerCycles(x.ops, classCycles);
                double r = Throughput.otherCycles(x.ops, classCycles), c = 0;
                for (Walk w : x.walks) r += w.count() * walkCycles(w, loopTrips, x.sharers);
                for (int k = 0; k < x.chain.length; k++) c += x.chain[k] * chainCycles[k];
                code[m][v] = r + divider[m][v] + c;
                boolean call = x.action.calls();
                if (x.action != Action.NONE && !call) c += machine.costOf(x.action.costKey());
                else if (call) c += machine.costOf("jvm.call");
                rest[m][v] = r;
                fixed[m][v] = c;
                if (x.loopStay < 0 && readsData(x)) mispredict[m][v] = mispredictCycles * wrongShare(x.weights);
                sync[m][v] = x.action != Action.NONE && !call && x.action != Action.WAIT && x.action != Action.NOTIFY;
            }
        }
        loopExit = machine.cycles().getOrDefault(MachineModel.LOOP_EXIT, 0L);
        wakeRemote = machine.costOf(MachineModel.WAKE_REMOTE);
        threadExit = machine.costOf(MachineModel.THREAD_EXIT);
        wakeRemoteLatency = machine.costOf(MachineModel.WAKE_REMOTE_LATENCY);
        wakeIdle = machine.wakeIdle();
        spinLimit = machine.costOf("jvm.handover") + (wakeIdle.isEmpty() ? wakeRemote + wakeRemoteLatency : wakeIdle.dearest());
        reachesClosure();
        rngState = machine.seed();
        onCpu = new SimThread[machine.processors()];
        idleSince = new double[machine.processors()];
    }

    /**
     * Extra cycles of one access of walk {@code w} beyond a cache hit: {@code cycles.bc.walk.KIND.LEVEL}
     * of the smallest cache holding its {@link Walk#dataSet} (its vertex run by {@code sharers} threads);
     * 0 on a machine without cache sizes or costs.
     */
    private double walkCycles(Walk w, Map<Integer, Double> loopTrips, int sharers) {
        String level = machine.cacheLevel(w.dataSet(loopTrips, sharers));
        return level == null ? 0 : machine.cycles().getOrDefault(Walk.machineKey(w.far(), level), 0L);
    }

    private void reachesClosure() {
        int n = graph.methods().size();
        List<Set<String>> own = new ArrayList<>();
        for (int m = 0; m < n; m++) {
            Set<String> s = new HashSet<>();
            for (Vertex v : graph.methods().get(m).vertices()) {
                if ((v.action == Action.BARRIER || v.action == Action.LATCH_COUNT_DOWN) && v.key != null) s.add(v.action.label() + " " + v.key);
            }
            own.add(s);
        }
        for (int m = 0; m < n; m++) {
            Set<String> all = new HashSet<>();
            BitSet seen = new BitSet(n);
            ArrayDeque<Integer> work = new ArrayDeque<>(List.of(m));
            seen.set(m);
            while (!work.isEmpty()) {
                int x = work.poll();
                all.addAll(own.get(x));
                for (Vertex v : graph.methods().get(x).vertices()) {
                    // a thread that may still start a thread which awaits the barrier counts as a party
                    // until it waits to join: else the first worker to arrive, before its siblings
                    // exist, tripped the barrier alone and ran one phase ahead of them from then on
                    if (!v.action.calls() && v.action != Action.THREAD_START && v.action != Action.SUBMIT) continue;
                    for (int t : v.targets) if (!seen.get(t)) {
                        seen.set(t);
                        work.add(t);
                    }
                }
            }
            reaches.add(all);
        }
    }

    /** Runs the program from its entry until every thread has ended or waits for ever. */
    public SimResult run() {
        SimThread main = newThread(graph.entry(), null);
        ready.add(main);
        boolean truncated = false;
        long events = 0;
        while (true) {
            dispatch();
            if (running.isEmpty()) break; // all ended, or the rest wait for ever
            if (steps > maxSteps || ++events > 4 * maxSteps) { // events: time slices count too
                truncated = true;
                break;
            }
            double rate = 1 / (1 + machine.memoryContention() * (running.size() - 1));
            double dt = Double.POSITIVE_INFINITY;
            boolean[] wanted = wanted();
            for (SimThread t : running) {
                dt = Math.min(dt, t.remaining / rate);
                if (wanted[t.cpu]) dt = Math.min(dt, Math.max(0, machine.timeSliceCycles() - t.slice) / rate);
            }
            now += dt;
            double work = dt * rate;
            for (SimThread t : running) {
                double lag = Math.min(t.lag, work); // an idle processor waking up: time, not processor time
                t.lag -= lag;
                t.remaining -= work;
                t.slice += work;
                t.busy += work > 0 ? dt * (1 - lag / work) : dt;
                methodCycles[t.top().method] += work - lag;
            }
            done.clear();
            for (SimThread t : running) if (t.remaining <= 1e-9) done.add(t);
            for (SimThread t : done) {
                t.remaining = 0;
                advance(t);
            }
            wanted = wanted();
            for (SimThread t : new ArrayList<>(running)) {
                if (t.state == State.RUNNING && t.slice >= machine.timeSliceCycles() - 1e-9 && wanted[t.cpu]) {
                    if (t.spinningOn != null) { // a spinner preempted parks instead
                        park(t);
                        wanted = wanted();
                        continue;
                    }
                    leave(t);
                    t.state = State.READY;
                    t.readySince = now;
                    t.home = t.cpu; // it stays in its processor's queue
                    t.remaining += machine.costOf("jvm.context-switch");
                    ready.add(t);
                    wanted = wanted();
                }
            }
        }
        double end = 0;
        int blocked = 0;
        List<SimResult.ThreadTime> times = new ArrayList<>();
        for (SimThread t : threads) {
            if (t.state == State.DONE) end = Math.max(end, t.endTime);
            else blocked++;
            double last = t.state == State.DONE ? t.endTime : now;
            times.add(new SimResult.ThreadTime(t.id, methodNames[t.body], t.startTime, last, t.busy, t.waited, t.readyWait));
        }
        if (threads.get(0).state != State.DONE) end = now;
        Map<String, Double> perMethod = new TreeMap<>();
        for (int m = 0; m < methodCycles.length; m++) if (methodCycles[m] > 0) perMethod.merge(graph.methods().get(m).id(), methodCycles[m], Double::sum);
        Map<String, SimResult.MethodCount> counts = new TreeMap<>();
        for (int m = 0; m < invocations.length; m++) {
            if (invocations[m] > 0) {
                counts.merge(graph.methods().get(m).id(), new SimResult.MethodCount(invocations[m], backEdges[m], codeCycles[m]),
                        (a, b) -> new SimResult.MethodCount(a.invocations() + b.invocations(), a.backEdges() + b.backEdges(), a.codeCycles() + b.codeCycles()));
            }
        }
        return new SimResult(end, machine.seconds(end), steps, truncated, blocked, times, perMethod, new TreeMap<>(lockWait), counts);
    }

    /** Times vertex {@code vertex} of method {@code method} was entered in the run, summed over the threads. */
    public long entered(int method, int vertex) {
        return entered[offset[method] + vertex];
    }

    private SimThread newThread(int body, SimThread parent) {
        SimThread t = new SimThread(threads.size(), body);
        threads.add(t);
        t.startTime = now;
        t.readySince = now;
        t.stack.push(new Frame(body));
        invocations[body]++;
        enter(t, body, 0);
        if (parent != null) parent.started.add(t);
        t.exitLeft = parent != null && threadExit > 0; // unset: no exit work, today's runs exactly
        return t;
    }

    /**
     * Gives idle processors to ready threads: each processor takes the first (under {@code random}, a
     * random one) of the ready threads queued for it or for any processor. A processor does not take a
     * thread queued for another (Linux leaves a thread that ran a moment ago where its cache is: it
     * pulls only threads that have been off a processor for longer than a time slice): it stays idle.
     */
    private void dispatch() {
        for (int p = 0; p < onCpu.length && !ready.isEmpty(); p++) {
            if (onCpu[p] != null) continue;
            int mine = 0;
            for (SimThread t : ready) if (t.home < 0 || t.home == p) mine++;
            if (mine == 0) continue;
            int k = machine.scheduling() == MachineModel.Scheduling.RANDOM && mine > 1 ? Math.min((int) (nextRandom() * mine), mine - 1) : 0;
            for (SimThread t : ready) {
                if ((t.home < 0 || t.home == p) && k-- == 0) {
                    ready.remove(t);
                    run(t, p);
                    break;
                }
            }
        }
    }

    /** {@code t} runs on processor {@code p}, idle until now. */
    private void run(SimThread t, int p) {
        t.readyWait += now - t.readySince;
        t.state = State.RUNNING;
        t.slice = 0;
        t.cpu = p;
        t.home = -1;
        onCpu[p] = t;
        running.add(t);
    }

    /** {@code t} gives up its processor (it blocks, ends or its time slice ends). */
    private void leave(SimThread t) {
        running.remove(t);
        onCpu[t.cpu] = null;
        idleSince[t.cpu] = now;
        if (spinners.isEmpty()) return;
        for (SimThread s : new ArrayList<>(spinners)) if (s.spinningOn.owner == t) park(s); // its monitor's owner is off its processor now
    }

    /** Per processor: whether a ready thread waits for it (for it alone, or for any processor). */
    private boolean[] wanted() {
        boolean[] w = new boolean[onCpu.length];
        if (machine.scheduling() == MachineModel.Scheduling.FIFO) return w; // no time slices
        for (SimThread t : ready) {
            if (t.home >= 0) w[t.home] = true;
            else java.util.Arrays.fill(w, true);
        }
        return w;
    }

    private double nextRandom() {
        rngState += 0x9E3779B97F4A7C15L;
        return (mix(rngState) >>> 11) * 0x1.0p-53;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A uniform number in [0, 1) for the {@code visit}-th draw of thread {@code t} (null: of any thread) at a site. */
    private double draw(SimThread t, int method, int site, long visit) {
        long z = machine.seed() * 0x9E3779B97F4A7C15L;
        z = mix(z ^ (t == null ? -1 : t.id));
        z = mix(z ^ ((long) method << 32 | (site & 0xffffffffL)));
        z = mix(z ^ visit);
        return (z >>> 11) * 0x1.0p-53;
    }

    /**
     * The {@code visit}-th number of a site's sequence that starts at {@code start}: a Weyl sequence
     * (steps of the golden ratio's fraction, mod 1), whose first n numbers fall into every interval
     * of [0, 1) within a few of n × its length — so a call site's first n calls go to each target
     * in proportion to its weight within a few calls, not only in expectation. A site called a few
     * times a round whose rare target is dear (Math3Driver's {@code DescriptiveStatistics.apply}:
     * {@code Kurtosis.evaluate}, 2 000 {@code FastMath.pow} a call, among four cheap statistics)
     * took its target as often as independent draws happened to give it (session 42: its recording
     * of 6 rounds called {@code FastMath.pow} 12 012 times, the simulation 8 008 with independent
     * draws (and {@link Profile}'s weights); all its vertices' entries −1.3 % from the recorded ones
     * with the sequence, −12.5 % without). Call targets only: two sites' sequences are shifted
     * copies of each other, which is harmless for calls (each site's targets are its own choice) but
     * would couple two decisions of one loop.
     *
     * <p>Computed in 64-bit fixed point (the step is the golden ratio's fraction × 2^64, the sum
     * wraps mod 2^64, which is the mod 1): exact for every visit. In doubles, visit × 0.618… keeps
     * 53 significant bits in all, so its fraction lost one bit per doubling of the visits: 2^-23
     * apart after 10^9 visits of one site, and the evenness above was gone.
     */
    static double spread(double start, long visit) {
        long x = ((long) (start * 0x1.0p53) << 11) + visit * GOLDEN_FRACTION;
        return (x >>> 11) * 0x1.0p-53;
    }

    /** The golden ratio's fraction (0.6180339887…) × 2^64, rounded: the Weyl step of {@link #spread}. */
    private static final long GOLDEN_FRACTION = 0x9E3779B97F4A7C15L;

    /** {@code t} finished its vertex's work: its action, then on to the next vertex with work. */
    private void advance(SimThread t) {
        if (t.spinningOn != null) { // it spun as long as parking would have cost, and the monitor is still held
            park(t);
            return;
        }
        if (t.chain != null) { // released by a barrier or latch: it passes the release on (AQS's wake-up chain)
            List<SimThread> rest = t.chain;
            t.chain = null;
            wakeFirst(rest, t, false, true);
        }
        while (t.state == State.RUNNING && t.remaining <= 0) {
            if (++steps > maxSteps) return;
            Frame f = t.top();
            Vertex v = graph.methods().get(f.method).vertices().get(f.vertex);
            if (!f.actionDone) {
                f.actionDone = true;
                if (!act(t, f, v)) return; // blocked; it resumes with the action done
                if (t.state != State.RUNNING || t.remaining > 0) continue;
                if (t.top() != f) continue; // a call pushed a frame: its START has begun
            }
            next(t, f, v);
        }
    }

    /**
     * {@code t} begins vertex {@code v} of {@code method}: its work is its instructions, with the
     * divider running beside the other units (docs/egraph.md, "The divider overlaps the rest"). A
     * vertex's divider work overlaps its own other instructions and those of the vertices after it,
     * until the next vertex with divider work or an action that orders memory: what the divider has
     * not finished by then (the thread's {@code backlog}) is paid there. For a loop whose body has one
     * vertex with divider work, an iteration costs max(divider, other) + chain, as the calibration
     * fits ({@link Throughput#cycles}); the chain and the action's cost overlap nothing.
     */
    private void enter(SimThread t, int method, int v) {
        double d = divider[method][v], r = rest[method][v], work = r + fixed[method][v];
        if (d > 0) {
            work += t.backlog;
            t.backlog = Math.max(0, d - r);
        } else {
            t.backlog = Math.max(0, t.backlog - r);
        }
        if (sync[method][v]) {
            work += t.backlog;
            t.backlog = 0;
        }
        t.remaining = work;
        entered[offset[method] + v]++;
        codeCycles[method] += code[method][v];
    }

    /** Moves {@code t} past vertex {@code v} of frame {@code f}: a successor, or a return. */
    private void next(SimThread t, Frame f, Vertex v) {
        if (v.next.length == 0) {
            if (t.stack.size() == 1 && (t.backlog > 0 || t.exitLeft)) { // the thread's end orders memory (a join sees it): the divider finishes first
                t.remaining = t.backlog + (t.exitLeft ? threadExit : 0); // and a started thread's own exit, on its processor (session 48)
                t.backlog = 0;
                t.exitLeft = false;
                return; // back here, with nothing left, once that work is done
            }
            t.stack.pop();
            if (t.stack.isEmpty()) {
                finish(t);
                return;
            }
            Frame caller = t.top();
            Vertex cv = graph.methods().get(caller.method).vertices().get(caller.vertex);
            if (caller.callbacksLeft > 0) { // the code that was handed the lambda calls it again
                caller.callbacksLeft--;
                callee(t, caller, cv);
                return;
            }
            next(t, caller, cv);
            return;
        }
        int k = choose(t, f, v), prev = f.vertex;
        f.vertex = v.next[k];
        f.actionDone = false;
        enter(t, f.method, f.vertex);
        t.remaining += mispredict[f.method][prev];
        if (v.loopStay >= 0 && k != v.loopStay) t.remaining += loopExit; // once per entry of the loop: its set-up and exit
        else if (v.loopStay >= 0) backEdges[f.method]++;
    }

    private static final OpClass[] DATA = {OpClass.FP, OpClass.DIV, OpClass.SQRT, OpClass.LIBM, OpClass.ARRAY_LOAD, OpClass.FIELD_LOAD,
        OpClass.INVOKE, OpClass.JDK, OpClass.CHECK};

    /**
     * Whether decision {@code x} may follow no pattern: its block reads data (an array element, a field, a call's
     * result) or computes in floating point or checks a type, so its direction is the data's. A block of int
     * locals, constants and arithmetic on them only (a loop index's test, a counter's, Fft's bit reversal) is taken
     * to follow a pattern its predictor learns, and is not priced. Block counts cannot tell the two apart, the
     * block's instructions can, roughly: a local loaded from an array in an earlier block is not seen.
     */
    public static boolean readsData(Vertex x) {
        for (OpClass c : DATA) if (x.ops[c.ordinal()] > 0) return true;
        return false;
    }

    /**
     * The share of a decision's visits that leave by an edge other than its likeliest ({@code weights}:
     * its edges' relative weights): what a predictor that always guesses the likeliest edge gets wrong
     * when the branch follows no pattern; 0 for a vertex with one successor or no weight.
     */
    public static double wrongShare(double[] weights) {
        if (weights.length < 2) return 0;
        double sum = 0, max = 0;
        for (double w : weights) {
            sum += w;
            max = Math.max(max, w);
        }
        return sum > 0 ? 1 - max / sum : 0;
    }

    private int choose(SimThread t, Frame f, Vertex v) {
        if (v.next.length == 1) return 0;
        long visit = t.visits.increment(offset[f.method] + f.vertex);
        if (v.loopStay >= 0) {
            if (f.loops == null) {
                f.loops = new long[rest[f.method].length];
                java.util.Arrays.fill(f.loops, -1);
            }
            long left = f.loops[f.vertex];
            if (left < 0) left = drawnTrips(t, f, v, visit);
            if (left > 0) {
                f.loops[f.vertex] = left - 1;
                return v.loopStay;
            }
            f.loops[f.vertex] = -1;
            return pick(v.weights, v.loopStay, draw(t, f.method, v.end, visit));
        }
        return pick(v.weights, -1, draw(t, f.method, v.end, visit));
    }

    /** ⌊trips⌋ of vertex {@code v}, plus one with the fraction's probability: a loop's stays per entry, a callback's runs. */
    private long drawnTrips(SimThread t, Frame f, Vertex v, long visit) {
        long whole = (long) Math.floor(v.trips);
        return whole + (draw(t, f.method, v.end, visit) < v.trips - whole ? 1 : 0);
    }

    /** Index drawn from {@code weights} by {@code u} (cumulative), leaving out {@code except}. */
    static int pick(double[] weights, int except, double u) {
        double sum = 0;
        for (int i = 0; i < weights.length; i++) if (i != except) sum += weights[i];
        if (sum <= 0) {
            for (int i = 0; i < weights.length; i++) if (i != except) return i;
            return 0;
        }
        double x = u * sum, acc = 0;
        int last = -1;
        for (int i = 0; i < weights.length; i++) {
            if (i == except || weights[i] <= 0) continue;
            acc += weights[i];
            last = i;
            if (x < acc) return i;
        }
        return last;
    }

    /** Pushes the frame of the method {@code v} (a call or callback of frame {@code f}) calls, and begins it. */
    private void callee(SimThread t, Frame f, Vertex v) {
        // the draw leaves the thread out: every thread's k-th call at a site gets the same target, as
        // threads that share one receiver (a worker body passed to each of them) do; per-thread draws
        // sent the workers of one kernel into different kernels' bodies and barriers (a deadlock)
        int k = v.targets.length == 1 ? 0 : pick(v.targetWeights, -1, spread(draw(null, f.method, ~v.end, 0), t.callVisits.increment(offset[f.method] + f.vertex)));
        int callee = v.targets[k];
        t.stack.push(new Frame(callee));
        invocations[callee]++;
        enter(t, callee, 0);
    }

    /** Performs {@code v}'s action; false when {@code t} blocked. */
    private boolean act(SimThread t, Frame f, Vertex v) {
        switch (v.action) {
            case NONE, WAIT, NOTIFY -> {
                return true;
            }
            case CALL, CALLBACK -> {
                if (t.stack.size() >= MAX_DEPTH || v.targets.length == 0) return true;
                if (v.action == Action.CALLBACK) {
                    long runs = drawnTrips(t, f, v, t.visits.increment(offset[f.method] + f.vertex));
                    if (runs == 0) return true;
                    f.callbacksLeft = runs - 1;
                }
                callee(t, f, v);
                return true;
            }
            case MONITOR_ENTER, LOCK -> {
                if (v.key == null || v.key.startsWith("elem:")) return true; // one of many objects: no contention modelled
                LockState l = locks.computeIfAbsent(v.key, k -> new LockState());
                if (l.owner == null || l.owner == t) {
                    l.owner = t;
                    l.holds++;
                    return true;
                }
                if (l.owner.state == State.RUNNING && spinLimit > 0) { // held by a thread on another processor
                    spin(t, l, v.key);
                    return true;
                }
                l.waiting.add(t);
                block(t, v.key);
                return false;
            }
            case MONITOR_EXIT, UNLOCK -> {
                if (v.key == null || v.key.startsWith("elem:")) return true;
                LockState l = locks.get(v.key);
                if (l != null && l.owner == t && --l.holds == 0) letGo(l, t, machine.costOf("jvm.handover"), false);
                return true;
            }
            case BARRIER -> {
                String key = "barrier " + v.key;
                List<SimThread> arrived = barriers.computeIfAbsent(key, k -> new ArrayList<>());
                if (arrived.size() + 1 >= parties(key)) { // the last to arrive trips it and keeps its processor
                    release(arrived, t, false);
                    return true;
                }
                arrived.add(t);
                block(t, key);
                return false;
            }
            case LATCH_COUNT_DOWN -> {
                t.countedDown.add("latch-count-down " + v.key);
                checkLatches(t, false);
                return true;
            }
            case LATCH_AWAIT -> {
                String key = "latch-count-down " + v.key;
                if (latchOpen(key, t)) return true;
                latchWaiters.computeIfAbsent(key, k -> new ArrayList<>()).add(t);
                block(t, "latch " + v.key);
                return false;
            }
            case THREAD_START, SUBMIT -> {
                if (v.targets.length == 0) return true;
                SimThread c = newThread(v.targets[0], t);
                c.state = State.READY;
                ready.add(c);
                return true;
            }
            case THREAD_JOIN, FUTURE_GET -> {
                if (t.joined >= t.started.size()) return true;
                SimThread c = t.started.get(t.joined++);
                if (c.state == State.DONE) return true;
                c.joiners.add(t);
                block(t, "join");
                for (String key : new ArrayList<>(barriers.keySet())) checkBarrier(key, t); // one party fewer
                checkLatches(t, true);
                return false;
            }
            case QUEUE_PUT -> {
                ArrayDeque<SimThread> takers = queueTakers.get(v.key);
                if (takers != null && !takers.isEmpty()) wake(takers.poll(), machine.costOf("jvm.handover"), t, false);
                else queueItems.merge(v.key, 1L, Long::sum);
                return true;
            }
            case QUEUE_TAKE -> {
                long items = queueItems.getOrDefault(v.key, 0L);
                if (items > 0) {
                    queueItems.put(v.key, items - 1);
                    return true;
                }
                queueTakers.computeIfAbsent(v.key, k -> new ArrayDeque<>()).add(t);
                block(t, "queue " + v.key);
                return false;
            }
            default -> {
                return true;
            }
        }
    }

    /**
     * {@code t} finds monitor {@code l} held by a thread running on another processor: it spins (HotSpot's
     * adaptive spinning, the spin of AQS's first waiter before it parks) for at most what parking and
     * being woken onto another processor would cost ({@link #spinLimit}), as processor time. The owner's
     * release hands the monitor to it at once, with no hand-over (it is running); the owner leaving its
     * processor, the spin running out or the spinner's time slice ending parks it ({@link #park}). On one
     * processor the owner is never running when another thread is, so no thread spins there.
     */
    private void spin(SimThread t, LockState l, String key) {
        t.spinningOn = l;
        t.spinKey = key;
        t.spinSince = now;
        t.remaining = spinLimit;
        spinners.add(t);
    }

    /** Spinner {@code t} stops spinning and queues, blocked, for its monitor. */
    private void park(SimThread t) {
        LockState l = t.spinningOn;
        stopSpinning(t);
        t.remaining = 0;
        l.waiting.add(t);
        block(t, t.spinKey);
    }

    /**
     * {@code owner} lets monitor {@code l} go: a thread spinning for it takes it at once (the first to
     * have begun), else the first queued is woken with it, paying {@code handover}.
     */
    private void letGo(LockState l, SimThread owner, double handover, boolean ownerLeft) {
        l.owner = null;
        l.holds = 0;
        for (SimThread s : spinners) {
            if (s.spinningOn == l) {
                stopSpinning(s);
                s.remaining = 0; // its action is done: it goes on at this instant
                l.owner = s;
                l.holds = 1;
                return;
            }
        }
        SimThread w = l.waiting.poll();
        if (w != null) {
            l.owner = w;
            l.holds = 1;
            wake(w, handover, owner, ownerLeft);
        }
    }

    /** Spinner {@code t} stops spinning; its spin is counted as a wait on {@code "KEY (spinning)"} (processor time, not the thread's waiting). */
    private void stopSpinning(SimThread t) {
        spinners.remove(t);
        t.spinningOn = null;
        if (now > t.spinSince) lockWait.merge(t.spinKey + " (spinning)", now - t.spinSince, Double::sum); // a spin of no time is no wait
    }

    private void block(SimThread t, String on) {
        leave(t);
        t.state = State.BLOCKED;
        t.blockedSince = now;
        t.blockedOn = on;
    }

    /**
     * {@code t}, blocked, is made ready by {@code waker} with {@code extra} cycles of hand-over to pay,
     * placed as Linux places a woken thread. When the waker has just blocked or ended ({@code wakerLeft}),
     * {@code t} takes its processor. Else, when a processor is idle (its last one first), {@code t} runs
     * there at once: a cross-processor wake-up. The waker pays {@link #wakeRemote} processor cycles for it
     * (waking a halted processor; the waker's wake-ups are serialised through it) and the idle processor
     * starts {@code t} only after those and {@link #wakeRemoteLatency} more (not processor time). Else
     * {@code t} queues for the waker's processor (wake-affine): it runs there when the waker stops, even
     * if another processor is given up first. On one processor a woken thread always waits for the
     * waker's processor, so one-processor times do not depend on the cross-core group. With a wake-up table
     * ({@link #wakeIdle}) the waker pays, and the woken thread waits for, the row of how long the idle processor
     * has been idle: a processor idle for a moment is still polling and wakes cheaply (session 38).
     */
    private void wake(SimThread t, double extra, SimThread waker, boolean wakerLeft) {
        wake(t, extra, waker, wakerLeft, true);
    }

    /**
     * {@link #wake}, where {@code anyIdle} false lets {@code t} take only its own last processor when that
     * one is idle, not any idle one: a link of a barrier's or latch's release chain. The chain's links,
     * once the tripping thread has done its short share, would otherwise find the other processor idle
     * every time, and a release of N threads on two processors made N − 1 cross-processor wake-ups where
     * the machine makes about a third of that (calibrate's check, session 38). Linux places a woken
     * thread on its waker's processor or on its own previous one when that is idle (wake-affine,
     * {@code select_idle_sibling}); it does not kick a halted processor for every link. The release's
     * first wake-up (the tripping thread's) still takes any idle processor, which is what spreads the
     * threads over the processors (placing it too only on its own last one put every thread on one
     * processor for good, session 37).
     */
    private void wake(SimThread t, double extra, SimThread waker, boolean wakerLeft, boolean anyIdle) {
        double waited = now - t.blockedSince;
        t.waited += waited;
        lockWait.merge(t.blockedOn, waited, Double::sum);
        t.state = State.READY;
        t.readySince = now;
        t.remaining += extra;
        t.home = waker.cpu;
        if (!wakerLeft) {
            int idle = idleProcessor(t.cpu);
            if (!anyIdle && idle != t.cpu) idle = -1; // only its own last processor, not any idle one
            if (idle >= 0) {
                double cost = wakeRemote, delay = wakeRemote + wakeRemoteLatency;
                if (!wakeIdle.isEmpty()) {
                    double idleFor = now - idleSince[idle];
                    cost = wakeIdle.costAt(idleFor);
                    delay = Math.max(cost, wakeIdle.latencyAt(idleFor)); // the measured latency includes the waker's cost
                }
                waker.remaining += cost;
                t.lag += delay;
                t.remaining += delay;
                run(t, idle);
                return;
            }
        }
        ready.add(t);
    }

    /** An idle processor no ready thread is queued for, {@code preferred} if it is one; -1 when none. */
    private int idleProcessor(int preferred) {
        boolean[] claimed = new boolean[onCpu.length];
        for (SimThread r : ready) if (r.home >= 0) claimed[r.home] = true;
        if (preferred >= 0 && onCpu[preferred] == null && !claimed[preferred]) return preferred;
        for (int p = 0; p < onCpu.length; p++) if (onCpu[p] == null && !claimed[p]) return p;
        return -1;
    }

    /**
     * Threads alive that may still arrive at {@code key}. A thread waiting to join another does not
     * count: it cannot arrive before that thread ends (when the barriers are checked again), and if
     * that thread waits here the program deadlocks anyway. Without this, a main thread whose code may
     * reach every kernel's barrier (class-hierarchy targets) held its workers' barrier for ever.
     */
    private int parties(String key) {
        int n = 0;
        for (SimThread t : threads) if (mayArrive(t) && reaches.get(t.body).contains(key)) n++;
        return n;
    }

    private static boolean mayArrive(SimThread t) {
        return t.state != State.DONE && !(t.state == State.BLOCKED && "join".equals(t.blockedOn));
    }

    /** Releases {@code key}'s waiters if every party has arrived; {@code waker} has just blocked or ended. */
    private void checkBarrier(String key, SimThread waker) {
        List<SimThread> arrived = barriers.get(key);
        if (arrived != null && !arrived.isEmpty() && arrived.size() >= parties(key)) release(arrived, waker, true);
    }

    /**
     * {@code waker} releases the threads waiting at a barrier or latch. As in AQS (CyclicBarrier's
     * signalAll, a latch's shared release) it wakes only the first: each released thread, once it has
     * taken its hand-over, wakes the next ({@link #advance}), so the wake-ups are serialised, and each
     * lands where its own waker is.
     */
    private void release(List<SimThread> arrived, SimThread waker, boolean wakerLeft) {
        List<SimThread> go = new ArrayList<>(arrived);
        arrived.clear();
        wakeFirst(go, waker, wakerLeft, false);
    }

    /**
     * Wakes the first still blocked of {@code go}, handing it the rest to wake in turn. A {@code link} of
     * the chain (the waker was itself released by it) places its wake-up as {@link #wake} does with
     * {@code anyIdle} false: the released threads queue behind each other on their wakers' processor
     * unless one's own last processor is idle (session 38).
     */
    private void wakeFirst(List<SimThread> go, SimThread waker, boolean wakerLeft, boolean link) {
        go.removeIf(w -> w.state != State.BLOCKED);
        if (go.isEmpty()) return;
        SimThread first = go.remove(0);
        first.chain = go.isEmpty() ? null : go;
        wake(first, machine.costOf("jvm.handover"), waker, wakerLeft, !link);
    }

    /** A latch await may pass when every live thread that may count the latch down has done so (or waits itself). */
    private boolean latchOpen(String key, SimThread except) {
        List<SimThread> waiting = latchWaiters.getOrDefault(key, List.of());
        for (SimThread t : threads) {
            if (t != except && mayArrive(t) && reaches.get(t.body).contains(key) && !t.countedDown.contains(key) && !waiting.contains(t)) return false;
        }
        return true;
    }

    private void checkLatches(SimThread waker, boolean wakerLeft) {
        for (Map.Entry<String, List<SimThread>> e : latchWaiters.entrySet()) {
            if (!e.getValue().isEmpty() && latchOpen(e.getKey(), null)) release(e.getValue(), waker, wakerLeft);
        }
    }

    private void finish(SimThread t) {
        leave(t);
        t.state = State.DONE;
        t.endTime = now;
        for (SimThread j : t.joiners) if (j.state == State.BLOCKED) wake(j, machine.costOf("jvm.handover"), t, true);
        t.joiners.clear();
        for (LockState l : locks.values()) { // a thread that ends holding a monitor (an exception path not modelled) lets it go
            if (l.owner == t) letGo(l, t, 0, true);
        }
        for (String key : new ArrayList<>(barriers.keySet())) checkBarrier(key, t);
        checkLatches(t, true);
    }

    private enum State { READY, RUNNING, BLOCKED, DONE }

    private static final class Frame {
        final int method;
        int vertex;
        boolean actionDone;
        /** Per loop control vertex: stays left in the current entry, -1 when not in the loop; made at the first loop. */
        long[] loops;
        /** Calls left of the callback this frame's vertex is making (its lambda runs that many more times). */
        long callbacksLeft;

        Frame(int method) {
            this.method = method;
        }
    }

    private static final class LockState {
        SimThread owner;
        int holds;
        final ArrayDeque<SimThread> waiting = new ArrayDeque<>();
    }

    private static final class SimThread {
        final int id, body;
        final ArrayDeque<Frame> stack = new ArrayDeque<>();
        /**
         * Visits per decision vertex and per call vertex (global vertex numbers): the draws' counters.
         * Maps, not arrays over all vertices: a real library's graph (13 k vertices) without a profile
         * starts tens of thousands of simulated threads.
         */
        final LongLongMap visits = new LongLongMap(16), callVisits = new LongLongMap(16); // a thread visits few of the graph's vertices
        final List<SimThread> started = new ArrayList<>();
        final List<SimThread> joiners = new ArrayList<>();
        final Set<String> countedDown = new HashSet<>();
        int joined;
        State state = State.READY;
        double remaining, slice, busy, waited, readyWait, startTime, endTime, blockedSince, readySince;
        /** Cycles of {@code remaining} that are an idle processor waking up for this thread ({@link Simulator#wake}): not processor time. */
        double lag;
        /** The processor it runs on or last ran on (-1: none yet); the one it is queued for when ready (-1: any). */
        int cpu = -1, home = -1;
        /** Released with others by a barrier or latch: those it wakes in turn once it runs ({@link Simulator#release}); null: none. */
        List<SimThread> chain;
        /** The monitor it spins for ({@link Simulator#spin}) and its key; null: it does not spin. */
        LockState spinningOn;
        String spinKey;
        double spinSince;
        /** Divider cycles issued but not yet overlapped by other work ({@link Simulator#enter}). */
        double backlog;
        /** A started thread whose exit ({@code cost.jvm.thread-exit}) is still to be paid at its end. */
        boolean exitLeft;
        String blockedOn;

        SimThread(int id, int body) {
            this.id = id;
            this.body = body;
        }

        Frame top() {
            return stack.peek();
        }
    }
}
