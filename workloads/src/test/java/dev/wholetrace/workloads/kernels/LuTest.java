package dev.wholetrace.workloads.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LuTest {
    @ParameterizedTest
    @ValueSource(ints = {64, 72}) // whole blocks, and a ragged last block of 8
    void theLineIsTheSameForEveryThreadCount(int n) throws InterruptedException {
        String one = new Lu().run(1, n, 1);
        assertThat(one).startsWith("lu n=" + n + " block=16 steps=1 residual=").contains(" checksum=");
        for (int threads : new int[] {2, 3, 4, 8}) {
            assertThat(new Lu().run(threads, n, 1)).as("%d threads", threads).isEqualTo(one);
        }
    }

    @Test
    void theFactorsAreBitIdenticalForEveryThreadCount() throws InterruptedException {
        int n = 72;
        Lu one = new Lu();
        one.run(1, n, 1);
        for (int threads : new int[] {2, 3, 4, 8}) {
            Lu many = new Lu();
            many.run(threads, n, 1);
            assertThat(Double.doubleToRawLongBits(many.checksum())).isEqualTo(Double.doubleToRawLongBits(one.checksum()));
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (Double.doubleToRawLongBits(many.factor(i, j)) != Double.doubleToRawLongBits(one.factor(i, j))) {
                        throw new AssertionError(threads + " threads: factor (" + i + ", " + j + ") differs");
                    }
                }
            }
        }
    }

    @Test
    void moreStepsRepeatTheSameFactorisation() throws InterruptedException {
        String once = new Lu().run(3, 48, 1);
        assertThat(new Lu().run(3, 48, 3)).isEqualTo(once.replace("steps=1", "steps=3"));
    }

    @Test
    void lTimesUIsTheOriginalMatrix() throws InterruptedException {
        int n = 40; // 16 + 16 + 8: ragged blocks too
        Lu lu = new Lu();
        lu.run(4, n, 1);
        double worst = 0;
        boolean changed = false;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double sum = 0; // L (with its diagonal) below, U (unit diagonal) above
                for (int k = 0; k <= Math.min(i, j); k++) {
                    sum += lu.factor(i, k) * (k == j ? 1 : lu.factor(k, j));
                }
                worst = Math.max(worst, Math.abs(sum - lu.original(i, j)));
                changed |= lu.factor(i, j) != lu.original(i, j);
            }
        }
        assertThat(changed).as("the matrix was factored in place").isTrue();
        assertThat(worst).isLessThan(1e-12 * n);
    }

    @Test
    void validationCatchesACorruptedFactor() throws InterruptedException {
        Lu lu = new Lu();
        lu.run(2, 64, 1);
        assertThat(lu.check()[1]).isLessThan(Lu.TOLERANCE);
        lu.corrupt(5, 40, 1e-6); // one entry of U, in a perimeter block
        assertThatThrownBy(lu::check).isInstanceOf(IllegalStateException.class).hasMessageContaining("max |x - 1|");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 4, 8})
    void aFailingWorkerFailsTheRunInsteadOfHangingIt(int threads) {
        for (int block : new int[] {0, 2}) {
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                Lu lu = new Lu();
                lu.faultAt = block;
                assertThatThrownBy(() -> lu.run(threads, 64, 2))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("fault injected at diagonal block " + block);
            });
        }
    }

    @Test
    void badSizesAreRejected() {
        assertThatThrownBy(() -> Kernels.LU.run(2, 8, 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 16");
        assertThatThrownBy(() -> new Lu().run(2, 0, 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
    }

    @Test
    void oddSizesWork() throws InterruptedException {
        assertThat(Kernels.LU.run(3, 17, 1)).isEqualTo(new Lu().run(1, 17, 1));
    }
}
