package dev.wholetrace.workloads.kernels;

import dev.wholetrace.workloads.Size;
import java.util.Locale;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * Red-black successive over-relaxation, TreadMarks style: an n × n grid with fixed borders, each
 * thread owning a band of rows; every iteration updates the red cells, waits at a barrier, updates
 * the black cells, waits again. The result does not depend on the interleaving (a cell only reads
 * cells of the other colour, which nobody writes in that phase), so the printed residual and
 * checksum are the same for every thread count and every run.
 *
 * <p>Size: the grid side (the paper: 100); steps: iterations. {@code main} keeps the form
 * {@code bench overhead} runs: {@code Sor [size [threads [n]]]}, 10 × size iterations (size as every
 * workload takes it, {@link Size}), by default 4 threads on a 256 × 256 grid.
 */
public final class Sor implements Kernel {
    private static final double OMEGA = 1.5;

    private double[][] grid;
    private int n;
    private CyclicBarrier barrier;

    public static void main(String[] args) throws Exception {
        int iterations = 10 * Size.of(args);
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        int n = args.length > 2 ? Integer.parseInt(args[2]) : 256;
        System.out.println(Kernels.SOR.run(threads, n, iterations));
    }

    @Override
    public String run(int threads, int n, int iterations) throws InterruptedException {
        this.n = n;
        this.grid = new double[n][n];
        for (int i = 0; i < n; i++) { // borders: a hot top edge, the others cold
            grid[0][i] = 1.0;
        }
        this.barrier = new CyclicBarrier(threads);
        int inner = n - 2;
        Workers.run("sor", threads, t -> band(1 + inner * t / threads, 1 + inner * (t + 1) / threads, iterations));
        double residual = residual();
        double checksum = checksum();
        if (!(residual <= 1.0) || !Double.isFinite(checksum)) throw new IllegalStateException("sor diverged: residual " + residual);
        return String.format(Locale.ROOT, "sor n=%d iterations=%d residual=%.9e checksum=%.9e", n, iterations, residual, checksum);
    }

    /** Rows [from, to) for every iteration: red phase, barrier, black phase, barrier. */
    void band(int from, int to, int iterations) throws InterruptedException, BrokenBarrierException {
        for (int it = 0; it < iterations; it++) {
            sweep(from, to, 0);
            barrier.await();
            sweep(from, to, 1);
            barrier.await();
        }
    }

    /** Updates the cells of {@code colour} ((i + j) % 2) in rows [from, to). */
    private void sweep(int from, int to, int colour) {
        for (int i = from; i < to; i++) {
            double[] up = grid[i - 1], row = grid[i], down = grid[i + 1];
            for (int j = 1 + (i + colour + 1) % 2; j < n - 1; j += 2) {
                double average = 0.25 * (up[j] + down[j] + row[j - 1] + row[j + 1]);
                row[j] += OMEGA * (average - row[j]);
            }
        }
    }

    /** The largest change one more Jacobi step would make: small once the grid has converged. */
    double residual() {
        double max = 0;
        for (int i = 1; i < n - 1; i++) {
            for (int j = 1; j < n - 1; j++) {
                double r = Math.abs(0.25 * (grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] + grid[i][j + 1]) - grid[i][j]);
                max = Math.max(max, r);
            }
        }
        return max;
    }

    double checksum() {
        double sum = 0;
        for (double[] row : grid) for (double v : row) sum += v;
        return sum;
    }
}
