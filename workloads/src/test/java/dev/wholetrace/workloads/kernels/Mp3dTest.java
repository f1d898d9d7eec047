package dev.wholetrace.workloads.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class Mp3dTest {
    @Test
    void everyThreadCountPrintsTheSameLine() throws InterruptedException {
        String one = Kernels.MP3D.run(1, 3000, 4);
        assertThat(one).matches("mp3d particles=3000 steps=4 cells=\\d+ grid=\\d+x\\d+x\\d+ in-tunnel=\\d+ entered=\\d+ exited=\\d+ reflections=\\d+ collisions=[1-9]\\d* checksum=[0-9a-f]{16}");
        for (int threads : new int[] {2, 3, 4, 8}) {
            assertThat(Kernels.MP3D.run(threads, 3000, 4)).as("%d threads", threads).isEqualTo(one);
        }
    }

    @Test
    void theDefaultRunAndTheSmallestValidate() throws InterruptedException {
        assertThat(Kernels.MP3D.run(4, Kernels.MP3D.defaultSize, Kernels.MP3D.defaultSteps)).startsWith("mp3d particles=50000 steps=5 cells=");
        assertThat(Kernels.MP3D.run(3, Kernels.MP3D.minSize, 20)).startsWith("mp3d particles=64 steps=20 ");
        assertThat(Kernels.MP3D.run(100, Kernels.MP3D.minSize, 2)).isEqualTo(Kernels.MP3D.run(1, Kernels.MP3D.minSize, 2));
    }

    @Test
    void validationRejectsCorruptedState() throws InterruptedException {
        Mp3d k = new Mp3d();
        k.run(2, 2000, 3);
        assertThatCode(k::validate).doesNotThrowAnyException();

        double saved = k.vx[17];
        k.vx[17] = Double.NaN;
        assertThatThrownBy(k::validate).isInstanceOf(IllegalStateException.class).hasMessageContaining("particle 17 is not finite");
        k.vx[17] = saved;

        saved = k.y[5];
        k.y[5] = -0.5;
        assertThatThrownBy(k::validate).isInstanceOf(IllegalStateException.class).hasMessageContaining("particle 5 at");
        k.y[5] = saved;

        saved = k.z[9];
        k.z[9] = k.z[9] < 1 ? k.z[9] + 1 : k.z[9] - 1; // still in the tunnel, in another cell
        assertThatThrownBy(k::validate).isInstanceOf(IllegalStateException.class).hasMessageContaining("particle 9 is not in its cell");
        k.z[9] = saved;

        k.cellTotal[0]++;
        assertThatThrownBy(k::validate).isInstanceOf(IllegalStateException.class).hasMessageContaining("particle-steps");
        k.cellTotal[0]--;

        for (int p = 0; p < 2000; p++) k.vy[p] *= 40; // still finite, far too hot
        assertThatThrownBy(k::validate).isInstanceOf(IllegalStateException.class).hasMessageContaining("mean energy");
    }

    @Test
    void aLostCellUpdateFailsTheRunInsteadOfHanging() {
        for (int threads : new int[] {1, 4}) {
            Mp3d k = new Mp3d();
            k.lostUpdates = 1; // thread 0's cells miss one particle in step 1
            k.lostAtStep = 1;
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThatThrownBy(() -> k.run(threads, 2000, 4))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("step 1")
                    .hasMessageContaining("lost cell update"));
        }
    }

    @Test
    void badArgumentsAreRejected() {
        assertThatThrownBy(() -> Kernels.MP3D.run(2, 63, 5)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 64");
        assertThatThrownBy(() -> Kernels.MP3D.run(2, 1000, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Kernels.MP3D.run(0, 1000, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Mp3d().run(2, 10, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
