package dev.wholetrace.simulate.egraph.sample;

/** Loops for LoopAccessesTest: array walks of known strides and loop-invariant field reads. */
public final class Walks {
    private int n = 64;
    private int count;
    private final double[] data = new double[64];

    public static void main(String[] args) {
        Walks w = new Walks();
        double[] a = new double[1024];
        System.out.println(sequential(a) + column(a, 32, 32) + columnsALineApart(a, 32, 32) + transpose(a, 16, 32) + pairs(a) + columnPairs(a, 64)
                + masked(a) + compound(a) + offsetCompound(a, 8) + rowsCompound(new double[4][16]) + indirectCompound(a, new int[64])
                + longCompound(new long[64]) + farCompound(a, 64) + w.invariantBound() + w.writtenField()
                + w.inlinedCalls() + w.writingCalls());
    }

    static double sequential(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }

    static double column(double[] a, int rows, int cols) {
        double s = 0;
        for (int c = 0; c < cols; c++) {
            for (int r = 0; r < rows; r++) s += a[r * cols + c];
        }
        return s;
    }

    /** Every eighth column: the columns share no line. */
    static double columnsALineApart(double[] a, int rows, int cols) {
        double s = 0;
        for (int c = 0; c < cols; c += 8) {
            for (int r = 0; r < rows; r++) s += a[r * cols + c];
        }
        return s;
    }

    /** Fft's transpose read: complex (re, im) columns through a pointer the inner loop moves a row on. */
    static double transpose(double[] a, int rows, int cols) {
        double s = 0;
        for (int h = 0; h < cols; h++) {
            int i = 2 * h;
            for (int v = 0; v < rows; v++, i += 2 * cols) s += a[i] - a[i + 1];
        }
        return s;
    }

    static double pairs(double[] a) {
        double s = 0;
        for (int i = 0; i + 1 < a.length; i += 2) s += a[i] * a[i + 1];
        return s;
    }

    static double columnPairs(double[] a, int stride) {
        double s = 0;
        for (int i = 0; i + 1 < a.length; i += stride) s += a[i] * a[i + 1];
        return s;
    }

    static double masked(double[] a) {
        double s = 0;
        for (int i = 0; i < 4096; i++) s += a[i & 1023];
        return s;
    }

    /** A compound assignment: the bytecode duplicates the (array, index) pair for the load and the store. */
    static double compound(double[] a) {
        for (int i = 0; i < a.length; i++) a[i] += 0.5;
        return a[3];
    }

    /** Lu's shape: a compound assignment at an offset index. */
    static double offsetCompound(double[] a, int off) {
        for (int i = 0; i + off < a.length; i++) a[off + i] += 0.5;
        return a[3];
    }

    /** A compound assignment to a row's element: the DUP2 copies a (row reference, index) pair. */
    static double rowsCompound(double[][] a) {
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) a[i][j] += 0.5;
        }
        return a[0][3];
    }

    /** A compound assignment at an index loaded from memory: no walk (but idx's own). */
    static double indirectCompound(double[] a, int[] idx) {
        for (int i = 0; i < idx.length; i++) a[idx[i]] += 0.5;
        return a[3];
    }

    static long longCompound(long[] a) {
        for (int i = 0; i < a.length; i++) a[i] += 3;
        return a[3];
    }

    /** A far walk's neighbour compounded: a[i + 1]'s load and store both ride on a[i]'s line. */
    static double farCompound(double[] a, int stride) {
        for (int i = 0; i + 1 < a.length; i += stride) a[i + 1] += a[i];
        return a[3];
    }

    /** {@code n} and {@code data} are read every iteration in the bytecode, once by the JIT. */
    double invariantBound() {
        double s = 0;
        for (int i = 0; i < n; i++) s += data[i];
        return s;
    }

    /** A small leaf the JIT inlines; {@code data} and {@code n} stay hoisted across it and across Math.sqrt. */
    double inlinedCalls() {
        double s = 0;
        for (int i = 0; i < n; i++) s += twice(Math.sqrt(data[i]));
        return s;
    }

    private static double twice(double x) {
        return 2 * x;
    }

    /** An inlined call that writes a field: the loop's field reads are not hoisted across it. */
    double writingCalls() {
        double s = 0;
        for (int i = 0; i < n; i++) s += bump(data[i]);
        return s;
    }

    private double bump(double x) {
        count++;
        return x;
    }

    /** {@code count} is written in the loop: its reads stay field loads. */
    int writtenField() {
        for (int i = 0; i < 10; i++) count = count + i;
        return count;
    }
}
