package dev.wholetrace.simulate.calibrate;

import dev.wholetrace.simulate.egraph.ClassSource;
import dev.wholetrace.simulate.egraph.EgraphException;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.GraphBuilder;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.OpClass;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntToLongFunction;

/**
 * {@code wholetrace calibrate}: fits a machine model to the machine it runs on (docs/machine-model.md,
 * "Calibration"). One cycle is 0.1 ns ({@code clock.hz=1e10}), so that costs below a nanosecond stay
 * whole numbers. The procedure:
 * <ol>
 *   <li>each compute kernel of {@link MicroBenchmarks} is warmed up and timed (best of several
 *       repetitions, ns per iteration);
 *   <li>the graph generator reads MicroBenchmarks' own bytecode: instructions per class in one
 *       loop iteration;
 *   <li>{@code cycles.default} is the int kernel's time per instruction; fp/div, array and field
 *       classes get what their kernels take beyond their other instructions at that rate;
 *   <li>monitor and lock costs are the time per uncontended enter/exit beyond the loop body;
 *       thread start, barrier await and hand-over are timed with real threads.
 * </ol>
 * No factor depends on a workload.
 */
public final class Calibration {
    private static final double CYCLES_PER_NS = 10;
    private final int repetitions;
    private final int iterations;

    /** @param repetitions timed repetitions per kernel (the best counts); @param iterations loop iterations per repetition */
    public Calibration(int repetitions, int iterations) {
        this.repetitions = repetitions;
        this.iterations = iterations;
    }

    /** Measures and fits; {@code name} names the machine in the file. */
    public MachineModel run(String name, int processors) throws EgraphException, IOException, InterruptedException, Exception {
        Map<String, long[]> perIteration = instructionsPerIteration();
        MicroBenchmarks b = new MicroBenchmarks();
        double tInt = time(b::intLoop), tFp = time(n -> (long) b.fpLoop(n)), tArray = time(b::arrayLoop), tField = time(b::fieldLoop);
        double tMonitor = time(b::monitorLoop), tLock = time(b::lockLoop);
        long[] intOps = perIteration.get("intLoop");
        double perInsn = tInt / total(intOps); // ns per instruction of the general classes
        Map<String, Long> cycles = new TreeMap<>();
        cycles.put(MachineModel.DEFAULT_CLASS, whole(perInsn));
        double fp = extra(tFp, perIteration.get("fpLoop"), perInsn, OpClass.FP, OpClass.DIV);
        cycles.put(OpClass.FP.machineKey(), whole(fp));
        cycles.put(OpClass.DIV.machineKey(), whole(fp * 4)); // division: not timed alone, about 4 multiplies on current cores
        double array = extra(tArray, perIteration.get("arrayLoop"), perInsn, OpClass.ARRAY_LOAD, OpClass.ARRAY_STORE);
        cycles.put(OpClass.ARRAY_LOAD.machineKey(), whole(array));
        cycles.put(OpClass.ARRAY_STORE.machineKey(), whole(array));
        double field = extra(tField, perIteration.get("fieldLoop"), perInsn, OpClass.FIELD_LOAD, OpClass.FIELD_STORE);
        cycles.put(OpClass.FIELD_LOAD.machineKey(), whole(field));
        cycles.put(OpClass.FIELD_STORE.machineKey(), whole(field));
        Map<String, Long> costs = new TreeMap<>();
        costs.put("jvm.monitor-enter", whole(Math.max(0, tMonitor - total(perIteration.get("monitorLoop")) * perInsn)));
        costs.put("jvm.lock", whole(Math.max(0, tLock - total(perIteration.get("lockLoop")) * perInsn)));
        MicroBenchmarks.threadStartJoin(200);
        costs.put("jvm.thread-start", whole(best(() -> MicroBenchmarks.threadStartJoin(500))));
        double barrier = best(() -> MicroBenchmarks.barrierAwait(2000));
        costs.put("jvm.barrier", whole(barrier));
        double handover = best(() -> MicroBenchmarks.handover(2000));
        costs.put("jvm.handover", whole(handover));
        costs.put("jvm.context-switch", whole(handover));
        return new MachineModel(name, processors, 1e9 * CYCLES_PER_NS, MachineModel.Scheduling.ROUND_ROBIN, whole(4_000_000), 0, 1, cycles, costs);
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
        for (int r = 0; r < repetitions; r++) {
            long t0 = System.nanoTime();
            sink += kernel.applyAsLong(iterations);
            best = Math.min(best, (System.nanoTime() - t0) / (double) iterations);
        }
        MicroBenchmarks.sink += sink;
        return best;
    }

    /** ns per instruction of {@code classes}: what the kernel takes beyond its other instructions at {@code perInsn}. */
    private static double extra(double t, long[] ops, double perInsn, OpClass... classes) {
        long own = 0;
        for (OpClass c : classes) own += ops[c.ordinal()];
        double rest = (total(ops) - own) * perInsn;
        return own == 0 ? perInsn : Math.max(0, (t - rest) / own);
    }

    private static long total(long[] ops) {
        long n = 0;
        for (long c : ops) n += c;
        return n;
    }

    private static long whole(double ns) {
        return Math.max(0, Math.round(ns * CYCLES_PER_NS));
    }

    /** Per kernel method name: instructions per class of one iteration of its loop. */
    static Map<String, long[]> instructionsPerIteration() throws IOException, EgraphException {
        String resource = "/" + MicroBenchmarks.class.getName().replace('.', '/') + ".class";
        byte[] bytes;
        try (InputStream in = MicroBenchmarks.class.getResourceAsStream(resource)) {
            if (in == null) throw new IOException("cannot read " + resource);
            bytes = in.readAllBytes();
        }
        ExecutionGraph g = new GraphBuilder(ClassSource.of(bytes)).build(MicroBenchmarks.class.getName());
        Map<String, long[]> out = new TreeMap<>();
        for (MethodGraph m : g.methods()) {
            String name = m.id().substring(m.id().lastIndexOf('.') + 1, m.id().indexOf('('));
            out.put(name, loopBody(m.vertices()));
        }
        return out;
    }

    /** The instructions of the first loop's control vertex and the vertices it reaches before returning to it. */
    private static long[] loopBody(List<Vertex> vs) {
        long[] sum = new long[OpClass.values().length];
        for (int c = 0; c < vs.size(); c++) {
            Vertex control = vs.get(c);
            if (control.loopStay < 0) continue;
            BitSet seen = new BitSet();
            seen.set(c);
            ArrayDeque<Integer> work = new ArrayDeque<>(List.of(control.next[control.loopStay]));
            while (!work.isEmpty()) {
                int v = work.poll();
                if (seen.get(v)) continue;
                seen.set(v);
                for (int n : vs.get(v).next) if (!seen.get(n)) work.add(n);
            }
            for (int v = seen.nextSetBit(0); v >= 0; v = seen.nextSetBit(v + 1)) for (int k = 0; k < sum.length; k++) sum[k] += vs.get(v).ops[k];
            return sum;
        }
        return sum;
    }
}
