package dev.wholetrace.simulate.calibrate;

import dev.wholetrace.simulate.egraph.ClassSource;
import dev.wholetrace.simulate.egraph.EgraphException;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.GraphBuilder;
import dev.wholetrace.simulate.egraph.JdkBodies;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.OpClass;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.egraph.Walk;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntToLongFunction;

/**
 * {@code wholetrace calibrate}: fits a machine model to the machine it runs on (docs/machine-model.md,
 * "Calibration"). One cycle is 0.01 ns ({@code clock.hz=1e11}), so that costs well below a
 * nanosecond (a JIT-compiled local variable access) stay whole numbers. The procedure:
 * <ol>
 *   <li>each compute loop of {@link MicroBenchmarks#FITTED} is warmed up and timed (best of several
 *       repetitions, ns per iteration, by the thread's CPU time where the JVM measures it, so that
 *       other processes on a loaded machine do not count);
 *   <li>the graph generator reads MicroBenchmarks' own bytecode: instructions per class in one
 *       loop iteration;
 *   <li>the costs per instruction class are the non-negative least-squares fit of the loops
 *       ({@link CostFit}: instructions per class × cost = measured time, relative errors);
 *   <li>monitor and lock costs are the time per uncontended enter/exit beyond the loop body, and a
 *       loop exit the time per entry of short inner loops beyond the same body in one long loop, less
 *       what the fitted costs already charge per entry for the instructions the long loop does not run
 *       (the outer loop's, the inner loop's last test: {@link #outerPerEntry});
 *       thread start, barrier await and hand-over are timed with real threads.
 * </ol>
 * No factor depends on a workload: the programs whose run times are predicted are not among the loops.
 */
public final class Calibration {
    private static final double CYCLES_PER_NS = 100;
    private final int repetitions;
    private final int iterations;
    private final ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    private final List<CostFit.Sample> samples = new ArrayList<>();
    private final List<String> walkReport = new ArrayList<>();
    private String loopReport = "", jdkReport = "";
    private double[] fitted, linear;

    /** @param repetitions timed repetitions per kernel (the best counts); @param iterations loop iterations per repetition */
    public Calibration(int repetitions, int iterations) {
        this.repetitions = repetitions;
        this.iterations = iterations;
    }

    /** Measures and fits; {@code name} names the machine in the file. */
    public MachineModel run(String name, int processors) throws EgraphException, IOException, InterruptedException, Exception {
        ExecutionGraph loops = graph(); // built once: both counts read it
        Map<String, long[]> perIteration = instructionsPerIteration(loops);
        Map<String, double[]> chains = chainPerIteration(loops);
        MicroBenchmarks b = new MicroBenchmarks();
        samples.clear();
        for (String loop : MicroBenchmarks.FITTED) samples.add(new CostFit.Sample(loop, perIteration.get(loop), chains.get(loop), time(n -> b.run(loop, n))));
        fitted = CostFit.fit(samples, true);
        linear = CostFit.fit(samples, false);
        double tMonitor = time(b::monitorLoop), tLock = time(b::lockLoop);
        Map<String, Long> cycles = new TreeMap<>();
        cycles.put(MachineModel.DEFAULT_CLASS, whole(meanPerInstruction())); // what a class the file does not name costs (tx's classes)
        for (OpClass c : OpClass.values()) cycles.put(c.machineKey(), whole(fitted[c.ordinal()]));
        for (OpClass c : CostFit.CHAIN) cycles.put(c.chainKey(), whole(fitted[OpClass.values().length + c.ordinal()]));
        Map<String, Long> costs = new TreeMap<>();
        costs.put("jvm.monitor-enter", whole(Math.max(0, tMonitor - CostFit.predict(perIteration.get("monitorLoop"), chains.get("monitorLoop"), fitted))));
        costs.put("jvm.lock", whole(Math.max(0, tLock - CostFit.predict(perIteration.get("lockLoop"), chains.get("lockLoop"), fitted))));
        MicroBenchmarks.threadStartJoin(200);
        costs.put("jvm.thread-start", whole(best(() -> MicroBenchmarks.threadStartJoin(500))));
        double barrier = best(() -> MicroBenchmarks.barrierAwait(2000));
        costs.put("jvm.barrier", whole(barrier));
        double handover = best(() -> MicroBenchmarks.handover(2000));
        costs.put("jvm.handover", whole(handover));
        costs.put("jvm.context-switch", whole(handover));
        double tLong = time(n -> (long) b.axpyLoop(n)), tShort = time(n -> (long) b.shortLoops(n)); // side by side
        double outer = outerPerEntry(loops, perIteration, chains, fitted), exit = loopExit(tLong, tShort, outer);
        cycles.put(MachineModel.LOOP_EXIT, whole(exit));
        loopReport = String.format(Locale.ROOT,
                "loop exit: axpy body %.3f ns per iteration in one loop, %.3f in loops of %d: %.3f ns per loop entry, less %.3f ns of its instructions: %.3f ns",
                tLong, tShort, MicroBenchmarks.SHORT_TRIPS, (tShort - tLong) * MicroBenchmarks.SHORT_TRIPS, outer, exit);
        double tJdk = time(b::jdkLoop);
        double jdk = jdkCall(tJdk, perIteration.get("jdkLoop"), chains.get("jdkLoop"), fitted);
        cycles.put(MachineModel.JDK_CALL, whole(jdk));
        jdkReport = String.format(Locale.ROOT, "jdk call: %.3f ns per iteration of %d JDK calls and the rest: %.3f ns per call", tJdk,
                perIteration.get("jdkLoop")[OpClass.JDK.ordinal()], jdk);
        Map<String, Long> caches = CacheSizes.read(CacheSizes.SYSFS);
        walkCosts(caches, cycles);
        return new MachineModel(name, processors, 1e9 * CYCLES_PER_NS, MachineModel.Scheduling.ROUND_ROBIN, whole(4_000_000), 0, 1, cycles, costs, caches);
    }

    /**
     * {@code cycles.bc.loop-exit} in ns: what one entry of {@link MicroBenchmarks#shortLoops}' inner loop
     * measures beyond {@link MicroBenchmarks#SHORT_TRIPS} iterations of {@link MicroBenchmarks#axpyLoop}'s
     * body ({@code tShort}, {@code tLong}: ns per iteration), less {@code outer}, what the simulator
     * already charges per entry for the instructions the long loop does not run (the outer loop's and the
     * inner loop's last test, {@link #outerPerEntry}): counted in both, they would be paid twice. Never below 0.
     */
    static double loopExit(double tLong, double tShort, double outer) {
        return Math.max(0, (tShort - tLong) * MicroBenchmarks.SHORT_TRIPS - outer);
    }

    /**
     * {@code cycles.bc.jdk} in ns: what one of the {@code ops[JDK]} JDK calls of a loop iteration measured
     * at {@code ns} costs beyond the {@code fitted} costs of the iteration's other instructions and
     * chain ({@link MicroBenchmarks#jdkLoop}). Never below 0.
     */
    static double jdkCall(double ns, long[] ops, double[] chain, double[] fitted) {
        long calls = ops[OpClass.JDK.ordinal()];
        if (calls <= 0) throw new IllegalStateException("jdkLoop: no JDK call in its body");
        long[] rest = ops.clone();
        rest[OpClass.JDK.ordinal()] = 0;
        return Math.max(0, (ns - CostFit.predict(rest, chain, fitted)) / calls);
    }

    /**
     * ns per entry of {@link MicroBenchmarks#shortLoops}' inner loop that the {@code fitted} costs give
     * the instructions around it: one outer iteration as the simulator walks it (the inner loop's body
     * {@link MicroBenchmarks#SHORT_TRIPS} times, its control once more, the outer loop's vertices once)
     * less {@link MicroBenchmarks#SHORT_TRIPS} iterations of {@link MicroBenchmarks#axpyLoop}
     * ({@code perIteration}, {@code chains}: {@link #instructionsPerIteration}'s and {@link #chainPerIteration}'s
     * of {@code loops}). The outer iteration runs every instruction of the axpy iterations and more, so
     * with non-negative costs this is never negative: a negative difference is a counting error, thrown.
     */
    static double outerPerEntry(ExecutionGraph loops, Map<String, long[]> perIteration, Map<String, double[]> chains, double[] fitted) {
        MethodGraph shortLoops = method(loops, "shortLoops");
        long[] ops = outerIteration(shortLoops.vertices(), v -> v.ops);
        double[] chain = halves(outerIteration(shortLoops.vertices(), Calibration::doubledChain));
        double perEntry = CostFit.predict(ops, chain, fitted);
        double axpy = CostFit.predict(perIteration.get("axpyLoop"), chains.get("axpyLoop"), fitted);
        double outer = perEntry - MicroBenchmarks.SHORT_TRIPS * axpy;
        if (outer < -1e-9 * Math.max(1, perEntry)) { // below rounding: the graphs disagree on the instructions
            throw new IllegalStateException(String.format(Locale.ROOT, "shortLoops: %.3f ns per outer iteration, below %d axpy iterations' %.3f ns",
                    perEntry, MicroBenchmarks.SHORT_TRIPS, MicroBenchmarks.SHORT_TRIPS * axpy));
        }
        return Math.max(0, outer);
    }

    /** {@link #outerPerEntry} on this class's own graph of the loops. */
    static double outerPerEntry(double[] fitted) throws IOException, EgraphException {
        ExecutionGraph loops = graph();
        return outerPerEntry(loops, instructionsPerIteration(loops), chainPerIteration(loops), fitted);
    }

    private static MethodGraph method(ExecutionGraph loops, String name) {
        for (MethodGraph m : loops.methods()) if (kernelName(m).equals(name)) return m;
        throw new IllegalStateException("no loop " + name + " in " + MicroBenchmarks.class.getName());
    }

    /**
     * Instructions of one iteration of a two-deep loop nest's outer loop: its control and the vertices it
     * reaches once, the inner loop's body {@link MicroBenchmarks#SHORT_TRIPS} times and the inner control
     * once more (its exit test).
     */
    private static long[] outerIteration(List<Vertex> vs, java.util.function.Function<Vertex, long[]> count) {
        List<Integer> controls = new ArrayList<>();
        for (int c = 0; c < vs.size(); c++) if (vs.get(c).loopStay >= 0) controls.add(c);
        if (controls.size() != 2) throw new IllegalStateException("shortLoops: expected two loops, the graph has " + controls.size());
        BitSet a = body(vs, controls.get(0)), b = body(vs, controls.get(1));
        BitSet outer = a.get(controls.get(1)) ? a : b, inner = outer == a ? b : a;
        int innerControl = outer == a ? controls.get(1) : controls.get(0);
        long[] sum = new long[OpClass.values().length];
        for (int v = outer.nextSetBit(0); v >= 0; v = outer.nextSetBit(v + 1)) {
            long times = v == innerControl ? MicroBenchmarks.SHORT_TRIPS + 1 : inner.get(v) ? MicroBenchmarks.SHORT_TRIPS : 1;
            long[] n = count.apply(vs.get(v));
            for (int k = 0; k < sum.length; k++) sum[k] += times * n[k];
        }
        return sum;
    }

    /** A vertex's chain per class, doubled: whole numbers ({@link #chainPerIteration}'s halves are exact). */
    private static long[] doubledChain(Vertex v) {
        long[] c = new long[v.chain.length];
        for (int k = 0; k < c.length; k++) c[k] = Math.round(v.chain[k] * 2);
        return c;
    }

    private static double[] halves(long[] doubled) {
        double[] out = new double[doubled.length];
        for (int k = 0; k < out.length; k++) out[k] = doubled[k] / 2.0;
        return out;
    }

    /** Stride of the far walks: 4 KiB, a page and a power of two, as a transpose's column walk of a 512-double row. */
    static final int FAR_STRIDE = 4096 / Double.BYTES;
    /** The footprint beyond the largest cache, as a multiple of it. */
    static final int OUT_FACTOR = 8;

    /**
     * {@code cycles.bc.walk.near|far.LEVEL}: the time per access of {@link MicroBenchmarks#walk} over an
     * array half the size of cache LEVEL (and {@link #OUT_FACTOR} × the largest, for {@code out}), less the
     * same walk's time at the smallest cache's half: what an access costs beyond an L1 hit, which the
     * fitted instruction costs already include (their loops' arrays are 32 KiB).
     */
    private void walkCosts(Map<String, Long> caches, Map<String, Long> cycles) {
        walkReport.clear();
        if (caches.isEmpty()) return;
        List<Map.Entry<String, Long>> levels = new ArrayList<>(caches.entrySet());
        levels.sort(Map.Entry.comparingByValue());
        long largest = levels.get(levels.size() - 1).getValue();
        for (boolean far : new boolean[] {false, true}) {
            int stride = far ? FAR_STRIDE : 1;
            double base = walkTime(levels.get(0).getValue() / 2, stride);
            for (Map.Entry<String, Long> l : levels) record(far, l.getKey(), l.getValue() / 2, walkTime(l.getValue() / 2, stride), base, cycles);
            record(far, MachineModel.OUT_OF_CACHE, OUT_FACTOR * largest, walkTime(OUT_FACTOR * largest, stride), base, cycles);
        }
    }

    private void record(boolean far, String level, long bytes, double ns, double base, Map<String, Long> cycles) {
        cycles.put(Walk.machineKey(far, level), whole(Math.max(0, ns - base)));
        walkReport.add(String.format(Locale.ROOT, "walk %-4s %-3s %9d KiB  %7.3f ns per access, %+7.3f ns beyond the first level", far ? "far" : "near", level,
                bytes >> 10, ns, ns - base));
    }

    /** ns per access of a walk over {@code bytes} of doubles, {@code stride} elements apart (a multiple of the stride, so columns wrap evenly). */
    private double walkTime(long bytes, int stride) {
        int len = (int) Math.max(stride, bytes / Double.BYTES / stride * stride);
        double[] a = new double[len];
        for (int i = 0; i < len; i++) a[i] = 1 + i * 1e-9;
        return time(n -> (long) MicroBenchmarks.walk(a, stride, n));
    }

    /**
     * Measured ns per bytecode instruction over all loops: the default cost of an instruction class
     * the file does not name. (Session 30 used the simple group's fitted cost, which the chain fit
     * can make 0: a machine on which the thesis language's unnamed instructions cost nothing.)
     */
    private double meanPerInstruction() {
        double ns = 0, n = 0;
        for (CostFit.Sample s : samples) {
            ns += s.ns();
            for (long c : s.ops()) n += c;
        }
        return n > 0 ? ns / n : 0;
    }

    /**
     * One line per fitted loop of the last {@link #run}: measured ns per iteration, the fit with
     * dependency chains (what the machine file holds) and the linear fit without them (for comparison).
     */
    public List<String> fitReport() {
        List<String> out = new ArrayList<>();
        double sum = 0, sumLinear = 0;
        for (CostFit.Sample s : samples) {
            double p = CostFit.predict(s.ops(), s.chain(), fitted), q = CostFit.predict(s.ops(), linear);
            sum += Math.abs(p - s.ns()) / s.ns();
            sumLinear += Math.abs(q - s.ns()) / s.ns();
            out.add(String.format(Locale.ROOT, "%-18s measured %8.3f ns  fitted %8.3f ns %+5.0f%%  (linear %8.3f ns %+5.0f%%)", s.name(), s.ns(), p,
                    100 * (p - s.ns()) / s.ns(), q, 100 * (q - s.ns()) / s.ns()));
        }
        out.add(String.format(Locale.ROOT, "mean absolute residual: %.0f%% with chains, %.0f%% linear", 100 * sum / samples.size(), 100 * sumLinear / samples.size()));
        out.add(loopReport);
        out.add(jdkReport);
        out.addAll(walkReport);
        return out;
    }

    private interface Timed {
        double ns() throws Exception;
    }

    private double best(Timed t) throws Exception {
        double best = Double.MAX_VALUE;
        for (int r = 0; r < Math.max(3, repetitions / 2); r++) best = Math.min(best, t.ns());
        return best;
    }

    /** Best ns per iteration of {@code kernel} after warming it up. */
    private double time(IntToLongFunction kernel) {
        long sink = 0;
        for (int w = 0; w < 5; w++) sink += kernel.applyAsLong(iterations);
        double best = Double.MAX_VALUE;
        boolean threadCpu = cpu.isCurrentThreadCpuTimeSupported();
        for (int r = 0; r < repetitions; r++) {
            long t0 = threadCpu ? cpu.getCurrentThreadCpuTime() : System.nanoTime();
            sink += kernel.applyAsLong(iterations);
            long t1 = threadCpu ? cpu.getCurrentThreadCpuTime() : System.nanoTime();
            best = Math.min(best, (t1 - t0) / (double) iterations);
        }
        MicroBenchmarks.sink += sink;
        return best;
    }

    private static long whole(double ns) {
        return Math.max(0, Math.round(ns * CYCLES_PER_NS));
    }

    /**
     * Per kernel method name: instructions per class of one iteration of its loop. A loop nest
     * ({@code shortLoops}) has no one iteration: it is left out ({@link #outerPerEntry} counts its outer one).
     */
    static Map<String, long[]> instructionsPerIteration() throws IOException, EgraphException {
        return instructionsPerIteration(graph());
    }

    static Map<String, long[]> instructionsPerIteration(ExecutionGraph loops) {
        Map<String, long[]> out = new TreeMap<>();
        for (MethodGraph m : loops.methods()) if (!nest(m)) out.put(kernelName(m), loopBody(m.vertices(), v -> v.ops.clone()));
        return out;
    }

    /** Per kernel method name: instructions per class on one iteration's dependency chain (its vertices' chains); loop nests left out. */
    static Map<String, double[]> chainPerIteration() throws IOException, EgraphException {
        return chainPerIteration(graph());
    }

    private static Map<String, double[]> chainPerIteration(ExecutionGraph loops) {
        Map<String, double[]> out = new TreeMap<>();
        for (MethodGraph m : loops.methods()) {
            if (!nest(m)) out.put(kernelName(m), halves(loopBody(m.vertices(), Calibration::doubledChain)));
        }
        return out;
    }

    /** Whether method {@code m} has more than one loop: {@link #loopBody} would count its first loop's body only. */
    private static boolean nest(MethodGraph m) {
        return m.vertices().stream().filter(v -> v.loopStay >= 0).count() > 1;
    }

    private static String kernelName(MethodGraph m) {
        return m.id().substring(m.id().lastIndexOf('.') + 1, m.id().indexOf('('));
    }

    /** The execution graph of {@link MicroBenchmarks}: the loops the counts and {@link #outerPerEntry} read. */
    static ExecutionGraph graph() throws IOException, EgraphException {
        return graph(JdkBodies.running(JdkBodies.DEFAULT_DEPTH));
    }

    /** {@link #graph()} with the JDK's calls priced by {@code jdkBodies} (null: each one {@code jdk} instruction). */
    static ExecutionGraph graph(JdkBodies jdkBodies) throws IOException, EgraphException {
        String resource = "/" + MicroBenchmarks.class.getName().replace('.', '/') + ".class";
        byte[] bytes;
        try (InputStream in = MicroBenchmarks.class.getResourceAsStream(resource)) {
            if (in == null) throw new IOException("cannot read " + resource);
            bytes = in.readAllBytes();
        }
        return new GraphBuilder(ClassSource.of(bytes), jdkBodies).build(MicroBenchmarks.class.getName());
    }

    /** The instructions of the first loop's control vertex and the vertices it reaches before returning to it. */
    private static long[] loopBody(List<Vertex> vs, java.util.function.Function<Vertex, long[]> count) {
        long[] sum = new long[OpClass.values().length];
        for (int c = 0; c < vs.size(); c++) {
            if (vs.get(c).loopStay < 0) continue;
            BitSet seen = body(vs, c);
            for (int v = seen.nextSetBit(0); v >= 0; v = seen.nextSetBit(v + 1)) {
                long[] n = count.apply(vs.get(v));
                for (int k = 0; k < sum.length; k++) sum[k] += n[k];
            }
            return sum;
        }
        return sum;
    }

    /** Loop control {@code c} and the vertices it reaches through its stay edge before returning to it. */
    private static BitSet body(List<Vertex> vs, int c) {
        Vertex control = vs.get(c);
        BitSet seen = new BitSet();
        seen.set(c);
        ArrayDeque<Integer> work = new ArrayDeque<>(List.of(control.next[control.loopStay]));
        while (!work.isEmpty()) {
            int v = work.poll();
            if (seen.get(v)) continue;
            seen.set(v);
            for (int n : vs.get(v).next) if (!seen.get(n)) work.add(n);
        }
        return seen;
    }
}
