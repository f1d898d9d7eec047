package dev.wholetrace.agent.instrument;

/** Loops for {@link CountedLoopsTest}: some countable (one cycle of blocks, no call), some not. */
public final class LoopSubject {
    private LoopSubject() {}

    /** SOR's sweep: an outer loop around a two-block inner loop, stepping by two. */
    public static double sweep(double[][] g, int colour) {
        double sum = 0;
        for (int i = 1; i < g.length - 1; i++) {
            double[] up = g[i - 1], row = g[i], down = g[i + 1];
            for (int j = 1 + (i + colour + 1) % 2; j < row.length - 1; j += 2) {
                row[j] = 0.25 * (up[j] + down[j] + row[j - 1] + row[j + 1]);
                sum += row[j];
            }
        }
        return sum;
    }

    /** A loop that leaves by a conditional jump out of its first block, and by an exception when {@code x} is missing. */
    public static int indexOf(int[] a, int x) {
        int i = 0;
        while (a[i] != x) i++;
        return i;
    }

    /** The same loop inside a try: its exception leaves the loop and is caught in the method. */
    public static int indexOrMinus(int[] a, int x) {
        try {
            int i = 0;
            long wide = 1;
            while (a[i] != x) {
                i++;
                wide += i;
            }
            return i + (int) (wide & 1);
        } catch (ArrayIndexOutOfBoundsException e) {
            return -1;
        }
    }

    /** A run longer than ThreadRecorder.MAX_RUN blocks. */
    public static long triangle(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += i;
        return s;
    }

    /** Not countable: a call in the loop. */
    public static int withCall(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += Math.abs(i - 3);
        return s;
    }
}
