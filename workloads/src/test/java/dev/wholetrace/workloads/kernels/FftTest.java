package dev.wholetrace.workloads.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FftTest {
    @Test
    void theLineIsTheSameForEveryThreadCount() throws InterruptedException {
        for (int m : new int[] {10, 9}) { // square and 2:1 matrices
            String one = Kernels.FFT.run(1, m, 2);
            assertThat(one).startsWith("fft m=" + m + " points=" + (1 << m) + " ").contains("steps=2").doesNotContain("threads");
            for (int threads : new int[] {2, 3, 4, 8}) {
                assertThat(Kernels.FFT.run(threads, m, 2)).as("m=%d threads=%d", m, threads).isEqualTo(one);
            }
        }
    }

    @Test
    void moreThreadsThanRowsLeavesSomeBandsEmpty() throws InterruptedException {
        assertThat(Kernels.FFT.run(7, 4, 1)).isEqualTo(Kernels.FFT.run(1, 4, 1)); // 4 × 4 matrix
        assertThat(new Fft().run(5, 1, 1)).isEqualTo(new Fft().run(1, 1, 1)); // 2 × 1
    }

    @Test
    void theInputIsSplashDrand48WithSeedZero() {
        double[] in = Fft.splashInput(2);
        // glibc: srand48(0); drand48() x 4
        assertThat(in).containsExactly(0.17082803610628972, 0.74990198048496381, 0.09637165562356742, 0.87046522702707563);
    }

    @Test
    void aDeltaHasAFlatSpectrumAndAShiftedDeltaAPureRotation() throws InterruptedException {
        int m = 7, n = 1 << m; // 16 × 8
        double[] delta = new double[2 * n];
        delta[0] = 1;
        double[] flat = new Fft().forward(3, m, delta);
        for (int k = 0; k < n; k++) {
            assertThat(flat[2 * k]).isCloseTo(1, within(1e-12));
            assertThat(flat[2 * k + 1]).isCloseTo(0, within(1e-12));
        }
        int j0 = 5;
        double[] shifted = new double[2 * n];
        shifted[2 * j0] = 1;
        double[] spectrum = new Fft().forward(4, m, shifted);
        for (int k = 0; k < n; k++) {
            double angle = -2 * Math.PI * j0 * k / n;
            assertThat(spectrum[2 * k]).as("re %d", k).isCloseTo(Math.cos(angle), within(1e-12));
            assertThat(spectrum[2 * k + 1]).as("im %d", k).isCloseTo(Math.sin(angle), within(1e-12));
        }
    }

    @Test
    void aCosineHasTwoLinesOfHeightHalfN() throws InterruptedException {
        int m = 8, n = 1 << m, f = 3;
        double[] cosine = new double[2 * n];
        for (int j = 0; j < n; j++) cosine[2 * j] = Math.cos(2 * Math.PI * f * j / n);
        double[] spectrum = new Fft().forward(2, m, cosine);
        for (int k = 0; k < n; k++) {
            double expected = k == f || k == n - f ? n / 2.0 : 0;
            assertThat(spectrum[2 * k]).as("re %d", k).isCloseTo(expected, within(1e-9));
            assertThat(spectrum[2 * k + 1]).as("im %d", k).isCloseTo(0, within(1e-9));
        }
    }

    @Test
    void everyBinMatchesADirectDft() throws InterruptedException {
        for (int m : new int[] {5, 8}) {
            int n = 1 << m;
            double[] in = Fft.splashInput(n);
            double[] spectrum = new Fft().forward(3, m, in);
            double[] direct = dft(in);
            for (int k = 0; k < 2 * n; k++) assertThat(spectrum[k]).as("m=%d, %s of bin %d", m, k % 2 == 0 ? "re" : "im", k / 2).isCloseTo(direct[k], within(1e-10));
        }
    }

    @Test
    void aCorruptedSpectrumFailsValidation() {
        for (int point : new int[] {0, 77, 1023}) {
            Fft fft = new Fft();
            fft.corruptPoint = point;
            assertThatThrownBy(() -> fft.run(3, 10, 1)).as("point %d", point).isInstanceOf(IllegalStateException.class).hasMessageStartingWith("fft: ");
        }
    }

    @Test
    void eachCheckCatchesItsOwnKindOfError() {
        int n = 64;
        double[] in = Fft.splashInput(n);
        double[] spectrum = dft(in);
        assertThat(Fft.check(in, spectrum, in.clone())[0]).isZero();

        double[] roundTrip = in.clone();
        roundTrip[40] += 1e-6;
        assertThatThrownBy(() -> Fft.check(in, spectrum, roundTrip)).hasMessageContaining("does not give the input back");

        double[] louder = spectrum.clone();
        louder[2 * 17] += 1e-3; // bin 17 is not one the direct DFT checks
        assertThatThrownBy(() -> Fft.check(in, louder, in)).hasMessageContaining("Parseval");

        double[] swapped = spectrum.clone(); // same energy, wrong order: only the DFT bins see it
        double re = swapped[2], im = swapped[3];
        swapped[2] = swapped[4];
        swapped[3] = swapped[5];
        swapped[4] = re;
        swapped[5] = im;
        assertThatThrownBy(() -> Fft.check(in, swapped, in)).hasMessageContaining("bin 1 ");
    }

    @Test
    void aFailingWorkerEndsTheRunInsteadOfHangingIt() {
        for (int threads : new int[] {1, 2, 4}) {
            Fft fft = new Fft();
            fft.failingWorker = threads - 1;
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                assertThatThrownBy(() -> fft.run(threads, 10, 3))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("injected failure in fft-" + (threads - 1));
            });
        }
    }

    @Test
    void badArgumentsAreRejected() {
        assertThatThrownBy(() -> Kernels.FFT.run(2, 3, 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 4");
        assertThatThrownBy(() -> Kernels.FFT.run(2, Fft.MAX_LOG2 + 1, 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("log2");
        assertThatThrownBy(() -> Kernels.FFT.run(0, 10, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Fft().forward(1, 4, new double[8])).isInstanceOf(IllegalArgumentException.class);
    }

    /** The O(N²) DFT, e^{-2πi jk/N}, interleaved re, im. */
    private static double[] dft(double[] in) {
        int n = in.length / 2;
        double[] out = new double[2 * n];
        for (int k = 0; k < n; k++) {
            for (int j = 0; j < n; j++) {
                double angle = -2 * Math.PI * ((long) j * k % n) / n;
                double c = Math.cos(angle), s = Math.sin(angle);
                out[2 * k] += in[2 * j] * c - in[2 * j + 1] * s;
                out[2 * k + 1] += in[2 * j] * s + in[2 * j + 1] * c;
            }
        }
        return out;
    }
}
