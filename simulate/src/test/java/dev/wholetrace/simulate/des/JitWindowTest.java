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
        assertThat(r.methodCounts().get("t/Main.work()V")).isEqualTo(new SimResult.MethodCount(7, 0, 7 * 101.0));
        assertThat(r.methodCounts().get("t/Main.main([Ljava/lang/String;)V")).isEqualTo(new SimResult.MethodCount(1, 7, 1.0));
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
    void thePlanAsksForCompilationsWhereTheCountersPassTheThresholds() throws Exception {
        // work() runs 100 times a step (recorded at steps 2 and 6: 200 and 600 calls): C1 at step 2, C2 at step 52 (5 000
        // invocations counted from C1's request, session 42; session 41 counted them from step 0: 50)
        MachineModel m = machine(1, JIT);
        SimResult a = new Simulator(graph(200), m, 10_000_000).run(), b = new Simulator(graph(600), m, 10_000_000).run();
        JitWindow.Plan p = JitWindow.plan(graph(600), JIT, a, b, 2, 6);
        assertThat(p.requests()).containsExactly(new JitWindow.Request(2, 3, 2 * 10.0, "t/Main.work()V"),
                new JitWindow.Request(52, 4, 1000 * 10.0, "t/Main.work()V"),
                new JitWindow.Request(1e7, 3, 2 * 31.0, "t/Main.main([Ljava/lang/String;)V"), // main's loop on the stack, by C1 at 10⁹ back-edges
                new JitWindow.Request(1e7 + 400, 4, 1000 * 31.0, "t/Main.main([Ljava/lang/String;)V")); // by C2 40 000 back-edges later (session 41: at 400)
        // work's own cycles: 101 a call, 100 calls a step
        assertThat(p.interpretedExtra().get("t/Main.work()V")).isCloseTo(101 * 100 * 19.0, within(1e-6));
        assertThat(p.c1Extra().get("t/Main.work()V")).isCloseTo(101 * 100 * 2.0, within(1e-6));
    }

    /** One method of 1000 cycles a step, C1 asked at step 2 (10 000 cycles), C2 at step 50 (100 000 cycles); interpreted ×20, C1 ×3. */
    static final JitWindow.Plan ONE = new JitWindow.Plan(List.of(new JitWindow.Request(2, 3, 10_000, "m"), new JitWindow.Request(50, 4, 100_000, "m")),
            Map.of("m", 19_000.0), Map.of("m", 2000.0));

    @Test
    void onOneProcessorTheCompilerTakesTheProgramsTimeAndTheSlowPhaseLastsUntilItIsDone() {
        JitWindow.Window w = JitWindow.run(ONE, JIT, 1000 * 700, 1000 * 700, 1, 20, 720);
        // C1 is done before the window; C2, asked at step 50, gets half the processor until its 100 000 cycles are done,
        // as many of the program's, at C1's price (3000 a step): 33.3 steps
        assertThat(w.c1Done()).isZero();
        assertThat(w.c2Done()).isEqualTo(1);
        assertThat(w.c2Cycles()).isCloseTo(100_000, within(1.0));
        assertThat(w.slowCycles()).isCloseTo(2000 * (50 - 20 + 100_000 / 3000.0), within(200.0));
        assertThat(w.wallCycles()).isCloseTo(1000 * 700 + w.slowCycles() + 100_000, within(200.0)); // a slice's share is its start's
        assertThat(w.busyCycles()).isCloseTo(w.wallCycles(), within(1e-6)); // one processor, always busy: the slice in which C2 finishes gives the rest of its share back
        // on two processors the compiler runs beside the one-thread program: as many steps of slow code (the compiler
        // and the program both at full speed instead of both at half), but the compilation is not the program's time
        JitWindow.Window two = JitWindow.run(ONE, JIT, 1000 * 700, 1000 * 700, 2, 20, 720);
        assertThat(two.wallCycles()).isCloseTo(1000 * 700 + two.slowCycles(), within(200.0));
        assertThat(two.slowCycles()).isCloseTo(w.slowCycles(), within(200.0));
        assertThat(two.busyCycles()).isCloseTo(1000 * 700 + two.slowCycles() + 100_000, within(200.0));
        // a program that keeps both processors busy shares them with the compiler: two thirds each
        JitWindow.Window full = JitWindow.run(ONE, JIT, 1000 * 700, 2 * 1000 * 700, 2, 20, 720);
        assertThat(full.wallCycles()).isGreaterThan(1000 * 700 + full.slowCycles() / 2);
    }

    /**
     * Session 47: {@code memory.contention} f slows the processors the compilers share with the program. Property: f = 0
     * gives the window without the argument exactly, and so does any f on one processor (a compiler there takes the
     * program's processor, it does not run beside it) and for a program without compilations in its run.
     */
    @Test
    void contentionZeroOrOneProcessorGivesTodaysWindowExactly() {
        Random r = new Random(47);
        for (int i = 0; i < 300; i++) {
            double lo = r.nextInt(100), hi = lo + 1 + r.nextInt(1000);
            int procs = 1 + r.nextInt(8);
            double wall = 1e5 + r.nextDouble() * 1e7, busy = wall * (0.2 + r.nextDouble() * procs);
            JitWindow.Window today = JitWindow.run(ONE, JIT, wall, busy, procs, lo, hi);
            assertThat(JitWindow.run(ONE, JIT, wall, busy, procs, 0, lo, hi)).isEqualTo(today);
            double f = r.nextDouble();
            assertThat(JitWindow.run(ONE, JIT, Math.min(wall, busy), Math.min(wall, busy), 1, f, lo, hi))
                    .isEqualTo(JitWindow.run(ONE, JIT, Math.min(wall, busy), Math.min(wall, busy), 1, lo, hi));
        }
    }

    /** On two processors a one-thread program runs beside the compiler at 1 / (1 + f) while the compiler is busy, and so does the compiler. */
    @Test
    void contentionSlowsTheProgramAndTheCompilerWhileTheyRunSideBySide() {
        double f = 0.4;
        JitWindow.Window free = JitWindow.run(ONE, JIT, 1000 * 700, 1000 * 700, 2, 20, 720);
        JitWindow.Window slowed = JitWindow.run(ONE, JIT, 1000 * 700, 1000 * 700, 2, f, 20, 720);
        // C2 (100 000 cycles of work, asked at step 50) runs at 1 / 1.4: 140 000 cycles of processor time, as long in wall
        // time; the program beside it, at C1's 3000 cycles a step, runs 1.4 times slower for those 140 000 cycles
        assertThat(slowed.c2Cycles()).isCloseTo(100_000 * (1 + f), within(10.0));
        double besideSteps = 100_000 * (1 + f) / (3000 * (1 + f)); // steps of the program while C2 compiles: as many as without f
        assertThat(besideSteps).isCloseTo(100_000 / 3000.0, within(1e-9));
        assertThat(slowed.slowCycles()).isCloseTo(free.slowCycles() + 2000 * besideSteps * f, within(300.0));
        assertThat(slowed.wallCycles()).isCloseTo(free.wallCycles() + 100_000 * f, within(300.0));
        assertThat(slowed.busyCycles()).isCloseTo(free.busyCycles() + 2 * 100_000 * f, within(300.0));
    }

    /**
     * Property (session 42): C2 is asked for a method no earlier than C1 and where the counts since C1's request (its
     * counters then, capped at tier 3's thresholds) pass tier 4's; with tier-3 thresholds of 0 that is session 41's
     * count from step 0.
     */
    @Test
    void c2CountsFromC1sRequest() {
        Random r = new Random(42);
        JitCosts.Thresholds t4 = JIT.tier4();
        for (int i = 0; i < 2000; i++) {
            JitWindow.Linear inv = new JitWindow.Linear(r.nextInt(3) == 0 ? 0 : r.nextInt(20_000), r.nextInt(3) == 0 ? 0 : r.nextInt(2000) + r.nextDouble());
            JitWindow.Linear back = new JitWindow.Linear(r.nextInt(3) == 0 ? 0 : r.nextInt(200_000), r.nextInt(3) == 0 ? 0 : r.nextInt(50_000) + r.nextDouble());
            JitCosts.Thresholds t3 = new JitCosts.Thresholds(r.nextInt(500), r.nextInt(200), r.nextInt(5000), r.nextInt(100_000));
            JitCosts jit = new JitCosts(2, 1000, 20, 3, t3, t4);
            double[] c1 = JitWindow.compileSteps(inv, back, t3), c2 = JitWindow.c2Steps(inv, back, c1, jit);
            double first = Math.min(c1[0], c1[1]);
            for (int k = 0; k < 2; k++) {
                if (first == Double.POSITIVE_INFINITY) {
                    assertThat(c2[k]).isInfinite();
                    continue;
                }
                assertThat(c2[k]).isGreaterThanOrEqualTo(first);
                assertThat(c2[k]).isGreaterThanOrEqualTo(JitWindow.compileSteps(inv, back, t4)[k]); // never earlier than from step 0
            }
            if (c2[1] > first && c2[1] < Double.POSITIVE_INFINITY) { // on-stack: the back-edges since then reach tier 4's exactly there
                double since = back.at(c2[1]) - Math.min(back.at(first), t3.backEdges());
                assertThat(since).isCloseTo(t4.backEdges(), within(1e-6 * t4.backEdges()));
            }
            JitCosts zero = new JitCosts(2, 1000, 20, 3, new JitCosts.Thresholds(0, 0, 0, 0), t4);
            assertThat(JitWindow.c2Steps(inv, back, JitWindow.compileSteps(inv, back, zero.tier3()), zero)).containsExactly(JitWindow.compileSteps(inv, back, t4));
        }
    }

    /** Property: a machine without a JIT term gives the program's window exactly, whatever the runs and the window. */
    @Test
    void withoutAJitTermTheWindowIsTodaysExactly() throws Exception {
        Random r = new Random(41);
        MachineModel m = machine(1, JitCosts.NONE);
        SimResult a = new Simulator(graph(200), m, 10_000_000).run(), b = new Simulator(graph(600), m, 10_000_000).run();
        JitWindow.Plan p = JitWindow.plan(graph(600), JitCosts.NONE, a, b, 2, 6);
        for (int i = 0; i < 1000; i++) {
            double lo = r.nextInt(1000), hi = lo + 1 + r.nextInt(100_000);
            double wall = r.nextDouble() * 1e12, busy = r.nextDouble() * 1e12;
            int procs = 1 + r.nextInt(64);
            assertThat(JitWindow.run(p, JitCosts.NONE, wall, busy, procs, lo, hi)).isEqualTo(new JitWindow.Window(wall, busy));
        }
    }

    /**
     * Property: a JIT term whose compilations cost nothing and whose slow code is not slow gives the program's window,
     * whatever the window, times and processor counts. Unlike {@link #withoutAJitTermTheWindowIsTodaysExactly} this goes
     * through the fluid run: a compiler whose queue empties inside a slice must hand the rest of its share back to the
     * program (it kept it: each of math3's 292 free compilations added up to a slice, 0.76 ms of a 0.16 s window).
     */
    @Test
    void aJitTermThatCostsNothingGivesTodaysWindow() throws Exception {
        JitCosts free = new JitCosts(0, 0, 1, 1, JIT.tier3(), JIT.tier4());
        MachineModel m = machine(1, free);
        SimResult a = new Simulator(graph(200), m, 10_000_000).run(), b = new Simulator(graph(600), m, 10_000_000).run();
        JitWindow.Plan p = JitWindow.plan(graph(600), free, a, b, 2, 6);
        // requests at steps 2, 50 and 400 (and one past any window): most windows below have one inside
        Random r = new Random(41);
        for (int i = 0; i < 200; i++) {
            double lo = r.nextInt(100), hi = lo + 1 + r.nextInt(1000);
            int procs = 1 + r.nextInt(4);
            double wall = 1e6 + r.nextDouble() * 1e9, busy = wall * (0.2 + r.nextDouble() * procs);
            JitWindow.Window w = JitWindow.run(p, free, wall, busy, procs, lo, hi);
            String what = "window (" + lo + ", " + hi + "], " + procs + " processors, busy/wall " + busy / wall;
            assertThat(w.wallCycles()).as(what).isCloseTo(Math.max(wall, busy / procs), within(1e-9 * wall));
            assertThat(w.busyCycles()).as(what).isCloseTo(busy, within(1e-9 * busy));
        }
    }

    @Test
    void aMethodsBytesAreOnePastItsLastInstructionsIndex() throws Exception {
        assertThat(JitWindow.bytecodeBytes(graph(3))).isEqualTo(Map.of("t/Main.work()V", 10, "t/Main.main([Ljava/lang/String;)V", 31));
    }
}
