package dev.wholetrace.simulate.des;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.calibrate.BarrierCheck;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.machine.MachineModel;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cross-core group ({@code cost.jvm.wake.remote}, {@code .latency}): charged only for a wake-up onto another, idle processor. */
class CrossCoreWakeTest {
    static MachineModel machine(int procs, MachineModel.Scheduling s, long remote, long latency) {
        Map<String, Long> costs = new HashMap<>(Map.of("jvm.handover", 7L, "jvm.barrier", 3L));
        if (remote > 0) costs.put(MachineModel.WAKE_REMOTE, remote);
        if (latency > 0) costs.put(MachineModel.WAKE_REMOTE_LATENCY, latency);
        return new MachineModel("t", procs, 1e9, s, 400, 0, 1, Map.of("default", 1L), costs);
    }

    static double busy(SimResult r) {
        return r.threads().stream().mapToDouble(SimResult.ThreadTime::executing).sum();
    }

    @Test
    void oneProcessorNeverPaysIt() throws Exception {
        for (String g : new String[] {BarrierCheck.workers(2, 5, 1000), SimulatorTest.TWO_WORKERS, SimulatorTest.TWO_KERNELS}) {
            ExecutionGraph graph = SimulatorTest.graph(g);
            for (MachineModel.Scheduling s : MachineModel.Scheduling.values()) {
                for (long seed = 1; seed <= 5; seed++) {
                    SimResult without = new Simulator(graph, machine(1, s, 0, 0).withSeed(seed), 1_000_000).run();
                    SimResult with = new Simulator(graph, machine(1, s, 5000, 20_000).withSeed(seed), 1_000_000).run();
                    assertThat(with.cycles()).as("%s, seed %d", s, seed).isEqualTo(without.cycles());
                    assertThat(busy(with)).isEqualTo(busy(without));
                }
            }
        }
    }

    @Test
    void twoProcessorsPayItOncePerWakeUpOntoTheIdleOne() throws Exception {
        ExecutionGraph g = SimulatorTest.graph(BarrierCheck.workers(2, 5, 1000));
        SimResult base = new Simulator(g, machine(2, MachineModel.Scheduling.FIFO, 0, 0), 1_000_000).run();
        SimResult cpu = new Simulator(g, machine(2, MachineModel.Scheduling.FIFO, 500, 0), 1_000_000).run();
        SimResult idle = new Simulator(g, machine(2, MachineModel.Scheduling.FIFO, 0, 300), 1_000_000).run();
        // every barrier episode (5) wakes the waiting worker onto the other processor, on the critical
        // path: the tripping worker pays the processor time, the released one starts that much (and the
        // latency) later. Main, joining, is woken by each worker's end onto the processor that worker
        // has just given up: not remote. (aWokenThread… below has a wake-up that is not remote.)
        int wakes = 5;
        assertThat(cpu.cycles() - base.cycles()).isEqualTo(wakes * 500.0);
        assertThat(busy(cpu) - busy(base)).isEqualTo(wakes * 500.0); // processor time
        assertThat(idle.cycles() - base.cycles()).isEqualTo(wakes * 300.0);
        assertThat(busy(idle)).isEqualTo(busy(base)); // an idle processor waking up is not processor time
    }

    @Test
    void aWokenThreadThatWaitsForTheWakersProcessorDoesNotPayIt() throws Exception {
        // three workers on two processors: a released worker that finds no idle processor queues for its
        // waker's processor, so fewer wake-ups than released threads are remote
        ExecutionGraph g = SimulatorTest.graph(BarrierCheck.workers(3, 4, 1000));
        SimResult base = new Simulator(g, machine(2, MachineModel.Scheduling.FIFO, 0, 0), 1_000_000).run();
        SimResult cpu = new Simulator(g, machine(2, MachineModel.Scheduling.FIFO, 500, 0), 1_000_000).run();
        double remote = (busy(cpu) - busy(base)) / 500;
        // each of the 4 episodes releases two workers while the third, the last to arrive, keeps its
        // processor: it wakes the first released onto the idle one (remote); that one, once it runs,
        // wakes the second (the release chain), which finds no idle processor and queues for its
        // waker's (not remote). In the last episode the tripping worker ends at once, so the second
        // released finds its processor idle (remote). Main, joining, is woken by each worker's end onto
        // the processor that worker gave up (not remote).
        // Charging every wake-up on two processors would make it 4 × 2 + 2.
        assertThat(remote).isEqualTo(4 + 1);
    }
    @Test
    void aReleasedThreadQueuedForItsWakersProcessorIsWokenRemotelyOnlyOntoItsOwnLastProcessor() throws Exception {
        // four workers on two processors. The tripping worker wakes the first released onto the idle
        // processor (remote); that one wakes the second, which queues for its waker's processor. When the
        // tripping worker arrives at the next barrier its processor is idle, but a link of the chain takes
        // it only when it is the woken worker's own last processor (session 38): so some episodes make one
        // remote wake-up and some two, never the two of every episode that taking any idle processor made
        // (session 37's chain: 2 × trips).
        int trips = 20;
        long remote = 500, latency = 300;
        ExecutionGraph g = SimulatorTest.graph(BarrierCheck.workers(4, trips, 1000));
        SimResult base = new Simulator(g, machine(2, MachineModel.Scheduling.FIFO, 0, 0), 1_000_000).run();
        SimResult with = new Simulator(g, machine(2, MachineModel.Scheduling.FIFO, remote, latency), 1_000_000).run();
        // (+ at the end one more, the last released waking one whose waker has ended, and joins' hand-overs)
        assertThat(busy(with) - busy(base)).isBetween(1.0 * trips * remote, 1.5 * trips * remote + remote + 2 * 7);
        assertThat(with.cycles() - base.cycles()).isGreaterThanOrEqualTo((trips - 1) * (remote + latency));
    }

    @Test
    void theWakeUpsOfOneReleaseAreSerialisedThroughTheirWakers() throws Exception {
        // four workers on four processors: every release wakes three workers onto idle processors, each
        // by the one released before it (AQS's chain), which pays the processor time of the wake-up
        // before the next can start: the last released starts 3 × (remote + hand-over) after the trip.
        // Woken all at once by the tripping worker they would all start after one.
        int trips = 20;
        long remote = 500;
        ExecutionGraph g = SimulatorTest.graph(BarrierCheck.workers(4, trips, 1000));
        SimResult base = new Simulator(g, machine(4, MachineModel.Scheduling.FIFO, 0, 0), 1_000_000).run();
        SimResult with = new Simulator(g, machine(4, MachineModel.Scheduling.FIFO, remote, 0), 1_000_000).run();
        assertThat(with.cycles() - base.cycles()).isGreaterThanOrEqualTo((trips - 1) * 3.0 * remote);
        assertThat(busy(with) - busy(base)).isBetween(trips * 3.0 * remote, trips * 3.0 * remote + 7); // one remote wake-up per released worker (+ a join's hand-over)
    }

    @Test
    void aReleaseOfManyThreadsOnTwoProcessorsDoesNotKickTheIdleOneForEveryLink() throws Exception {
        // eight workers on two processors, short shares: once the tripping worker has done its share its
        // processor is idle, so a chain whose every link took any idle processor made 7 remote wake-ups an
        // episode (the machine makes about 3: calibrate's check, session 38). A link takes only the woken
        // thread's own last processor when idle; else it queues behind its waker.
        int trips = 20;
        long remote = 500;
        ExecutionGraph g = SimulatorTest.graph(BarrierCheck.workers(8, trips, 1000));
        SimResult base = new Simulator(g, machine(2, MachineModel.Scheduling.FIFO, 0, 0), 1_000_000).run();
        SimResult with = new Simulator(g, machine(2, MachineModel.Scheduling.FIFO, remote, 300), 1_000_000).run();
        double perEpisode = (busy(with) - busy(base)) / remote / trips;
        assertThat(perEpisode).isBetween(1.0, 3.5);
        // and the threads still use both processors: without wake-up costs two are faster than one
        SimResult one = new Simulator(g, machine(1, MachineModel.Scheduling.FIFO, 0, 0), 1_000_000).run();
        assertThat(base.cycles()).isLessThan(one.cycles() * 0.75);
    }
}
