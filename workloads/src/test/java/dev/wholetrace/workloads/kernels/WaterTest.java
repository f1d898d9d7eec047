package dev.wholetrace.workloads.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WaterTest {
    @Test
    void everyThreadCountPrintsTheSameLine() throws InterruptedException {
        String one = Kernels.WATER.run(1, 64, 3);
        assertThat(one).matches("water molecules=64 steps=3 energy=\\S+e[+-]\\d\\d drift=\\S+e-\\d\\d");
        for (int threads : new int[] {2, 3, 4, 8}) {
            assertThat(Kernels.WATER.run(threads, 64, 3)).as("%d threads", threads).isEqualTo(one);
        }
    }

    @Test
    void moreThreadsThanMoleculesWork() throws InterruptedException {
        String one = Kernels.WATER.run(1, 8, 3);
        assertThat(Kernels.WATER.run(8, 8, 3)).isEqualTo(one);
        assertThat(Kernels.WATER.run(11, 8, 3)).isEqualTo(one); // three workers own no molecule
        assertThat(Kernels.WATER.run(3, 9, 3)).isEqualTo(Kernels.WATER.run(1, 9, 3)); // odd: no tie pairs
    }

    @Test
    void energyStaysConservedOverALongerRun() throws InterruptedException {
        assertThat(new Water().run(2, 64, 400)).startsWith("water molecules=64 steps=400 ");
    }

    @Test
    void aTimeStepFarTooLargeFailsTheEnergyCheck() {
        // 2 fs: a fifth of the O-H vibration period; finite, but the energy is off by some 16 %
        assertThatThrownBy(() -> new Water(0.002, -1).run(2, 64, 3))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("total energy drifted");
    }

    @Test
    void aTimeStepThatBlowsUpStopsInTheWorkers() {
        // 50 fs: the bonds blow up within a few steps, and the workers find it in their correct phase
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThatThrownBy(() -> new Water(0.05, -1).run(4, 64, 50))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no longer finite"));
    }

    @Test
    void oneWorkerThatThrowsEndsTheRunInsteadOfHangingIt() {
        // the others are still computing when it fails: barrier.reset() alone hangs about one run
        // in three here (they arrive at the fresh generation and wait for it forever)
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            for (int round = 0; round < 10; round++) {
                for (int worker = 0; worker < 4; worker++) {
                    int failing = worker;
                    assertThatThrownBy(() -> new Water(Water.TIME_STEP, failing).run(4, 64, 3))
                            .isInstanceOf(IllegalStateException.class)
                            .hasMessage("water: worker " + failing + " failed on purpose");
                }
            }
        });
    }

    @Test
    void outOfRangeArgumentsAreRejected() {
        assertThatThrownBy(() -> Kernels.WATER.run(2, 7, 3)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 8");
        assertThatThrownBy(() -> Kernels.WATER.run(2, 64, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Water().run(2, 7, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Water().run(0, 64, 3)).isInstanceOf(IllegalArgumentException.class);
    }
}
