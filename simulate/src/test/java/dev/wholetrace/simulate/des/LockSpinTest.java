package dev.wholetrace.simulate.des;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.machine.MachineModel;
import org.junit.jupiter.api.Test;

/**
 * A thread that finds a monitor held by a thread running on another processor spins for it instead of
 * parking (HotSpot's adaptive spinning, AQS's spin before park): the replay of GuavaDriver at 4 and 8
 * threads on two processors was 60-170 times slower than on one, a convoy in which every release handed
 * the monitor across processors, each hand-over paying the cross-core group while the monitor was held
 * by a thread not yet running.
 */
class LockSpinTest {
    /** {@code parties} workers, each {@code trips} times: {@code outside} cycles, then {@code inside} cycles holding one monitor. */
    static String lockLoop(int parties, int trips, long outside, long inside) {
        StringBuilder b = new StringBuilder("egraph 1\nentry 0\nmethod 0 t/Main.main([Ljava/lang/String;)V\nmethod 1 t/Main.work()V\n");
        b.append("tree 0 ").append(2 * parties + 1).append('\n');
        for (int i = 0; i < 2 * parties; i++) {
            b.append("v ").append(i).append(" bci=").append(i).append(" ops=local:1 act=")
                    .append(i < parties ? "thread-start calls=1" : "thread-join").append(" next=").append(i + 1).append('\n');
        }
        b.append("v ").append(2 * parties).append(" bci=").append(2 * parties).append(" ops=return:1\n");
        b.append("tree 1 5\n");
        b.append("v 0 bci=0 ops=int:1 next=1\n");
        b.append("v 1 bci=1 ops=local:1 next=2,4 loop=0 trips=").append(trips).append('\n');
        b.append("v 2 bci=2 ops=int:").append(outside).append(" act=monitor-enter key=t/Main.LOCK next=3\n");
        b.append("v 3 bci=3 ops=int:").append(inside).append(" act=monitor-exit key=t/Main.LOCK next=1\n");
        b.append("v 4 bci=4 ops=return:1\n");
        return b.toString();
    }

    @Test
    void aContendedMonitorOnTwoProcessorsIsNoConvoyOfCrossProcessorHandOvers() throws Exception {
        // 1000 cycles outside, 1000 inside: two workers on two processors take turns at the monitor, the
        // time at most the monitor's (the inside work, serialised) plus the outside work of one; a
        // hand-over of the monitor across processors (5 000 + 20 000 cycles) on every turn made it
        // 13 times the one-processor time (10.4 M cycles against 0.80 M; 0.40 M with the spin)
        ExecutionGraph g = SimulatorTest.graph(lockLoop(2, 200, 1000, 1000));
        for (MachineModel.Scheduling s : MachineModel.Scheduling.values()) {
            SimResult one = new Simulator(g, CrossCoreWakeTest.machine(1, s, 5000, 20_000), 1_000_000).run();
            SimResult two = new Simulator(g, CrossCoreWakeTest.machine(2, s, 5000, 20_000), 1_000_000).run();
            assertThat(two.cycles()).as("%s", s).isLessThanOrEqualTo(one.cycles());
            assertThat(two.cycles()).as("%s", s).isLessThan(2 * 200 * 1000 + 200 * 1000 + 10_000);
            assertThat(two.waitCycles()).as("%s", s).containsKey("t/Main.LOCK (spinning)");
            assertThat(one.waitCycles()).as("%s", s).doesNotContainKey("t/Main.LOCK (spinning)"); // on one processor no thread spins
        }
    }

    @Test
    void aSpinnerParksWhenTheOwnerLeavesItsProcessor() throws Exception {
        // worker 1 takes the monitor, then blocks on an empty queue (at about 1 000 cycles) until main puts
        // into it (after 5 000); worker 2, arriving at the monitor at about 100 cycles, spins while worker 1
        // runs, then parks: it does not spin out its limit (7 + 5 000 + 20 000) for an owner that is off
        // its processor
        ExecutionGraph g = SimulatorTest.graph("""
                egraph 1
                entry 0
                method 0 t/Main.main([Ljava/lang/String;)V
                method 1 t/Main.one()V
                method 2 t/Main.two()V
                tree 0 6
                v 0 bci=0 ops=local:1 act=thread-start calls=1 next=1
                v 1 bci=1 ops=local:1 act=thread-start calls=2 next=2
                v 2 bci=2 ops=int:5000 act=queue-put key=t/Main.Q next=3
                v 3 bci=3 ops=local:1 act=thread-join next=4
                v 4 bci=4 ops=local:1 act=thread-join next=5
                v 5 bci=5 ops=return:1
                tree 1 4
                v 0 bci=0 ops=int:1 act=monitor-enter key=t/Main.LOCK next=1
                v 1 bci=1 ops=int:1000 act=queue-take key=t/Main.Q next=2
                v 2 bci=2 ops=int:1 act=monitor-exit key=t/Main.LOCK next=3
                v 3 bci=3 ops=return:1
                tree 2 3
                v 0 bci=0 ops=int:100 act=monitor-enter key=t/Main.LOCK next=1
                v 1 bci=1 ops=int:1 act=monitor-exit key=t/Main.LOCK next=2
                v 2 bci=2 ops=return:1
                """);
        SimResult r = new Simulator(g, CrossCoreWakeTest.machine(3, MachineModel.Scheduling.FIFO, 5000, 20_000), 1_000_000).run();
        assertThat(r.blockedAtEnd()).isZero();
        assertThat(r.waitCycles().get("t/Main.LOCK (spinning)")).isBetween(800.0, 1000.0);
        assertThat(r.waitCycles()).containsKey("t/Main.LOCK"); // then parked until worker 1 let the monitor go
    }

    @Test
    void aSpinnerParksWhenItsSpinRunsOut() throws Exception {
        // 100 000 cycles inside, spun for at most the hand-over and cross-core group (7 + 5000 + 20 000):
        // the other worker parks, so every turn is a cross-processor hand-over again, as it is in a JVM
        ExecutionGraph g = SimulatorTest.graph(lockLoop(2, 20, 1, 100_000));
        SimResult base = new Simulator(g, CrossCoreWakeTest.machine(2, MachineModel.Scheduling.FIFO, 0, 0), 1_000_000).run();
        SimResult group = new Simulator(g, CrossCoreWakeTest.machine(2, MachineModel.Scheduling.FIFO, 5000, 20_000), 1_000_000).run();
        assertThat(group.cycles()).isGreaterThan(base.cycles() + 30 * 20_000);
        assertThat(group.waitCycles()).containsKey("t/Main.LOCK");
    }
}
