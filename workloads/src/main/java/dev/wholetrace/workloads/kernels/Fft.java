package dev.wholetrace.workloads.kernels;

import java.util.Locale;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * SPLASH-2 FFT: the 1-D "six-step" (radix-√N, Bailey) complex FFT of SPLASH-2 {@code fft.c}, ported
 * function for function. The N = 2^m points, interleaved (re, im) in one {@code double[]} as in
 * SPLASH, are a {@code rows × cols} matrix (rows = 2^⌈m/2⌉, cols = 2^⌊m/2⌋: square for even m, as
 * SPLASH requires; twice as many rows as columns for odd m). One transform ({@code FFT1D}) is:
 * barrier, transpose x into the scratch matrix, an FFT of every scratch row and the multiplication by
 * the twiddle factors (the N-th roots of unity), barrier, transpose back, an FFT of every row,
 * barrier, transpose, barrier, copy the scratch rows into x, barrier. Each worker owns a contiguous
 * band of rows of whichever matrix is being written (the same band in both when it is square) and
 * the transposes read the other workers' bands, hence the barriers around them.
 *
 * <p>The input is SPLASH's: {@code srand48(0)} then {@code drand48()} for every re and im, the
 * generator written out here. The row roots ({@code InitU}) and the twiddle table ({@code InitU2})
 * are computed once by the main thread before the workers start, as SPLASH does; every worker
 * first copies the row roots into an array of its own (SPLASH's {@code upriv}).
 *
 * <p>Size: m, the log2 of the number of points (SPLASH {@code -m}). Steps: forward + inverse pairs,
 * SPLASH's {@code -t} run repeated: each step transforms x forward, keeps the spectrum, and
 * transforms it back (the inverse includes the 1/N), so x ends where it began up to rounding.
 * Validation, as SPLASH's {@code -t} test but stricter: the round trip must give the input back
 * (max error ≤ 1e-9 × max |input|), the last spectrum must satisfy Parseval's identity and match a
 * direct O(N) DFT at a few bins. Every point goes through the same arithmetic whichever thread does
 * it (Java does not fuse multiply-adds), so the printed line is the same for every thread count.
 */
public final class Fft implements Kernel {
    /** Largest m: the int indices go up to 2 × 2^m; memory runs out well before. */
    static final int MAX_LOG2 = 28;

    private int threads;
    private int rows;
    private int cols;
    private int points;
    /** The data, rows × cols; after a forward transform the spectrum in natural order. */
    private double[] x;
    /** SPLASH's {@code trans}: the cols × rows scratch matrix the transposes write. */
    private double[] trans;
    /** The spectrum of the last forward transform, copied by each worker for its band. */
    private double[] spectrum;
    /** SPLASH {@code umain}: the roots of a row FFT, stage with half-length h at entries h-1 .. 2h-2. */
    private double[] roots;
    /** SPLASH {@code umain2}: cols × rows twiddle factors, entry (j, k) = e^{-2πi jk/N}. */
    private double[] twiddles;
    /** SPLASH {@code upriv}: each worker's copy of {@link #roots}. */
    private double[][] privateRoots;
    private CyclicBarrier barrier;

    /** Test hook: the worker owning this point adds 1 to its real part after each forward transform. */
    int corruptPoint = -1;
    /** Test hook: this worker throws after the first barrier. */
    int failingWorker = -1;

    @Override
    public String run(int threads, int m, int steps) throws InterruptedException {
        requireArguments(threads, m, steps);
        double[] input = splashInput(1 << m);
        execute(threads, m, steps, input);
        double[] errors = check(input, spectrum, x);
        return String.format(Locale.ROOT, "fft m=%d points=%d matrix=%dx%d steps=%d inverse-error=%.9e parseval-error=%.9e checksum=%.9e",
                m, points, rows, cols, steps, errors[0], errors[1], checksum(spectrum));
    }

    /**
     * One forward and inverse transform of {@code input} (2^m points, interleaved re, im), validated
     * like {@link #run}; returns the spectrum. For tests with a known transform.
     */
    double[] forward(int threads, int m, double[] input) throws InterruptedException {
        requireArguments(threads, m, 1);
        if (input.length != 2 << m) throw new IllegalArgumentException("fft: 2^" + m + " points need " + (2 << m) + " doubles, not " + input.length);
        execute(threads, m, 1, input);
        check(input, spectrum, x);
        return spectrum.clone();
    }

    private static void requireArguments(int threads, int m, int steps) {
        if (threads < 1) throw new IllegalArgumentException("fft: threads must be at least 1, not " + threads);
        if (m < 1 || m > MAX_LOG2) throw new IllegalArgumentException("fft: size is log2 of the number of points, 1 to " + MAX_LOG2 + ", not " + m);
        if (steps < 1) throw new IllegalArgumentException("fft: steps must be at least 1, not " + steps);
    }

    /** Sets everything up, runs the workers and waits for them; rethrows a worker's failure. */
    private void execute(int threads, int m, int steps, double[] input) throws InterruptedException {
        this.threads = threads;
        points = 1 << m;
        rows = 1 << ((m + 1) / 2);
        cols = 1 << (m / 2);
        x = new double[2 * points];
        for (int i = 0; i < x.length; i++) x[i] = input[i];
        trans = new double[2 * points];
        spectrum = new double[2 * points];
        roots = rowRoots(rows); // rows >= cols: the longest row FFT
        twiddles = twiddles(rows, cols, points);
        privateRoots = new double[threads][roots.length];
        barrier = new CyclicBarrier(threads);
        Workers.run("fft", threads, me -> work(me, steps));
    }

    /** SPLASH SlaveStart: copy the roots, barrier, then the transforms. */
    private void work(int me, int steps) throws InterruptedException, BrokenBarrierException {
        double[] u = privateRoots[me];
        for (int i = 0; i < u.length; i++) u[i] = roots[i];
        barrier.await();
        if (me == failingWorker) throw new IllegalStateException("injected failure in fft-" + me);
        int from = 2 * band(cols, me) * rows, to = 2 * band(cols, me + 1) * rows; // my band of the final copy
        for (int s = 0; s < steps; s++) {
            fft1d(1.0, me, u);
            if (corruptPoint >= 0 && 2 * corruptPoint >= from && 2 * corruptPoint < to) x[2 * corruptPoint] += 1.0;
            for (int i = from; i < to; i++) spectrum[i] = x[i]; // read again only after the next barrier
            fft1d(-1.0, me, u);
        }
    }

    /**
     * SPLASH FFT1D: one transform of x in place (direction 1 forward, -1 inverse including the 1/N),
     * with the barriers SPLASH has: every transpose reads all bands, the final copy is the last phase.
     */
    private void fft1d(double direction, int me, double[] u) throws InterruptedException, BrokenBarrierException {
        int cFrom = band(cols, me), cTo = band(cols, me + 1);
        int rFrom = band(rows, me), rTo = band(rows, me + 1);
        barrier.await();
        transpose(x, trans, rows, cols, me);
        for (int r = cFrom; r < cTo; r++) {
            fftRow(trans, 2 * r * rows, rows, u, direction);
            twiddle(r, direction);
        }
        barrier.await();
        transpose(trans, x, cols, rows, me);
        for (int r = rFrom; r < rTo; r++) {
            fftRow(x, 2 * r * cols, cols, u, direction);
            if (direction < 0) scale(2 * r * cols, cols);
        }
        barrier.await();
        transpose(x, trans, rows, cols, me);
        barrier.await();
        for (int i = 2 * cFrom * rows; i < 2 * cTo * rows; i++) x[i] = trans[i];
        barrier.await();
    }

    /** First row of worker t's band of {@code count} rows: the split Sor uses, any thread count. */
    private int band(int count, int t) {
        return (int) ((long) count * t / threads);
    }

    /**
     * SPLASH Transpose: {@code dst} (dstRows × srcRows) rows of my band = the matching columns of
     * {@code src} (srcRows × dstRows), reading the other workers' bands first, starting with the next
     * worker's, so the workers do not all read the same band at once. (SPLASH also tiles for the
     * cache; left out to keep the traced loop small.)
     */
    private void transpose(double[] src, double[] dst, int srcRows, int dstRows, int me) {
        int from = band(dstRows, me), to = band(dstRows, me + 1);
        for (int s = 1; s <= threads; s++) {
            int owner = (me + s) % threads; // me + 1, ..., me - 1, me
            int vFrom = band(srcRows, owner), vTo = band(srcRows, owner + 1);
            for (int h = from; h < to; h++) {
                int d = 2 * (h * srcRows + vFrom);
                int i = 2 * (vFrom * dstRows + h);
                for (int v = vFrom; v < vTo; v++, d += 2, i += 2 * dstRows) {
                    dst[d] = src[i];
                    dst[d + 1] = src[i + 1];
                }
            }
        }
    }

    /** SPLASH Reverse + FFT1DOnce: in-place radix-2 FFT of the {@code len} points at a[off ...]. */
    private static void fftRow(double[] a, int off, int len, double[] u, double direction) {
        // bit-reversal permutation; j counts in bit-reversed order (SPLASH recomputes it bit by bit)
        for (int i = 0, j = 0; i < len; i++) {
            if (j > i) {
                int p = off + 2 * i, q = off + 2 * j;
                double t = a[p];
                a[p] = a[q];
                a[q] = t;
                t = a[p + 1];
                a[p + 1] = a[q + 1];
                a[q + 1] = t;
            }
            int bit = len >> 1;
            while ((j & bit) != 0) {
                j ^= bit;
                bit >>= 1;
            }
            j |= bit;
        }
        // butterflies, stage with half-length h using the roots at u[h - 1 ..]
        for (int h = 1; h < len; h <<= 1) {
            for (int k = 0; k < len; k += 2 * h) {
                int p = off + 2 * k, q = p + 2 * h, w = 2 * (h - 1);
                for (int j = 0; j < h; j++, p += 2, q += 2, w += 2) {
                    double wr = u[w], wi = direction * u[w + 1];
                    double xr = a[q], xi = a[q + 1];
                    double tr = wr * xr - wi * xi, ti = wr * xi + wi * xr;
                    double yr = a[p], yi = a[p + 1];
                    a[q] = yr - tr;
                    a[q + 1] = yi - ti;
                    a[p] = yr + tr;
                    a[p + 1] = yi + ti;
                }
            }
        }
    }

    /** SPLASH TwiddleOneCol: scratch row r times the twiddles e^{∓2πi rk/N}, k = 0 .. rows-1. */
    private void twiddle(int r, double direction) {
        for (int i = 2 * r * rows, end = i + 2 * rows; i < end; i += 2) {
            double wr = twiddles[i], wi = direction * twiddles[i + 1];
            double xr = trans[i], xi = trans[i + 1];
            trans[i] = wr * xr - wi * xi;
            trans[i + 1] = wr * xi + wi * xr;
        }
    }

    /** SPLASH Scale: the inverse's 1/N (a power of two, so exact). */
    private void scale(int off, int len) {
        double f = 1.0 / points;
        for (int i = off, end = off + 2 * len; i < end; i++) x[i] *= f;
    }

    /** SPLASH InitU: for each stage half-length h < len, e^{-πi j/h}, j < h, at entry h - 1 + j. */
    static double[] rowRoots(int len) {
        double[] u = new double[2 * Math.max(len - 1, 0)];
        for (int h = 1; h < len; h <<= 1) {
            for (int j = 0; j < h; j++) {
                u[2 * (h - 1 + j)] = Math.cos(Math.PI * j / h);
                u[2 * (h - 1 + j) + 1] = -Math.sin(Math.PI * j / h);
            }
        }
        return u;
    }

    /** SPLASH InitU2: the cols × rows table e^{-2πi jk/N}. */
    static double[] twiddles(int rows, int cols, int points) {
        double[] w = new double[2 * points];
        for (int j = 0; j < cols; j++) {
            for (int k = 0; k < rows; k++) {
                double angle = 2 * Math.PI * j * k / points;
                w[2 * (j * rows + k)] = Math.cos(angle);
                w[2 * (j * rows + k) + 1] = -Math.sin(angle);
            }
        }
        return w;
    }

    /** SPLASH InitX: srand48(0), then drand48() for each re and im (the 48-bit generator, exactly). */
    static double[] splashInput(int points) {
        double[] in = new double[2 * points];
        long state = 0x330EL; // srand48(0): the seed in the high 32 bits, 0x330E below
        for (int i = 0; i < in.length; i++) {
            state = (0x5DEECE66DL * state + 0xBL) & 0xFFFF_FFFF_FFFFL;
            in[i] = state * 0x1.0p-48;
        }
        return in;
    }

    /** Σ |re| + |im|: every bin counts (SPLASH's Σ re + im of a spectrum is just N × the first point). */
    static double checksum(double[] spectrum) {
        double sum = 0;
        for (double v : spectrum) sum += Math.abs(v);
        return sum;
    }

    /**
     * The validation: {@code roundTrip} (the inverse of {@code spectrum}) must be {@code input} within
     * 1e-9 × max |input|; {@code spectrum} must keep Parseval's identity Σ|X|² = N Σ|x|² within 1e-9
     * relative and equal a direct DFT of the input at bins 0, 1, N/2 + 1, 5N/7 and N - 1 within
     * 1e-9 × Σ|input|.
     *
     * @return the max round-trip error and the relative Parseval error
     * @throws IllegalStateException on any failure
     */
    static double[] check(double[] input, double[] spectrum, double[] roundTrip) {
        int n = input.length / 2;
        double maxAbs = 0, sumAbs = 0, energy = 0, inverseError = 0, spectralEnergy = 0;
        for (int i = 0; i < input.length; i++) {
            double v = input[i];
            maxAbs = Math.max(maxAbs, Math.abs(v));
            sumAbs += Math.abs(v);
            energy += v * v;
            inverseError = Math.max(inverseError, Math.abs(roundTrip[i] - v));
            spectralEnergy += spectrum[i] * spectrum[i];
        }
        if (!(inverseError <= 1e-9 * maxAbs)) {
            throw new IllegalStateException(String.format(Locale.ROOT, "fft: the inverse transform does not give the input back: max error %.3e, allowed %.3e", inverseError, 1e-9 * maxAbs));
        }
        double expected = n * energy;
        double parseval = expected == 0 ? spectralEnergy : Math.abs(spectralEnergy - expected) / expected;
        if (!(parseval <= 1e-9)) {
            throw new IllegalStateException(String.format(Locale.ROOT, "fft: Parseval's identity fails: sum |X|^2 = %.9e, N sum |x|^2 = %.9e", spectralEnergy, expected));
        }
        for (int k : new int[] {0, 1, (n / 2 + 1) % n, (int) (5L * n / 7), n - 1}) {
            double re = 0, im = 0;
            for (int j = 0; j < n; j++) {
                double angle = -2 * Math.PI * ((long) j * k % n) / n;
                double c = Math.cos(angle), s = Math.sin(angle);
                re += input[2 * j] * c - input[2 * j + 1] * s;
                im += input[2 * j] * s + input[2 * j + 1] * c;
            }
            double error = Math.hypot(re - spectrum[2 * k], im - spectrum[2 * k + 1]);
            if (!(error <= 1e-9 * sumAbs)) {
                throw new IllegalStateException(String.format(Locale.ROOT, "fft: bin %d is (%.9e, %.9e), a direct DFT gives (%.9e, %.9e)", k, spectrum[2 * k], spectrum[2 * k + 1], re, im));
            }
        }
        return new double[] {inverseError, parseval};
    }
}
