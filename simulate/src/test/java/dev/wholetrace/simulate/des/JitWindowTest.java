package dev.wholetrace.simulate.des;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wholetrace.simulate.egraph.EgraphFile;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.machine.JitCosts;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The JIT term (session 41, docs/machine-model.md "The JIT term"): counters, compile steps, the window. */
class JitWindowTest {
    /** main calls work() TRIPS times in a loop; work is 100 int instructions and a return at bci 9 (10 bytes). */
    static final String CALLS = """
            egraph 3
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            method 1 t/Main.work()V
            tree 0 4
            v 0 bci=0 ops=local:1 next=1
            v 1 bci=1 ops=branch:1 next=2,3 loop=0 trips=TRIPS
            v 2 bci=2 ops=local:1 act=call calls=1 next=1
            v 3 bci=30 ops=return:1
            tree 1 2
            v 0 bci=0 ops=int:100 next=1
            v 1 bci=9 ops=return:1
            """;

    static ExecutionGraph graph(int trips) throws Exception {
        return EgraphFile.parse(new StringReader(CALLS.replace("TRIPS", Integer.toString(trips))), "test");
    }

    static MachineModel machine(int procs, JitCosts jit) {
        // main's loop control and call cost nothing: work() is the only code with a price
        return new MachineModel("t", procs, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1, Map.of("default", 1L, "bc.local", 0L, "bc.branch", 0L), Map.of())
                .withJit(jit);
    }

    /**
     * C1 at 200 invocations, C2 at 5000 (HotSpot's defaults but for the mixed rule, which these tests make unreachable), C2 on
     * the stack at 40 000 back-edges (main's loop is compiled only so: at step 400 when it takes 100 back-edges a step); 2 and
     * 1000 cycles a byte.
     */
    static final JitCosts JIT = new JitCosts(2, 1000, 20, 3, new JitCosts.Thresholds(200, 100_000, 1_000_000, 1_000_000_000),
            new JitCosts.Thresholds(5000, 100_000, 1_000_000, 40_000));

    @Test
    void theSimulatorCountsInvocationsAndBackEdges() throws Exception {
        SimResult r = new Simulator(graph(7), machine(1, JitCosts.NONE), 1_000_000).run();
        assertThat(r.methodCounts().get("t/Main.work()V")).isEqualTo(new SimResult.MethodCount(7, 0));
        assertThat(r.methodCounts().get("t/Main.main([Ljava/lang/String;)V")).isEqualTo(new SimResult.MethodCount(1, 7));
    }

    @Test
    void aJitTermDoesNotChangeTheSimulatedRun() throws Exception {
        SimResult without = new Simulator(graph(50), machine(2, JitCosts.NONE), 1_000_000).run();
        SimResult with = new Simulator(graph(50), machine(2, JIT), 1_000_000).run();
        assertThat(with).isEqualTo(without);
    }

    @Test
    void compileStepsAreWhereTheLinearCountersPassTheThresholds() {
        JitWindow.Linear inv = new JitWindow.Linear(10, 0 + 10 * 1, 0, 1); // 10 at step 0, 10 more a step... from two points
        assertThat(inv.rate()).isEqualTo(0.0);
        JitWindow.Linear calls = new JitWindow.Linear(30, 70, 2, 6); // 10 a step, 10 at step 0 (start-up)
        assertThat(calls.at0()).isEqualTo(10.0);
        assertThat(calls.firstReaching(200)).isEqualTo(19.0);
        assertThat(calls.firstReaching(5)).isZero(); // during start-up
        assertThat(new JitWindow.Linear(3, 3, 2, 6).firstReaching(200)).isInfinite();
        JitWindow.Linear back = new JitWindow.Linear(0, 0, 2, 6);
        double[] t4 = JitWindow.compileSteps(calls, new JitWindow.Linear(0, 4000, 2, 6), JIT.tier4());
        assertThat(t4[0]).isEqualTo(499.0); // 5000 invocations
        assertThat(t4[1]).isEqualTo(2 + 40_000 / 1000.0); // on-stack: 40 000 back-edges at 1000 a step from 0 at step 2
        assertThat(JitWindow.compileSteps(calls, back, JIT.tier4())[1]).isInfinite();
    }

    @Test
    void theTermCountsCompilationsInTheWindowAndTheSlowPhase() throws Exception {
        // work() runs 100 times a step (recorded at steps 2 and 6: 200 and 600 calls): C1 at step 2, C2 at step 50
        MachineModel m = machine(1, JIT);
        ExecutionGraph g2 = graph(200), g6 = graph(600);
        SimResult a = new Simulator(g2, m, 10_000_000).run(), b = new Simulator(g6, m, 10_000_000).run();
        JitWindow.Term t = JitWindow.term(g6, JIT, a, b, 2, 6, 20, 720);
        assertThat(t.c1Compilations()).isZero(); // at step 2: before the window
        assertThat(t.c2Compilations()).isEqualTo(2); // work() at step 50, main's loop on the stack at step 400
        assertThat(t.c2Cycles()).isEqualTo(1000 * (10.0 + 31));
        // work's own cycles: 101 a call, 100 calls a step; C1 code (factor 3) from step 20 to 50
        assertThat(t.slowCycles()).isCloseTo(101 * 100 * (3 - 1) * 30.0, within(1e-6));
        JitWindow.Term early = JitWindow.term(g6, JIT, a, b, 2, 6, 0, 10);
        assertThat(early.c1Compilations()).isEqualTo(1);
        assertThat(early.c1Cycles()).isEqualTo(2 * 10.0);
        assertThat(early.c2Compilations()).isZero();
        assertThat(early.slowCycles()).isCloseTo(101 * 100 * (19 * 2 + 2 * 8.0), within(1e-6));
    }

    @Test
    void compilationsTakeIdleProcessorsFirst() {
        JitWindow.Term t = new JitWindow.Term(0, 1000, 0, 0, 1);
        // one thread's work on one processor: the compilations add their whole time
        assertThat(JitWindow.apply(t, 5000, 5000, 1)).isEqualTo(new JitWindow.Window(6000, 6000));
        // the same on two processors: the other one is idle for 5000 cycles, the compilations run there
        assertThat(JitWindow.apply(t, 5000, 5000, 2)).isEqualTo(new JitWindow.Window(5000, 6000));
        // two busy processors: they share the compilations' time
        assertThat(JitWindow.apply(t, 5000, 10_000, 2)).isEqualTo(new JitWindow.Window(5500, 11_000));
        // the slow phase stretches the program's window in proportion
        assertThat(JitWindow.apply(new JitWindow.Term(0, 0, 5000, 0, 0), 5000, 10_000, 2)).isEqualTo(new JitWindow.Window(7500, 15_000));
    }

    /** Property: a machine without a JIT term gives the program's window exactly, whatever the runs and the window. */
    @Test
    void withoutAJitTermTheWindowIsTodaysExactly() throws Exception {
        Random r = new Random(41);
        MachineModel m = machine(1, JitCosts.NONE);
        SimResult a = new Simulator(graph(200), m, 10_000_000).run(), b = new Simulator(graph(600), m, 10_000_000).run();
        for (int i = 0; i < 1000; i++) {
            double lo = r.nextInt(1000), hi = lo + 1 + r.nextInt(100_000);
            JitWindow.Term t = JitWindow.term(graph(600), JitCosts.NONE, a, b, 2, 6, lo, hi);
            assertThat(t).isEqualTo(new JitWindow.Term(0, 0, 0, 0, 0));
            double wall = r.nextDouble() * 1e12, busy = r.nextDouble() * 1e12;
            int procs = 1 + r.nextInt(64);
            assertThat(JitWindow.apply(t, wall, busy, procs)).isEqualTo(new JitWindow.Window(wall, busy));
        }
    }

    @Test
    void aMethodsBytesAreOnePastItsLastInstructionsIndex() throws Exception {
        assertThat(JitWindow.bytecodeBytes(graph(3))).isEqualTo(Map.of("t/Main.work()V", 10, "t/Main.main([Ljava/lang/String;)V", 31));
        assertThat(List.of(JitWindow.overlap(20, 720, 0, 50), JitWindow.overlap(20, 720, 800, 900), JitWindow.overlap(0, 10, 2, 50)))
                .containsExactly(30.0, 0.0, 8.0);
    }
}
