package dev.wholetrace.simulate.egraph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.des.SimResult;
import dev.wholetrace.simulate.des.Simulator;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.StringReader;
import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The mispredicted-branch term ({@code cycles.bc.mispredict}, session 46; docs/machine-model.md, "Mispredicted branches"). */
class MispredictTest {
    private static final Map<String, Long> COSTS = Map.of("jvm.monitor-enter", 20L, "jvm.thread-start", 500L, "jvm.context-switch", 7L, "jvm.handover", 5L);

    private static Map<String, Long> cycles(Long mispredict) {
        Map<String, Long> c = new HashMap<>(Map.of("default", 1L, "bc.int", 3L, "bc.fp", 4L, "bc.div", 30L, MachineModel.LOOP_EXIT, 11L));
        if (mispredict != null) c.put(MachineModel.MISPREDICT, mispredict);
        return c;
    }

    /** A machine file without the key predicts what one with it at 0 does: every time of every random program, on every machine. */
    @Property(tries = 150)
    void aMachineWithoutTheKeyPredictsAsBefore(@ForAll @LongRange(min = 0, max = 1_000_000) long graphSeed, @ForAll @IntRange(min = 1, max = 4) int processors,
            @ForAll @IntRange(min = 0, max = 2) int scheduling, @ForAll @IntRange(min = 1, max = 200) int slice, @ForAll @LongRange(min = 1, max = 99) long seed) {
        ExecutionGraph g = OptimizerPropertyTest.randomGraph(graphSeed);
        MachineModel.Scheduling s = MachineModel.Scheduling.values()[scheduling];
        SimResult without = new Simulator(g, new MachineModel("p", processors, 1e9, s, slice, 0, seed, cycles(null), COSTS), 200_000).run();
        SimResult zero = new Simulator(g, new MachineModel("p", processors, 1e9, s, slice, 0, seed, cycles(0L), COSTS), 200_000).run();
        assertThat(zero.cycles()).isEqualTo(without.cycles());
        assertThat(zero.threads()).isEqualTo(without.threads());
        assertThat(zero.methodCycles()).isEqualTo(without.methodCycles());
        assertThat(zero.waitCycles()).isEqualTo(without.waitCycles());
    }

    /**
     * With the key, one thread pays exactly its price times each decision's wrong share per visit when the decision's
     * block reads data, and nothing at a loop control or a decision on int locals only (random single-threaded programs: calls kept, no synchronization).
     */
    @Property(tries = 150)
    void eachVisitOfADecisionPaysItsWrongShare(@ForAll @LongRange(min = 0, max = 1_000_000) long graphSeed, @ForAll @LongRange(min = 1, max = 1000) long price) {
        ExecutionGraph g = OptimizerPropertyTest.randomGraph(graphSeed);
        for (MethodGraph m : g.methods()) {
            for (Vertex v : m.vertices()) {
                if (v.action != Action.CALL) {
                    v.action = Action.NONE;
                    v.key = null;
                    v.setTargets(new int[0]);
                }
            }
        }
        MachineModel plain = new MachineModel("p", 1, 1e9, MachineModel.Scheduling.FIFO, 100, 0, 7, cycles(null), COSTS);
        Simulator before = new Simulator(g, plain, 200_000), after = new Simulator(g, new MachineModel("p", 1, 1e9, MachineModel.Scheduling.FIFO, 100, 0, 7, cycles(price), COSTS), 200_000);
        SimResult a = before.run(), b = after.run();
        Assume.that(!a.truncated() && !b.truncated());
        double expected = 0;
        for (int m = 0; m < g.methods().size(); m++) {
            for (int v = 0; v < g.methods().get(m).vertices().size(); v++) {
                Vertex x = g.methods().get(m).vertices().get(v);
                assertThat(after.entered(m, v)).isEqualTo(before.entered(m, v)); // the same path: the price moves no draw
                if (x.loopStay < 0 && x.next.length > 1 && Simulator.readsData(x)) expected += after.entered(m, v) * price * Simulator.wrongShare(x.weights);
            }
        }
        assertThat(b.cycles()).isCloseTo(a.cycles() + expected, org.assertj.core.api.Assertions.within(1e-6 * (1 + a.cycles())));
    }

    @Test
    void aLoopOfEightPaysAQuarterOfItsDataDecisionsAndNothingForItsControl() throws Exception {
        ExecutionGraph g = EgraphFile.parse(new StringReader("""
                egraph 6
                entry 0
                method 0 t/Main.main([Ljava/lang/String;)V
                tree 0 6
                v 0 bci=0 ops=local:1 next=1
                v 1 bci=1 ops=branch:1 next=2,5 loop=0 trips=8
                v 2 bci=2 ops=array-load:1,branch:1 next=3,4 w=3,1
                v 3 bci=3 ops=int:1 next=1
                v 4 bci=4 ops=int:1 next=1
                v 5 bci=5 ops=return:1
                """), "test");
        MachineModel plain = new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1, Map.of("default", 1L), Map.of());
        MachineModel priced = new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1, Map.of("default", 1L, MachineModel.MISPREDICT, 400L), Map.of());
        // v0 + 9 tests + 8 × (decision + one arm) + return; then 8 visits × 400 × (1 − 3/4)
        assertThat(new Simulator(g, plain, 1_000_000).run().cycles()).isEqualTo(1 + 9 + 8 * 3 + 1.0);
        assertThat(new Simulator(g, priced, 1_000_000).run().cycles()).isEqualTo(35 + 8 * 100.0);
        // the same decision on int locals only (a bit reversal's j > i): taken to follow a pattern, not priced
        g.methods().get(0).vertices().get(2).ops[OpClass.ARRAY_LOAD.ordinal()] = 0;
        g.methods().get(0).vertices().get(2).ops[OpClass.LOCAL.ordinal()] = 1;
        assertThat(new Simulator(g, priced, 1_000_000).run().cycles()).isEqualTo(35.0);
    }

    @Test
    void wrongShareIsWhatTheLikeliestEdgeLeaves() {
        assertThat(Simulator.wrongShare(new double[] {1})).isZero();
        assertThat(Simulator.wrongShare(new double[] {1, 1})).isEqualTo(0.5);
        assertThat(Simulator.wrongShare(new double[] {9, 1})).isCloseTo(0.1, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(Simulator.wrongShare(new double[] {2, 1, 1})).isEqualTo(0.5);
        assertThat(Simulator.wrongShare(new double[] {0, 0})).isZero();
    }
}
