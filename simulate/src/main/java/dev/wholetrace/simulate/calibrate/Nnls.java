package dev.wholetrace.simulate.calibrate;

/**
 * Non-negative least squares, min ‖A x − b‖² subject to x ≥ 0, by cyclic coordinate descent on the
 * normal equations. The calibration's problems are small (a few unknowns, a few dozen rows), where
 * this converges to the optimum in a few thousand sweeps; costs cannot be negative, which plain
 * least squares would give an instruction class the JIT hides entirely.
 */
final class Nnls {
    private Nnls() {}

    /** The x ≥ 0 minimizing ‖a x − b‖² (rows of {@code a} are the equations). */
    static double[] solve(double[][] a, double[] b) {
        int n = a[0].length;
        double[][] g = new double[n][n]; // AᵀA
        double[] h = new double[n]; // Aᵀb
        for (int r = 0; r < a.length; r++) {
            for (int i = 0; i < n; i++) {
                h[i] += a[r][i] * b[r];
                for (int j = 0; j < n; j++) g[i][j] += a[r][i] * a[r][j];
            }
        }
        double[] x = new double[n];
        for (int sweep = 0; sweep < 100_000; sweep++) {
            double change = 0, size = 0;
            for (int i = 0; i < n; i++) {
                if (g[i][i] <= 0) continue; // a column of zeros: the unknown stays 0
                double s = h[i];
                for (int j = 0; j < n; j++) if (j != i) s -= g[i][j] * x[j];
                double xi = Math.max(0, s / g[i][i]);
                change = Math.max(change, Math.abs(xi - x[i]));
                size = Math.max(size, Math.abs(xi));
                x[i] = xi;
            }
            if (change <= 1e-13 * Math.max(size, 1e-300)) break;
        }
        return x;
    }
}
