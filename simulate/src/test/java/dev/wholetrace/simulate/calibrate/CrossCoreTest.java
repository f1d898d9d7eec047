package dev.wholetrace.simulate.calibrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.machine.MachineModel;
import org.junit.jupiter.api.Test;

class CrossCoreTest {
    @Test
    void readsTheProcessorsTheProcessMayRunOn() {
        assertThat(CrossCore.allowedCpus("Name:\tjava\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n")).containsExactly(0, 1);
        assertThat(CrossCore.allowedCpus("Cpus_allowed_list:\t1\n")).containsExactly(1);
        assertThat(CrossCore.allowedCpus("Cpus_allowed_list:\t0,2-4,7\n")).containsExactly(0, 2, 3, 4, 7);
        assertThat(CrossCore.allowedCpus("Name:\tjava\n")).containsExactly(0); // not Linux: one, the group unknown
    }

    @Test
    void theGroupIsTheCrossCoreHandOverBeyondTheSameCoreOne() {
        // same core: 1 µs wall, 0.9 µs CPU; cross-core: 40 µs wall, 25.9 µs CPU: 25 µs CPU more, and 39 − 25 = 14 µs idle
        CrossCore.Result r = new CrossCore.Result(0, 1, 1000, 900, 40_000, 25_900);
        assertThat(r.remoteCpu()).isEqualTo(25_000);
        assertThat(r.remoteLatency()).isEqualTo(14_000);
        assertThat(r.costs(1e11)).containsEntry(MachineModel.WAKE_REMOTE, 2_500_000L).containsEntry(MachineModel.WAKE_REMOTE_LATENCY, 1_400_000L);
        assertThat(r.costs(1e10)).containsEntry(MachineModel.WAKE_REMOTE, 250_000L); // a file's own cycles: session 29's files said 1e10
        CrossCore.Result cheaper = new CrossCore.Result(0, 1, 1000, 900, 900, 800); // cross-core no dearer: 0, never negative
        assertThat(cheaper.remoteCpu()).isZero();
        assertThat(cheaper.remoteLatency()).isZero();
    }
}
