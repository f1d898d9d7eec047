package dev.wholetrace.simulate.egraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.simulate.des.SimResult;
import dev.wholetrace.simulate.des.Simulator;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** Session 43's straight-line paths (docs/egraph.md, "Straight-line paths"): the format, and what the simulator charges for them. */
class StraightLinePathTest {
    private static final Map<String, Long> BASE = Map.of("default", 1L, "bc.int", 3L, "bc.fp", 4L, "bc.div", 30L, MachineModel.LOOP_EXIT, 11L);

    private static MachineModel machine(int processors, int scheduling, int slice, long seed, Map<String, Long> cycles) {
        return new MachineModel("p", processors, 1e9, MachineModel.Scheduling.values()[scheduling], slice, 0, seed, cycles,
                Map.of("jvm.monitor-enter", 20L, "jvm.thread-start", 500L, "jvm.context-switch", 7L, "jvm.handover", 5L));
    }

    /** A machine file without {@code cycles.bc.path.*} (every file before session 43) simulates a graph with paths exactly as the same graph without them. */
    @Property(tries = 150)
    void aMachineWithoutPathKeysIgnoresPaths(@ForAll @LongRange(min = 0, max = 1_000_000) long graphSeed, @ForAll @IntRange(min = 1, max = 4) int processors,
            @ForAll @IntRange(min = 0, max = 2) int scheduling, @ForAll @IntRange(min = 1, max = 200) int slice, @ForAll @LongRange(min = 1, max = 99) long seed) {
        ExecutionGraph withPaths = OptimizerPropertyTest.randomGraph(graphSeed);
        ExecutionGraph without = withPaths.copy();
        for (MethodGraph m : without.methods()) for (Vertex v : m.vertices()) v.path = new double[OpClass.count()];
        MachineModel m = machine(processors, scheduling, slice, seed, BASE);
        SimResult a = new Simulator(withPaths, m, 200_000).run(), b = new Simulator(without, m, 200_000).run();
        Assume.that(!a.truncated());
        assertThat(a.cycles()).isEqualTo(b.cycles());
        assertThat(a.threads()).isEqualTo(b.threads());
        assertThat(a.waitCycles()).isEqualTo(b.waitCycles());
    }

    /**
     * With the keys, one thread on one processor pays exactly each entered vertex's path at the path prices on top:
     * the path overlaps nothing (property over random single-method programs without actions).
     */
    @Property(tries = 200)
    void aPathCostsItsPriceOnTopPerEntry(@ForAll @LongRange(min = 0, max = 1_000_000) long graphSeed, @ForAll @IntRange(min = 0, max = 50) int fp,
            @ForAll @IntRange(min = 0, max = 50) int integer) {
        ExecutionGraph g = OptimizerPropertyTest.randomGraph(graphSeed);
        MethodGraph main = g.methods().get(0);
        for (Vertex v : main.vertices()) { // one method, no synchronization: every cycle is the vertices' own
            v.action = Action.NONE;
            v.key = null;
            v.setTargets(new int[0]);
        }
        Map<String, Long> priced = new HashMap<>(BASE);
        priced.put(OpClass.FP.pathKey(), (long) fp);
        priced.put(OpClass.INT.pathKey(), (long) integer);
        SimResult a = new Simulator(g, machine(1, 0, 1_000_000, 1, BASE), 200_000).run();
        Simulator s = new Simulator(g, machine(1, 0, 1_000_000, 1, priced), 200_000);
        SimResult b = s.run();
        Assume.that(!a.truncated() && !b.truncated());
        double extra = 0;
        for (int v = 0; v < main.vertices().size(); v++) {
            double[] p = main.vertices().get(v).path;
            extra += s.entered(0, v) * (p[OpClass.FP.ordinal()] * fp + p[OpClass.INT.ordinal()] * integer);
        }
        assertThat(b.cycles()).isCloseTo(a.cycles() + extra, org.assertj.core.data.Offset.offset(1e-6 * (1 + b.cycles())));
    }

    @Test
    void pathsRoundTripInVersion7AndAreAnErrorBefore() throws Exception {
        String text = """
                egraph 7
                entry 0
                method 0 p/C.m()V
                tree 0 2
                v 0 bci=0 ops=local:1,fp:3 path=fp:3 next=1
                v 1 bci=4 ops=return:1
                """;
        ExecutionGraph g = EgraphFile.parse(new StringReader(text), "t");
        assertThat(g.methods().get(0).vertices().get(0).path[OpClass.FP.ordinal()]).isEqualTo(3);
        StringWriter w = new StringWriter();
        EgraphFile.write(g, w);
        assertThat(w.toString()).contains("ops=local:1,fp:3 path=fp:3 next=1");
        assertThat(EgraphFile.parse(new StringReader(w.toString()), "t2").methods().get(0).vertices().get(0).path).isEqualTo(g.methods().get(0).vertices().get(0).path);
        assertThatThrownBy(() -> EgraphFile.parse(new StringReader(text.replace("egraph 7", "egraph 6")), "t"))
                .hasMessage("t:5: a path in a version 6 file (paths came in version 7)");
        assertThatThrownBy(() -> EgraphFile.parse(new StringReader(text.replace("path=fp:3", "path=fp:-1")), "t"))
                .hasMessage("t:5: a path count must be a number ≥ 0, not fp:-1");
    }
}
