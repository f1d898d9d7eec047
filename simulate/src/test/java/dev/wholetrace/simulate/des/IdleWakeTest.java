package dev.wholetrace.simulate.des;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.calibrate.BarrierCheck;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.machine.WakeTable;
import org.junit.jupiter.api.Test;

/** A wake-up onto another processor costs the wake-up table's row of how long that processor has been idle (session 38). */
class IdleWakeTest {
    /** Idle under 2 000 cycles: the waker pays 100, the woken runs 300 later; from 2 000 on: 5 000 and 20 000. */
    static final WakeTable STEP = new WakeTable(new long[] {0, 2_000}, new long[] {100, 5_000}, new long[] {300, 20_000});

    /**
     * Main starts a worker, which parks at once on an empty queue (its processor idle from then on); main
     * works {@code work} cycles and puts an item, waking the worker onto that processor, idle about that long.
     */
    static String handOffAfter(long work) {
        return """
                egraph 1
                entry 0
                method 0 t/Main.main([Ljava/lang/String;)V
                method 1 t/Main.work()V
                tree 0 4
                v 0 bci=0 ops=local:1 act=thread-start calls=1 next=1
                v 1 bci=1 ops=int:%d act=queue-put key=t/Main.Q next=2
                v 2 bci=2 ops=local:1 act=thread-join next=3
                v 3 bci=3 ops=return:1
                tree 1 3
                v 0 bci=0 ops=int:1 act=queue-take key=t/Main.Q next=1
                v 1 bci=1 ops=int:1000 next=2
                v 2 bci=2 ops=return:1
                """.formatted(work);
    }

    static MachineModel withTable(int procs, MachineModel.Scheduling s) {
        return CrossCoreWakeTest.machine(procs, s, 0, 0).withWakeIdle(STEP);
    }

    @Test
    void theWakeUpCostsTheRowOfItsTargetsIdleTime() throws Exception {
        for (long work : new long[] {500, 50_000}) {
            ExecutionGraph g = SimulatorTest.graph(handOffAfter(work));
            SimResult base = new Simulator(g, CrossCoreWakeTest.machine(2, MachineModel.Scheduling.FIFO, 0, 0), 1_000_000).run();
            SimResult with = new Simulator(g, withTable(2, MachineModel.Scheduling.FIFO), 1_000_000).run();
            boolean halted = work > 2_000; // the worker's processor idle for about `work` cycles
            assertThat(with.cycles() - base.cycles()).as("work %d", work).isEqualTo(halted ? 20_000.0 : 300.0); // the woken worker starts that much later
            assertThat(CrossCoreWakeTest.busy(with) - CrossCoreWakeTest.busy(base)).as("work %d", work).isEqualTo(halted ? 5_000.0 : 100.0); // main's processor time
        }
    }

    @Test
    void withoutATableTheGroupsConstantsApplyWhateverTheIdleTime() throws Exception {
        for (long work : new long[] {500, 50_000}) {
            ExecutionGraph g = SimulatorTest.graph(handOffAfter(work));
            SimResult base = new Simulator(g, CrossCoreWakeTest.machine(2, MachineModel.Scheduling.FIFO, 0, 0), 1_000_000).run();
            SimResult group = new Simulator(g, CrossCoreWakeTest.machine(2, MachineModel.Scheduling.FIFO, 5_000, 15_000), 1_000_000).run();
            assertThat(group.cycles() - base.cycles()).isEqualTo(20_000.0);
            assertThat(CrossCoreWakeTest.busy(group) - CrossCoreWakeTest.busy(base)).isEqualTo(5_000.0);
        }
    }

    @Test
    void aBarrierWhosePartiesArriveTogetherWakesAProcessorThatIsStillPolling() throws Exception {
        // two workers, equal shares, on two processors: the first to arrive parks a moment before the
        // second trips the barrier, so every wake-up finds its processor idle for less than 2 000 cycles
        // and costs the cheap row, not the dear one a constant group charges every time
        int trips = 20;
        ExecutionGraph g = SimulatorTest.graph(BarrierCheck.workers(2, trips, 10_000));
        SimResult base = new Simulator(g, CrossCoreWakeTest.machine(2, MachineModel.Scheduling.FIFO, 0, 0), 1_000_000).run();
        SimResult with = new Simulator(g, withTable(2, MachineModel.Scheduling.FIFO), 1_000_000).run();
        // (+ a join's hand-over: main, joining, may be woken by the other worker once the times shift)
        assertThat(CrossCoreWakeTest.busy(with) - CrossCoreWakeTest.busy(base)).isBetween(trips * 100.0, trips * 100.0 + 7);
        assertThat(with.cycles() - base.cycles()).isLessThan(trips * 400.0);
    }

    @Test
    void oneProcessorNeverPaysIt() throws Exception {
        for (String text : new String[] {handOffAfter(50_000), BarrierCheck.workers(2, 5, 1000), SimulatorTest.TWO_WORKERS}) {
            ExecutionGraph g = SimulatorTest.graph(text);
            for (MachineModel.Scheduling s : MachineModel.Scheduling.values()) {
                SimResult without = new Simulator(g, CrossCoreWakeTest.machine(1, s, 0, 0), 1_000_000).run();
                SimResult with = new Simulator(g, withTable(1, s), 1_000_000).run();
                assertThat(with.cycles()).as("%s", s).isEqualTo(without.cycles());
                assertThat(CrossCoreWakeTest.busy(with)).isEqualTo(CrossCoreWakeTest.busy(without));
            }
        }
    }
}
