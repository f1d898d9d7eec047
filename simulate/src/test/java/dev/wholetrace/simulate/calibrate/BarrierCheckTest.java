package dev.wholetrace.simulate.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.machine.WakeTable;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BarrierCheckTest {
    /** 1 cycle = 1 ns; a barrier arrival 100 ns, a hand-over 1 µs, the cross-core group 20 µs of processor time and 8 µs idle. */
    static MachineModel machine(long remote, long latency) {
        return new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 4_000_000, 0, 1, Map.of("default", 1L),
                Map.of("jvm.barrier", 100L, "jvm.handover", 1_000L, MachineModel.WAKE_REMOTE, remote, MachineModel.WAKE_REMOTE_LATENCY, latency));
    }

    @Test
    void onOneProcessorAnEpisodeIsItsWorkAndAHandOverPerReleasedThread() {
        for (int n : BarrierCheck.PARTIES) {
            double[] p = BarrierCheck.predict(machine(20_000, 8_000), n, 1, 25_000);
            assertThat(p[0]).as("%d parties", n).isCloseTo(25_000 + (n - 1) * 1_000.0, offset(50.0));
            assertThat(p[1]).isCloseTo(p[0], offset(1.0)); // one processor: never idle
        }
    }

    @Test
    void onTwoProcessorsTheGroupIsPaidWhereAReleasedThreadFindsTheOtherIdle() {
        // two parties: each episode wakes the other onto the idle processor: +20 µs CPU, and the work
        // (12.5 µs each) overlaps while the wake-up (20 + 8 µs) does not
        double[] two = BarrierCheck.predict(machine(20_000, 8_000), 2, 2, 25_000);
        assertThat(two[1]).isCloseTo(25_000 + 1_000 + 20_000, offset(200.0));
        assertThat(two[0]).isCloseTo(12_500 + 1_000 + 28_000, offset(200.0));
        // four parties on two processors: the release chain wakes onto the idle processor at least twice
        // an episode (three times here: with wake-ups dearer than the work, the tripping thread has
        // arrived again, leaving its processor idle, before the chain's last is woken), so more processor
        // time than on one processor by that many times the group's, and a longer wall time
        double[] four = BarrierCheck.predict(machine(20_000, 8_000), 4, 2, 25_000);
        double[] fourOne = BarrierCheck.predict(machine(20_000, 8_000), 4, 1, 25_000);
        assertThat(four[1] - fourOne[1]).isCloseTo(60_000, offset(500.0));
        assertThat(four[0]).isGreaterThan(fourOne[0]);
        // without the group two processors share the work, though not evenly: a link of the release chain
        // takes the idle processor only when it is the woken thread's own last one, else it queues behind
        // its waker (session 38), so some of an episode's shares run one after the other
        double[] free = BarrierCheck.predict(machine(0, 0), 4, 2, 25_000);
        assertThat(free[0]).isLessThan(fourOne[0] * 0.7);
    }

    @Test
    void theCheckPredictsWithTheFilesWakeUpTable() {
        // two parties with equal shares: each wake-up finds the other processor idle for as long as the
        // previous wake-up's latency (the woken party arrives that much later), here 2 µs, so a table whose
        // row under 3.5 µs costs 1 µs gives about 1 µs of processor time an episode where the group's
        // constants give 20 µs (with a latency above 3.5 µs every wake-up would take the dear row)
        WakeTable table = new WakeTable(new long[] {0, 3_500}, new long[] {1_000, 20_000}, new long[] {2_000, 28_000});
        double[] group = BarrierCheck.predict(machine(20_000, 8_000), 2, 2, 25_000);
        double[] stepped = BarrierCheck.predict(machine(20_000, 8_000).withWakeIdle(table), 2, 2, 25_000);
        assertThat(group[1]).isCloseTo(25_000 + 1_000 + 20_000, offset(200.0));
        assertThat(stepped[1]).isCloseTo(25_000 + 1_000 + 1_000, offset(200.0));
        assertThat(stepped[0]).isCloseTo(12_500 + 1_000 + 2_000, offset(200.0));
    }

    @Test
    void theGraphHasOneStartAndOneJoinPerParty() {
        String g = BarrierCheck.workers(3, 7, 500);
        assertThat(g.split("act=thread-start", -1)).hasSize(4);
        assertThat(g.split("act=thread-join", -1)).hasSize(4);
        assertThat(g).contains("trips=7").contains("ops=int:500 act=barrier");
    }
}
