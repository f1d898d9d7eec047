package dev.wholetrace.workloads.kernels;

import java.util.Locale;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * SPLASH-2 LU, contiguous-blocks version (lu.c): blocked dense LU factorisation without pivoting
 * of an n × n matrix stored as B × B blocks (B = 16), each block one contiguous array, as lu.c
 * allocates them so a block's elements live with the thread that owns it. Blocks are dealt to the
 * threads in lu.c's 2-D scatter: the threads form a rows × cols grid (rows the largest divisor of P
 * not above √P) and block (I, J) belongs to thread (I mod cols) + (J mod rows) × cols.
 *
 * <p>For each diagonal block K, as lu.c's {@code lu()}: its owner factors it; BARRIER; the owners
 * of the perimeter blocks divide column K by the diagonal block's U and row K by its L; BARRIER;
 * the owners of the interior blocks subtract the product of their perimeter blocks (daxpy loops).
 * There is no barrier after the interior phase, as in lu.c: the next diagonal block is factored by
 * the thread that just updated it, and the barrier after that factorisation orders everything
 * else. Around it the workers keep OneSolve's shape: BARRIER (all started), each thread touches its
 * own blocks, BARRIER, lu, BARRIER. That is 1 + steps × (2 + 2 × ⌈n / 16⌉) barrier episodes: 35
 * at n = 256, steps = 1.
 *
 * <p>The input follows lu.c's InitA (srand48(1), one draw per element, column by column) and its
 * {@code -t} test: the right-hand side is A·x for x all ones, solved with the factors after the
 * workers joined, and the largest |x_i - 1| must be tiny. Unlike lu.c, the draws are drand48's
 * [0, 1) and n is added to the diagonal (lu.c multiplies it by 10, which is not diagonally dominant
 * for n > 10), so no pivoting is ever needed. Each element sees the same operations in the same
 * order whoever owns it, so the factors, and the printed line, are bit-identical for every thread
 * count.
 *
 * <p>Size: the matrix order n; a last ragged block row and column (n not a multiple of 16) work as
 * in lu.c. Steps: how many factorisations to run, each of the freshly initialised matrix: the
 * touch phase copies the owner's blocks back from the pristine copy, so every step does the same
 * work and the result is that of one.
 */
public final class Lu implements Kernel {
    /** lu.c's default block size; 16 × 16 doubles fit a 2 KiB block. */
    static final int BLOCK = 16;
    /** Far above the rounding error (about 1e-14 here) and far below any real mistake. */
    static final double TOLERANCE = 1e-9;

    private int n;
    private int nblocks;
    /** The processor grid: lu.c's num_rows × num_cols = threads. */
    private int gridRows;
    private int gridCols;
    /** Block (I, J) at a[I + J × nblocks], column-major: element (i, j) at i + j × rows(I). */
    private double[][] a;
    /** The initial matrix, same layout; the touch phase restores a from it. */
    private double[][] a0;
    /** A · (1, ..., 1). */
    private double[] rhs;
    private CyclicBarrier barrier;
    /** Tests: the owner of diagonal block faultAt throws instead of factoring it; -1 for none. */
    int faultAt = -1;

    @Override
    public String run(int threads, int n, int steps) throws InterruptedException {
        if (n < 1) throw new IllegalArgumentException("lu: the matrix order must be at least 1, not " + n);
        this.n = n;
        this.nblocks = (n + BLOCK - 1) / BLOCK;
        gridRows = (int) Math.sqrt(threads);
        while (threads % gridRows != 0) gridRows--;
        gridCols = threads / gridRows;
        init();
        barrier = new CyclicBarrier(threads);
        Workers.run("lu", threads, me -> work(me, steps));
        double[] errors = check();
        return String.format(Locale.ROOT, "lu n=%d block=%d steps=%d residual=%.9e error=%.9e checksum=%.9e",
                n, BLOCK, steps, errors[0], errors[1], checksum());
    }

    /** Rows (and columns) of block row I: BLOCK but for a ragged last one. */
    private int rows(int block) {
        return Math.min(BLOCK, n - block * BLOCK);
    }

    /** lu.c's BlockOwner: a 2-D scatter of the blocks over the gridRows × gridCols threads. */
    private int owner(int blockRow, int blockCol) {
        return blockRow % gridCols + (blockCol % gridRows) * gridCols;
    }

    /** lu.c's InitA, by the main thread before the fork: the pristine matrix and A · ones. */
    private void init() {
        a = new double[nblocks * nblocks][];
        a0 = new double[nblocks * nblocks][];
        for (int j = 0; j < nblocks; j++) {
            for (int i = 0; i < nblocks; i++) {
                a[i + j * nblocks] = new double[rows(i) * rows(j)];
                a0[i + j * nblocks] = new double[rows(i) * rows(j)];
            }
        }
        long seed = (1L << 16) | 0x330EL; // srand48(1)
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                seed = (seed * 0x5DEECE66DL + 0xBL) & ((1L << 48) - 1); // drand48
                double v = seed * 0x1.0p-48;
                if (i == j) v += n;
                set(a0, i, j, v);
            }
        }
        rhs = new double[n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) rhs[i] += get(a0, i, j);
        }
    }

    private double get(double[][] m, int i, int j) {
        return m[i / BLOCK + (j / BLOCK) * nblocks][i % BLOCK + (j % BLOCK) * rows(i / BLOCK)];
    }

    private void set(double[][] m, int i, int j, double v) {
        m[i / BLOCK + (j / BLOCK) * nblocks][i % BLOCK + (j % BLOCK) * rows(i / BLOCK)] = v;
    }

    /** One worker: lu.c's OneSolve, steps times. */
    private void work(int me, int steps) throws InterruptedException, BrokenBarrierException {
        barrier.await();
        for (int s = 0; s < steps; s++) {
            touch(me);
            barrier.await();
            lu(me);
            barrier.await();
        }
    }

    /** lu.c's TouchA, which here also restores the owner's blocks to the initial matrix. */
    private void touch(int me) {
        for (int J = 0; J < nblocks; J++) {
            for (int I = 0; I < nblocks; I++) {
                if (owner(I, J) != me) continue;
                double[] from = a0[I + J * nblocks], to = a[I + J * nblocks];
                for (int e = 0; e < to.length; e++) to[e] = from[e];
            }
        }
    }

    /** lu.c's lu(): diagonal, BARRIER, perimeter, BARRIER, interior, for every diagonal block. */
    private void lu(int me) throws InterruptedException, BrokenBarrierException {
        for (int K = 0; K < nblocks; K++) {
            int dk = rows(K);
            double[] diag = a[K + K * nblocks];
            if (owner(K, K) == me) {
                if (K == faultAt) throw new ArithmeticException("fault injected at diagonal block " + K);
                lu0(diag, dk);
            }
            barrier.await();
            for (int I = K + 1; I < nblocks; I++) { // column K: times U(K, K)^-1
                if (owner(I, K) == me) bdiv(a[I + K * nblocks], diag, rows(I), dk);
            }
            for (int J = K + 1; J < nblocks; J++) { // row K: L(K, K)^-1 times
                if (owner(K, J) == me) bmodd(diag, a[K + J * nblocks], dk, rows(J));
            }
            barrier.await();
            for (int I = K + 1; I < nblocks; I++) { // interior: minus column K times row K
                double[] left = a[I + K * nblocks];
                int di = rows(I);
                for (int J = K + 1; J < nblocks; J++) {
                    if (owner(I, J) == me) bmod(left, a[K + J * nblocks], a[I + J * nblocks], di, rows(J), dk);
                }
            }
        }
    }

    /**
     * Factors the d × d block in place, lu.c's lu0: L with its diagonal stays below and on it, U
     * (unit diagonal, not stored) above: row k right of the diagonal is divided by the pivot.
     */
    private static void lu0(double[] m, int d) {
        for (int k = 0; k < d; k++) {
            int kk = k + k * d;
            double pivot = m[kk];
            for (int j = k + 1; j < d; j++) {
                int kj = k + j * d;
                double alpha = -(m[kj] /= pivot);
                for (int i = 1; i < d - k; i++) m[kj + i] += alpha * m[kk + i];
            }
        }
    }

    /** lu.c's bdiv: m (di × dk, below the diagonal) := m · U(diag)^-1, column by column. */
    private static void bdiv(double[] m, double[] diag, int di, int dk) {
        for (int k = 0; k < dk; k++) {
            int from = k * di;
            for (int j = k + 1; j < dk; j++) {
                double alpha = -diag[k + j * dk];
                int to = j * di;
                for (int i = 0; i < di; i++) m[to + i] += alpha * m[from + i];
            }
        }
    }

    /** lu.c's bmodd: c (dk × dj, right of the diagonal) := L(diag)^-1 · c. */
    private static void bmodd(double[] diag, double[] c, int dk, int dj) {
        for (int k = 0; k < dk; k++) {
            int kk = k + k * dk;
            double pivot = diag[kk];
            for (int j = 0; j < dj; j++) {
                int kj = k + j * dk;
                double alpha = -(c[kj] /= pivot);
                for (int i = 1; i < dk - k; i++) c[kj + i] += alpha * diag[kk + i];
            }
        }
    }

    /** lu.c's bmod: c (di × dj) -= left (di × dk) · top (dk × dj). */
    private static void bmod(double[] left, double[] top, double[] c, int di, int dj, int dk) {
        for (int k = 0; k < dk; k++) {
            int from = k * di;
            for (int j = 0; j < dj; j++) {
                double alpha = -top[k + j * dk];
                int to = j * di;
                for (int i = 0; i < di; i++) c[to + i] += alpha * left[from + i];
            }
        }
    }

    /**
     * lu.c's CheckResult: solves L U x = rhs by forward and back substitution and compares x with
     * the ones it was made from. Returns {max |A x - rhs| / max |rhs|, max |x_i - 1|}.
     *
     * @throws IllegalStateException if either exceeds {@link #TOLERANCE} (or is NaN)
     */
    double[] check() {
        double[] x = rhs.clone();
        for (int j = 0; j < n; j++) {
            x[j] /= get(a, j, j);
            for (int i = j + 1; i < n; i++) x[i] -= get(a, i, j) * x[j];
        }
        for (int j = n - 1; j >= 0; j--) {
            for (int i = 0; i < j; i++) x[i] -= get(a, i, j) * x[j];
        }
        double error = 0;
        for (double v : x) error = Math.max(error, Math.abs(v - 1));
        double[] ax = new double[n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) ax[i] += get(a0, i, j) * x[j];
        }
        double residual = 0, scale = 0;
        for (int i = 0; i < n; i++) {
            residual = Math.max(residual, Math.abs(ax[i] - rhs[i]));
            scale = Math.max(scale, Math.abs(rhs[i]));
        }
        residual /= scale;
        if (!(residual <= TOLERANCE) || !(error <= TOLERANCE)) {
            throw new IllegalStateException(String.format(Locale.ROOT,
                    "lu: the factors do not solve A x = A 1: max |x - 1| = %.3e, relative residual %.3e (tolerance %.0e)",
                    error, residual, TOLERANCE));
        }
        return new double[] {residual, error};
    }

    /** The sum of the factored matrix (L and U together), column by column. */
    double checksum() {
        double sum = 0;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) sum += get(a, i, j);
        }
        return sum;
    }

    /** Element (i, j) of the factored matrix: L on and below the diagonal, U above. */
    double factor(int i, int j) {
        return get(a, i, j);
    }

    /** Element (i, j) of the initial matrix. */
    double original(int i, int j) {
        return get(a0, i, j);
    }

    /** Changes element (i, j) of the factors (tests: validation must notice). */
    void corrupt(int i, int j, double delta) {
        set(a, i, j, get(a, i, j) + delta);
    }
}
