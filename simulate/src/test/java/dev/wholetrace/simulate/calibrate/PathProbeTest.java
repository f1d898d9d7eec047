package dev.wholetrace.simulate.calibrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.OpClass;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.machine.MachineModel;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

/** The straight-line path step of calibrate (session 43): what the graph counts on its probe, and the share it derives. */
class PathProbeTest {
    @Test
    void theProbesPathIsItsPolynomialAndNoLoopBodyHasAPath() throws Exception {
        ExecutionGraph g = Calibration.graph();
        double fp = 0;
        for (Vertex v : Calibration.method(g, "straightLine").vertices()) fp += v.path[OpClass.FP.ordinal()];
        assertThat(fp).isEqualTo(2 * MicroBenchmarks.PATH_DEGREE); // a multiply and an add per degree, one chain
        // the fitted loops are loop bodies: no path, so the fit (and every file's fitted costs) is as before
        for (String loop : MicroBenchmarks.FITTED) {
            MethodGraph m = Calibration.method(g, loop);
            for (Vertex v : m.vertices()) if (v.loopStay >= 0) assertThat(v.hasPath()).as(loop).isFalse();
        }
        assertThat(Calibration.instructionsPerIteration(g).get("pathLoop")[OpClass.INVOKE.ordinal()]).as("a real call, not inlined").isEqualTo(1);
    }

    private static MachineModel machine(Map<String, Long> cycles) {
        return new MachineModel("m", 1, 1e11, MachineModel.Scheduling.FIFO, 1000, 0, 1, cycles, Map.of("jvm.call", 50L));
    }

    /** Property: a time made of the machine's price plus a share of the path's latency gives that share back, and the fp key that is that share of its latency. */
    @Property(tries = 200)
    void theShareIsRecoveredFromASyntheticTime(@ForAll @DoubleRange(min = 0, max = 2) double share, @ForAll @DoubleRange(min = 1, max = 60) double fpCost,
            @ForAll @DoubleRange(min = 0, max = 80) double fpChain) throws Exception {
        ExecutionGraph g = Calibration.graph();
        MachineModel m = machine(Map.of("default", 7L, "bc.fp", Math.round(fpCost), "bc.chain.fp", Math.round(fpChain), "bc.int", 3L, "bc.chain.int", 20L));
        PathProbe.Result zero = PathProbe.price(1e-9, g, m); // 1e-9 ns: below the price, a share of 0
        assertThat(zero.share()).isZero();
        double lat = Math.round(fpCost) + Math.round(fpChain);
        double ns = zero.pricedNs() + share * 2 * MicroBenchmarks.PATH_DEGREE * lat / 100; // 1e11 Hz: 100 cycles a ns
        PathProbe.Result r = PathProbe.price(ns, g, m);
        assertThat(r.share()).isCloseTo(share, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.cycles().get("bc.path.fp")).isEqualTo(Math.round(share * lat));
        assertThat(r.cycles()).containsOnlyKeys("bc.path.fp"); // only the class the probe measures
    }
}
