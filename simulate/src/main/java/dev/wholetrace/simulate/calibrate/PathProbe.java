package dev.wholetrace.simulate.calibrate;

import dev.wholetrace.simulate.egraph.EgraphException;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.OpClass;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The straight-line path step of {@code calibrate} (session 43, docs/machine-model.md, "Straight-line paths"):
 * times {@link MicroBenchmarks#pathLoop} — calls of a method whose instructions are one long dependency chain —
 * and prices what its instructions cost beyond a machine's throughput, chain and call costs, as a share
 * {@code u} of the latency the machine gives the instructions on the path: a floating-point instruction on a
 * straight-line vertex's path costs {@code cycles.bc.path.fp = u × (cycles.bc.fp + cycles.bc.chain.fp)}. Only the
 * class the probe measures is priced: the share of an integer, division or square-root chain, or of a load's, is
 * not extrapolated from it (session 43: extrapolated by their fitted latencies, division and square root on Water's
 * paths made Water 35 % dearer, twice what floating point alone does).
 */
public final class PathProbe {
    /** What the step measured and the keys it derives. */
    public record Result(double ns, double pricedNs, double pathNs, double share, Map<String, Long> cycles) {
        public List<String> report() {
            return List.of(String.format(Locale.ROOT,
                    "straight-line path: %.3f ns per call of a %d-degree polynomial, %.3f ns of it priced by throughput, chains and the call; "
                            + "its path's latency %.3f ns: %.3f of it exposed -> %s",
                    ns, MicroBenchmarks.PATH_DEGREE, pricedNs, pathNs, share, cycles));
        }
    }

    private PathProbe() {}

    /** Times the probe with {@code timing}'s repetitions and prices it on {@code m}. */
    public static Result measure(Calibration timing, MachineModel m) throws IOException, EgraphException {
        MicroBenchmarks b = new MicroBenchmarks();
        double ns = timing.time(n -> (long) b.pathLoop(n));
        return price(ns, Calibration.graph(), m);
    }

    /**
     * The keys from a measured {@code ns} per iteration of {@link MicroBenchmarks#pathLoop}, whose instructions
     * are read from {@code loops} (its loop body and {@link MicroBenchmarks#straightLine}'s vertices), on
     * machine {@code m}'s costs. The share is never below 0.
     */
    static Result price(double ns, ExecutionGraph loops, MachineModel m) {
        long[] ops = Calibration.instructionsPerIteration(loops).get("pathLoop").clone();
        double[] chain = Calibration.chainPerIteration(loops).get("pathLoop");
        double[] path = new double[OpClass.values().length];
        MethodGraph callee = Calibration.method(loops, "straightLine");
        for (Vertex v : callee.vertices()) {
            for (int k = 0; k < ops.length; k++) ops[k] += v.ops[k];
            for (int k = 0; k < path.length; k++) path[k] += v.path[k];
        }
        double cycles = m.costOf("jvm.call"), latency = 0;
        for (OpClass c : OpClass.values()) {
            cycles += ops[c.ordinal()] * (c == OpClass.JDK ? m.jdkCallCycles() : m.cyclesOf(c.machineKey()))
                    + chain[c.ordinal()] * m.cycles().getOrDefault(c.chainKey(), 0L);
        }
        Map<String, Long> out = new TreeMap<>();
        double[] lat = new double[OpClass.values().length];
        for (OpClass c : CostFit.CHAIN) {
            lat[c.ordinal()] = m.cyclesOf(c.machineKey()) + m.cycles().getOrDefault(c.chainKey(), 0L);
            latency += path[c.ordinal()] * lat[c.ordinal()];
        }
        if (!(latency > 0)) throw new IllegalStateException("pathLoop: no priced instruction on straightLine's path");
        double measured = ns * 1e-9 * m.clockHz();
        double share = Math.max(0, (measured - cycles) / latency);
        out.put(OpClass.FP.pathKey(), Math.round(share * lat[OpClass.FP.ordinal()])); // the class the probe measures: no other is extrapolated
        double perNs = m.clockHz() * 1e-9;
        return new Result(ns, cycles / perNs, latency / perNs, share, out);
    }
}
