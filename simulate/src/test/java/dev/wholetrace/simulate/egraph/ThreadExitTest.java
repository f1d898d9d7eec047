package dev.wholetrace.simulate.egraph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.des.SimResult;
import dev.wholetrace.simulate.des.Simulator;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.StringReader;
import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** A started thread's own exit ({@code cost.jvm.thread-exit}, session 48; docs/machine-model.md, "A short thread's own start and exit"). */
class ThreadExitTest {
    private static Map<String, Long> costs(Long exit) {
        Map<String, Long> c = new HashMap<>(Map.of("jvm.monitor-enter", 20L, "jvm.thread-start", 500L, "jvm.context-switch", 7L, "jvm.handover", 5L));
        if (exit != null) c.put(MachineModel.THREAD_EXIT, exit);
        return c;
    }

    private static final Map<String, Long> CYCLES = Map.of("default", 1L, "bc.int", 3L, "bc.fp", 4L, "bc.div", 30L, MachineModel.LOOP_EXIT, 11L);

    /** A machine file without the key predicts what one with it at 0 does: every time of every random program, on every machine. */
    @Property(tries = 150)
    void aMachineWithoutTheKeyPredictsAsBefore(@ForAll @LongRange(min = 0, max = 1_000_000) long graphSeed, @ForAll @IntRange(min = 1, max = 4) int processors,
            @ForAll @IntRange(min = 0, max = 2) int scheduling, @ForAll @IntRange(min = 1, max = 200) int slice, @ForAll @LongRange(min = 1, max = 99) long seed) {
        ExecutionGraph g = OptimizerPropertyTest.randomGraph(graphSeed);
        MachineModel.Scheduling s = MachineModel.Scheduling.values()[scheduling];
        SimResult without = new Simulator(g, new MachineModel("p", processors, 1e9, s, slice, 0, seed, CYCLES, costs(null)), 200_000).run();
        SimResult zero = new Simulator(g, new MachineModel("p", processors, 1e9, s, slice, 0, seed, CYCLES, costs(0L)), 200_000).run();
        assertThat(zero.cycles()).isEqualTo(without.cycles());
        assertThat(zero.threads()).isEqualTo(without.threads());
        assertThat(zero.methodCycles()).isEqualTo(without.methodCycles());
        assertThat(zero.waitCycles()).isEqualTo(without.waitCycles());
    }

    /** main starts two threads of 1000 int instructions and joins them. */
    private static final String TWO = """
            egraph 1
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            method 1 t/Main.work()V
            tree 0 5
            v 0 bci=0 ops=local:1 act=thread-start calls=1 next=1
            v 1 bci=1 ops=local:1 act=thread-start calls=1 next=2
            v 2 bci=2 ops=local:1 act=thread-join next=3
            v 3 bci=3 ops=local:1 act=thread-join next=4
            v 4 bci=4 ops=return:1
            tree 1 2
            v 0 bci=0 ops=int:1000 next=1
            v 1 bci=1 ops=return:1
            """;

    @Test
    void eachStartedThreadPaysItsExitOnItsOwnProcessorBeforeItsJoinerGoesOn() throws Exception {
        ExecutionGraph g = EgraphFile.parse(new StringReader(TWO), "test");
        Map<String, Long> plain = Map.of("default", 1L);
        SimResult one = new Simulator(g, new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 1_000_000, 0, 1, plain, Map.of()), 1_000_000).run();
        SimResult oneExit = new Simulator(g, new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 1_000_000, 0, 1, plain,
                Map.of(MachineModel.THREAD_EXIT, 300L)), 1_000_000).run();
        // one processor: each worker 1001 cycles, main 5; the exits add 2 × 300, the main thread's own end none
        assertThat(one.cycles()).isEqualTo(2 * 1001 + 5.0);
        assertThat(oneExit.cycles()).isEqualTo(2 * 1301 + 5.0);
        assertThat(oneExit.threads().get(0).executing()).isEqualTo(one.threads().get(0).executing());
        assertThat(oneExit.threads().get(1).executing()).isEqualTo(one.threads().get(1).executing() + 300);
        assertThat(oneExit.threads().get(2).executing()).isEqualTo(one.threads().get(2).executing() + 300);
        // two processors: the workers run side by side, each exit on its own, and main's join waits for them
        SimResult two = new Simulator(g, new MachineModel("t", 2, 1e9, MachineModel.Scheduling.FIFO, 1_000_000, 0, 1, plain, Map.of()), 1_000_000).run();
        SimResult twoExit = new Simulator(g, new MachineModel("t", 2, 1e9, MachineModel.Scheduling.FIFO, 1_000_000, 0, 1, plain,
                Map.of(MachineModel.THREAD_EXIT, 300L)), 1_000_000).run();
        assertThat(twoExit.cycles()).isEqualTo(two.cycles() + 300);
    }
}
