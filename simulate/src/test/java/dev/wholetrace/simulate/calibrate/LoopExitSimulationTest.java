package dev.wholetrace.simulate.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wholetrace.simulate.des.Simulator;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.OpClass;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.machine.MachineModel;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * End to end: a machine built from fitted costs and a loop exit X, simulating the calibration's own
 * {@code shortLoops} and {@code axpyLoop} graphs, spends per inner-loop entry beyond
 * {@link MicroBenchmarks#SHORT_TRIPS} axpy iterations exactly {@link Calibration#outerPerEntry} + X: what
 * {@code calibrate} subtracts is what the simulator charges on its own.
 */
class LoopExitSimulationTest {
    private static final int N = OpClass.values().length;
    private static final long EXIT = 70; // cycles

    @Test
    void anEntryCostsTheOuterInstructionsPlusTheLoopExit() throws Exception {
        double[] fitted = new double[2 * N]; // cycles, as ns: the outer cost is compared in the same unit
        Map<String, Long> cycles = new HashMap<>();
        long k = 3;
        for (OpClass c : OpClass.values()) {
            fitted[c.ordinal()] = k;
            cycles.put(c.machineKey(), k);
            k = k % 7 + 2; // different costs per class, so that a class counted on the wrong side shows
        }
        for (OpClass c : CostFit.CHAIN) {
            fitted[N + c.ordinal()] = 11;
            cycles.put(c.chainKey(), 11L);
        }
        cycles.put(MachineModel.DEFAULT_CLASS, 1L);
        cycles.put(MachineModel.LOOP_EXIT, EXIT);
        MachineModel m = new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 1L << 40, 0, 1, cycles, Map.of());
        int entries1 = 50, entries2 = 150;
        double perEntry = (shortLoops(m, entries2) - shortLoops(m, entries1)) / (entries2 - entries1);
        int trips = MicroBenchmarks.SHORT_TRIPS;
        double perIteration = (axpy(m, trips * entries2) - axpy(m, trips * entries1)) / (trips * (entries2 - entries1));
        double outer = Calibration.outerPerEntry(fitted);
        assertTrue(outer > 0, "the outer loop's instructions cost something: " + outer);
        assertEquals(outer + EXIT, perEntry - trips * perIteration, 1e-6 * perEntry);
    }

    /** Simulated cycles of {@code shortLoops} with {@code entries} entries of its inner loop. */
    private static double shortLoops(MachineModel m, int entries) throws Exception {
        ExecutionGraph g = Calibration.graph();
        MethodGraph method = method(g, "shortLoops");
        List<Vertex> vs = method.vertices();
        int outer = -1, inner = -1;
        for (int v = 0; v < vs.size(); v++) {
            if (vs.get(v).loopStay < 0) continue;
            if (outer < 0) outer = v; // a guess, checked below
            else inner = v;
        }
        // the inner control is reached from the outer's stay edge; the outer's control is not reached from the inner's
        if (reaches(vs, vs.get(inner).next[vs.get(inner).loopStay], outer, inner)) {
            int t = outer;
            outer = inner;
            inner = t;
        }
        vs.get(outer).trips = entries;
        vs.get(inner).trips = MicroBenchmarks.SHORT_TRIPS;
        return run(g, method, m);
    }

    private static double axpy(MachineModel m, int iterations) throws Exception {
        ExecutionGraph g = Calibration.graph();
        MethodGraph method = method(g, "axpyLoop");
        for (Vertex v : method.vertices()) if (v.loopStay >= 0) v.trips = iterations;
        return run(g, method, m);
    }

    private static double run(ExecutionGraph g, MethodGraph method, MachineModel m) {
        return new Simulator(new ExecutionGraph(g.methods().indexOf(method), g.methods()), m, Long.MAX_VALUE / 4).run().cycles();
    }

    /** Whether {@code target} is reachable from {@code from} without passing {@code stop}. */
    private static boolean reaches(List<Vertex> vs, int from, int target, int stop) {
        BitSet seen = new BitSet();
        ArrayDeque<Integer> work = new ArrayDeque<>(List.of(from));
        while (!work.isEmpty()) {
            int v = work.poll();
            if (v == target) return true;
            if (v == stop || seen.get(v)) continue;
            seen.set(v);
            for (int n : vs.get(v).next) work.add(n);
        }
        return false;
    }

    private static MethodGraph method(ExecutionGraph g, String name) {
        return g.methods().stream().filter(x -> x.id().contains("." + name + "(")).findFirst().orElseThrow();
    }
}
