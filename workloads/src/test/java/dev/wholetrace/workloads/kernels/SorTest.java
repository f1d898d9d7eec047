package dev.wholetrace.workloads.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SorTest {
    @Test
    void theResultDoesNotDependOnTheThreadCount() throws Exception {
        String one = Kernels.SOR.run(1, 40, 7);
        assertThat(one).startsWith("sor n=40 iterations=7 residual=");
        for (int threads : new int[] {2, 3, 4, 8, 38, 50}) assertThat(Kernels.SOR.run(threads, 40, 7)).as("%d threads", threads).isEqualTo(one);
    }

    @Test
    void moreIterationsConverge() throws Exception {
        assertThat(residual(Kernels.SOR.run(2, 30, 200))).isLessThan(residual(Kernels.SOR.run(2, 30, 5)) / 10);
    }

    @Test
    void badSizesAreRejected() {
        assertThatThrownBy(() -> Kernels.SOR.run(2, 2, 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 3");
        assertThatThrownBy(() -> Kernels.SOR.run(0, 10, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Kernels.SOR.run(2, 10, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static double residual(String line) {
        return Double.parseDouble(line.replaceAll(".*residual=(\\S+).*", "$1"));
    }
}
