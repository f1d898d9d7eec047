package dev.wholetrace.agent.instrument;

/**
 * Loop shapes for {@link CountedLoopsShapesTest}: loops left by exceptions in the middle of an
 * iteration, with and without handlers of the method around them, whose handlers read locals the
 * loop stores; labelled breaks and continues; a loop at the method's end; a loop in a monitor.
 */
public final class LoopShapes {
    private LoopShapes() {}

    /** A reference the loop stores, read by the handler around the loop. */
    public static String lastBeforeFault(String[] a) {
        String last = "none";
        int i = 0;
        try {
            while (true) {
                last = a[i];
                i++;
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            return last + i;
        }
    }

    /** A long and a double the loop stores, read by the handler around it. */
    public static String sumsBeforeFault(long[] a, int d) {
        long sum = 0;
        double avg = 0;
        int i = 0;
        try {
            for (; i < a.length; i++) {
                sum += a[i] / d;
                avg = sum / (i + 1.0);
            }
            return "done " + sum + " " + avg;
        } catch (ArithmeticException e) {
            return "fault " + sum + " " + avg + " " + i;
        }
    }

    /** A finally around a loop that faults mid-iteration (division, then array index). */
    public static int finallyAround(int[] a, int d, int[] out) {
        int s = 0;
        try {
            for (int i = 0; i < a.length; i += 2) {
                s += a[i] / d;
                s += a[i + 1];
            }
        } finally {
            out[0] = s;
        }
        return s;
    }

    /** Labelled break and continue out of an inner loop. */
    public static int labelled(int[][] g, int x) {
        int s = 0;
        outer:
        for (int i = 0; i < g.length; i++) {
            int[] row = g[i];
            for (int j = 0; j < row.length; j++) {
                if (row[j] < 0) continue outer;
                if (row[j] == x) break outer;
                s += row[j];
            }
            s++;
        }
        return s;
    }

    /** A loop at the method's end, left only by an exception. */
    public static void fillUntilFault(int[] a, int[] b) {
        int i = 0;
        while (true) {
            a[i] = b[i] + i;
            i++;
        }
    }

    /** A loop in a synchronized block, faulting mid-iteration. */
    public static int locked(Object lock, int[] a, int d) {
        int s = 0;
        synchronized (lock) {
            for (int i = 0; i < a.length; i++) s += a[i] / d;
        }
        return s;
    }

    /** A cast that fails in the middle of an iteration; the handler of the method catches it. */
    public static int casts(Object[] a) {
        int n = 0;
        Integer last = null;
        try {
            for (int i = 0; i < a.length; i++) {
                last = (Integer) a[i];
                n += last;
            }
        } catch (ClassCastException e) {
            return -n - (last == null ? 0 : last);
        }
        return n;
    }

    /** A sum over {@code n} iterations: 2n+1 blocks (runs around ThreadRecorder.MAX_RUN). */
    public static long triangle(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += i;
        return s;
    }

    /** A loop of one block: n+1 blocks for n iterations. */
    public static int doWhile(int n) {
        int i = 0;
        do {
            i++;
        } while (i < n);
        return i;
    }

    /** Two loops one after the other, the second entered with the counter reset by the first's exit. */
    public static int twoLoops(int[] a, int x) {
        int i = 0;
        while (i < a.length && a[i] != x) i++;
        int j = a.length - 1;
        while (j > i && a[j] != x) j--;
        return i * 100 + j;
    }

    /** A class with an initializer whose loop records blocks. */
    static class InitBase {
        static int seen;

        static {
            int s = 0;
            for (int k = 0; k < 3; k++) s += k;
            seen = s;
        }
    }

    /** No initializer of its own: its first static use initializes {@link InitBase}, in the middle of the loop using it. */
    static final class InitLeaf extends InitBase {
        static int last;
    }

    /** An interface whose field is no compile-time constant: the first read runs its initializer. */
    interface Table {
        int[] WEIGHTS = weights();

        static int[] weights() {
            int[] w = new int[4];
            for (int k = 0; k < w.length; k++) w[k] = k + 1;
            return w;
        }
    }

    /**
     * Reads its interface's field by its simple name: javac names this class as the field's owner, and
     * initializing this class did not initialize the interface (it has no default method).
     */
    static final class Weighed implements Table {
        static int total(int n) {
            int s = 0;
            for (int i = 0; i < n; i++) s += WEIGHTS[i % 4];
            return s;
        }
    }

    /** A loop whose static read runs an interface's initializer in its first iteration. */
    public static int weighedTotal(int n) {
        return Weighed.total(n);
    }

    /** A loop whose static store runs another class's initializer in its first iteration. */
    public static int initializesInTheLoop(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
            InitLeaf.last = s;
        }
        return s + InitLeaf.seen;
    }
}
