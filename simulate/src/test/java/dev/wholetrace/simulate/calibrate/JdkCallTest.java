package dev.wholetrace.simulate.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.simulate.des.Simulator;
import dev.wholetrace.simulate.egraph.EgraphException;
import dev.wholetrace.simulate.egraph.EgraphFile;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.OpClass;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.StringReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Calls into the JDK that the graph does not follow (session 39): the graph counts them as {@code jdk}
 * instructions, calibrate prices one from {@link MicroBenchmarks#jdkLoop}, and the simulator charges
 * {@code cycles.bc.jdk} for each (an older machine file: {@code cycles.bc.invoke}, as before).
 */
class JdkCallTest {
    private static final int N = OpClass.values().length;

    @Test
    void theGraphCountsTheJdkCallsItDoesNotFollowAndNothingElse() throws Exception {
        Map<String, long[]> loops = Calibration.instructionsPerIteration(Calibration.graph(null));
        // HashMap.get, Integer.intValue, Integer.valueOf, setLength, append, length, String.length, ArrayList.get twice, compareTo
        assertThat(loops.get("jdkLoop")[OpClass.JDK.ordinal()]).isEqualTo(10);
        assertThat(loops.get("callLoop")[OpClass.JDK.ordinal()]).as("Double.compare").isEqualTo(1);
        assertThat(loops.get("callLoop")[OpClass.INVOKE.ordinal()]).isZero();
        for (String notJdk : new String[] {"mathLoop", "libraryLoop", "allocLoop", "intLoop", "fieldLoop"}) {
            assertThat(loops.get(notJdk)[OpClass.JDK.ordinal()]).as(notJdk + ": math intrinsics, allocation, no call").isZero();
        }
    }

    @Test
    void withTheJdkBodiesEachCallStaysOneJdkInstructionAndItsBodyIsCounted() throws Exception {
        Map<String, long[]> plain = Calibration.instructionsPerIteration(Calibration.graph(null));
        Map<String, long[]> bodies = Calibration.instructionsPerIteration(Calibration.graph());
        // the ten sites, and the calls inside their bodies that cannot be followed (natives, Object.hashCode)
        assertThat(bodies.get("jdkLoop")[OpClass.JDK.ordinal()]).isGreaterThanOrEqualTo(10);
        assertThat(bodies.get("jdkLoop")[OpClass.FIELD_LOAD.ordinal()]).as("HashMap.get reads its table").isGreaterThan(plain.get("jdkLoop")[OpClass.FIELD_LOAD.ordinal()]);
        assertThat(bodies.get("callLoop")[OpClass.FP.ordinal()]).as("Double.compare's comparisons").isPositive();
        assertThat(bodies.get("callLoop")[OpClass.JDK.ordinal()]).isEqualTo(1);
        for (String noCall : new String[] {"intLoop", "fieldLoop", "allocLoop", "mathLoop"}) {
            assertThat(bodies.get(noCall)).as(noCall + ": no JDK call, the same counts").isEqualTo(plain.get(noCall));
        }
    }

    @Test
    void aJdkCallCostsWhatItsLoopMeasuresBeyondTheRestPerCall() {
        double[] fitted = new double[2 * N];
        for (OpClass c : OpClass.values()) fitted[c.ordinal()] = 0.1;
        fitted[OpClass.INT.ordinal()] = 0.3;
        long[] ops = new long[N];
        ops[OpClass.INT.ordinal()] = 4;
        ops[OpClass.LOCAL.ordinal()] = 6;
        ops[OpClass.JDK.ordinal()] = 5;
        double[] chain = new double[N];
        chain[OpClass.INT.ordinal()] = 1;
        fitted[N + OpClass.INT.ordinal()] = 0.5;
        double rest = 4 * 0.3 + 6 * 0.1 + 0.5, perCall = 2.5;
        assertThat(Calibration.jdkCall(rest + 5 * perCall, ops, chain, fitted)).isCloseTo(perCall, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(Calibration.jdkCall(rest / 2, ops, chain, fitted)).as("faster than the rest: 0, never negative").isZero();
        ops[OpClass.JDK.ordinal()] = 0;
        assertThatThrownBy(() -> Calibration.jdkCall(1, ops, chain, fitted)).isInstanceOf(IllegalStateException.class);
    }

    private static final String ONE_THREAD = """
            egraph 6
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            tree 0 2
            v 0 bci=0 ops=local:2,jdk:3,invoke:1 next=1
            v 1 bci=4 ops=return:1
            """;

    private static MachineModel machine(Map<String, Long> cycles) {
        return new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1, cycles, Map.of());
    }

    @Test
    void theSimulatorChargesEachJdkCallItsCostAndAnOlderFileTheInvokes() throws Exception {
        ExecutionGraph g = EgraphFile.parse(new StringReader(ONE_THREAD), "test");
        double priced = new Simulator(g, machine(Map.of("default", 1L, "bc.invoke", 7L, "bc.jdk", 40L)), 1_000).run().cycles();
        assertThat(priced).isEqualTo(2 + 3 * 40 + 7 + 1);
        double older = new Simulator(g, machine(Map.of("default", 1L, "bc.invoke", 7L)), 1_000).run().cycles();
        assertThat(older).as("no cycles.bc.jdk: a JDK call costs an invoke, as before session 39").isEqualTo(2 + 3 * 7 + 7 + 1);
    }

    @Test
    void aVersion5FileHasNoJdkClass() {
        assertThatThrownBy(() -> EgraphFile.parse(new StringReader(ONE_THREAD.replace("egraph 6", "egraph 5")), "test"))
                .isInstanceOf(EgraphException.class).hasMessageContaining("jdk");
    }
}
