package dev.wholetrace.simulate.calibrate;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The calibration's micro-benchmarks. Each compute kernel is one counted loop whose body is
 * dominated by one group of instruction classes; {@link Calibration} reads this class's own
 * bytecode with the graph generator to know how many instructions of each class one iteration
 * runs, so the fit uses the same counting as the graphs it serves. Results go to {@link #sink}
 * so the JIT cannot drop the loops.
 */
public final class MicroBenchmarks {
    static volatile long sink;
    private final int[] ints = new int[4096];
    private final double[] doubles = new double[4096];
    private int field;
    private final Object monitor = new Object();
    private final ReentrantLock lock = new ReentrantLock();

    private final double[] xs = new double[4096];
    private final double[][] rows = new double[64][4096];
    private final int[] perm = new int[4096];
    private final Object[] slots = new Object[64];

    public MicroBenchmarks() {
        for (int i = 0; i < 4096; i++) {
            doubles[i] = 1 + i * 1e-4;
            xs[i] = 2 - i * 1e-4;
            perm[i] = (int) ((i * 2654435761L) & 4095);
        }
        for (double[] r : rows) System.arraycopy(doubles, 0, r, 0, 4096);
        for (int i = 0; i < 64; i++) {
            names.add("key-" + (i * 37 % 64));
            table.put(names.get(i), i);
        }
    }

    /** The entry the graph generator starts from: calls every kernel once. */
    public static void main(String[] args) {
        MicroBenchmarks b = new MicroBenchmarks();
        sink = b.intLoop(10) + (long) b.fpLoop(10) + b.arrayLoop(10) + b.fieldLoop(10) + b.monitorLoop(10) + b.lockLoop(10)
                + b.intParallelLoop(10) + (long) b.fpParallelLoop(10) + (long) b.sumLoop(10) + (long) b.axpyLoop(10)
                + (long) b.stencilLoop(10) + (long) b.strideLoop(10) + b.gatherLoop(10) + b.divLoop(10) + (long) b.mathLoop(10)
                + (long) b.rowsLoop(10) + (long) b.fpDivLoop(10) + (long) b.fpDivParallelLoop(10) + (long) b.mathParallelLoop(10)
                + (long) b.libraryLoop(10) + b.allocLoop(10) + b.callLoop(10) + (long) b.shortLoops(SHORT_TRIPS) + b.jdkLoop(10);
    }

    /** The compute loops the costs per instruction class are fitted to, by method name. */
    static final String[] FITTED = {"intLoop", "fpLoop", "arrayLoop", "fieldLoop", "intParallelLoop", "fpParallelLoop", "sumLoop",
        "axpyLoop", "stencilLoop", "strideLoop", "gatherLoop", "divLoop", "mathLoop", "rowsLoop", "fpDivLoop", "fpDivParallelLoop",
        "mathParallelLoop", "libraryLoop", "allocLoop", "callLoop"};

    /** Runs the fitted loop {@code name} for {@code n} iterations. */
    long run(String name, int n) {
        return switch (name) {
            case "intLoop" -> intLoop(n);
            case "fpLoop" -> (long) fpLoop(n);
            case "arrayLoop" -> arrayLoop(n);
            case "fieldLoop" -> fieldLoop(n);
            case "intParallelLoop" -> intParallelLoop(n);
            case "fpParallelLoop" -> (long) fpParallelLoop(n);
            case "sumLoop" -> (long) sumLoop(n);
            case "axpyLoop" -> (long) axpyLoop(n);
            case "stencilLoop" -> (long) stencilLoop(n);
            case "strideLoop" -> (long) strideLoop(n);
            case "gatherLoop" -> gatherLoop(n);
            case "divLoop" -> divLoop(n);
            case "mathLoop" -> (long) mathLoop(n);
            case "rowsLoop" -> (long) rowsLoop(n);
            case "fpDivLoop" -> (long) fpDivLoop(n);
            case "fpDivParallelLoop" -> (long) fpDivParallelLoop(n);
            case "mathParallelLoop" -> (long) mathParallelLoop(n);
            case "libraryLoop" -> (long) libraryLoop(n);
            case "allocLoop" -> allocLoop(n);
            case "callLoop" -> callLoop(n);
            default -> throw new IllegalArgumentException("no loop " + name);
        };
    }

    /** Four independent integer chains: what a superscalar core overlaps. */
    long intParallelLoop(int n) {
        long a = 1, b = 2, c = 3, d = 4;
        for (int i = 0; i < n; i++) {
            a = a * 31 + i;
            b = (b ^ i) + 7;
            c = c * 17 - i;
            d = (d << 1) ^ i;
        }
        return a + b + c + d;
    }

    /** Four independent floating-point chains. */
    double fpParallelLoop(int n) {
        double a = 1, b = 2, c = 3, d = 4;
        for (int i = 0; i < n; i++) {
            a = a * 0.999 + 0.001;
            b = b * 0.998 + 0.002;
            c = c * 0.997 + 0.003;
            d = d * 0.996 + 0.004;
        }
        return a + b + c + d;
    }

    /** A reduction over an array (streaming loads, one chain). */
    double sumLoop(int n) {
        double[] x = doubles;
        double s = 0;
        for (int i = 0; i < n; i++) s += x[i & 4095];
        return s;
    }

    /** y = y + a x over an array (a load pair, a store, independent iterations). */
    double axpyLoop(int n) {
        double[] x = xs, y = doubles;
        for (int i = 0; i < n; i++) {
            int k = i & 4095;
            y[k] = y[k] * 0.5 + 0.25 * x[k];
        }
        return y[7];
    }

    /** Inner loops of {@link #SHORT_TRIPS} iterations in {@link #shortLoops}: Lu's block rows have 16. */
    static final int SHORT_TRIPS = 16;

    /**
     * {@link #axpyLoop}'s body in inner loops of {@link #SHORT_TRIPS} iterations (not a fitted loop):
     * the difference per iteration from {@link #axpyLoop}, times the trips, is what entering and
     * leaving a loop costs ({@code cycles.bc.loop-exit}).
     */
    double shortLoops(int n) {
        double[] x = xs, y = doubles;
        for (int start = 0; start < n; start += SHORT_TRIPS) {
            for (int i = start, end = start + SHORT_TRIPS; i < end; i++) {
                int k = i & 4095;
                y[k] = y[k] * 0.5 + 0.25 * x[k];
            }
        }
        return y[7];
    }

    /** A three-point smoothing of one array into another (neighbour loads, one store). */
    double stencilLoop(int n) {
        double[] x = xs, y = doubles;
        for (int i = 0; i < n; i++) {
            int k = (i & 4093) + 1;
            y[k] = 0.25 * (x[k - 1] + x[k + 1]) + 0.5 * x[k];
        }
        return y[9];
    }

    /** Every other element updated in place from its neighbours (a stride-2 read-modify-write). */
    double strideLoop(int n) {
        double[] x = doubles;
        for (int i = 0; i < n; i++) {
            int k = ((2 * i) & 4093) + 1;
            x[k] += 0.5 * (0.5 * (x[k - 1] + x[k + 1]) - x[k]);
        }
        return x[11];
    }

    /** Loads through an index array (a gather: dependent addresses). */
    long gatherLoop(int n) {
        int[] p = perm, x = ints;
        long s = 0;
        for (int i = 0; i < n; i++) s += x[p[i & 4095]];
        return s;
    }

    /** Integer division and remainder. */
    long divLoop(int n) {
        long s = 1;
        for (int i = 1; i < n; i++) s += (s + 1000003) / i + i % 7;
        return s;
    }

    /** Floating-point division. */
    double fpDivLoop(int n) {
        double s = 1;
        for (int i = 0; i < n; i++) s = 1.0 + s / (1.5 + (i & 7));
        return s;
    }

    /** Floating-point divisions that do not depend on each other: only the sum is a chain (the divider pipelines). */
    double fpDivParallelLoop(int n) {
        double[] x = xs;
        double s = 0;
        for (int i = 0; i < n; i++) s += x[i & 4095] / (1.5 + (i & 7));
        return s;
    }

    /** Square roots that do not depend on each other (the chain is the sum). */
    double mathParallelLoop(int n) {
        double s = 0;
        for (int i = 0; i < n; i++) s += Math.sqrt(i + 0.5) * 0.5;
        return s;
    }

    /**
     * The math library's routines (a cosine: the JIT calls a stub of tens of instructions), each
     * independent of the last: what {@code cycles.bc.libm} prices.
     */
    double libraryLoop(int n) {
        double s = 0;
        for (int i = 0; i < n; i++) s += Math.cos((i & 1023) * 0.001);
        return s;
    }

    /** A small JDK method the JIT inlines (not an intrinsic): what {@code cycles.bc.invoke} prices. */
    long callLoop(int n) {
        double[] x = xs;
        long s = 0;
        for (int i = 0; i < n; i++) s += Double.compare(x[i & 4095], 1.5);
        return s;
    }

    private final java.util.HashMap<String, Integer> table = new java.util.HashMap<>();
    private final java.util.ArrayList<String> names = new java.util.ArrayList<>();
    private final StringBuilder text = new StringBuilder();

    /**
     * Calls into the JDK that the graph does not follow (not a fitted loop: what {@code cycles.bc.jdk}
     * prices, calibrate's time per iteration less the fitted costs of the rest, per call): ten calls an
     * iteration of the collections and strings a program uses most, chosen before any program was
     * predicted with them — a hash map's {@code get}, unboxing, boxing beyond the small-integer cache,
     * a string builder emptied and appended an integer and its length, a list's {@code get} twice, a
     * string's {@code length} and {@code compareTo}. No branch, so that the loop's body is one path.
     */
    long jdkLoop(int n) {
        java.util.HashMap<String, Integer> m = table;
        java.util.ArrayList<String> l = names;
        StringBuilder b = text;
        Object[] keep = slots;
        long s = 0;
        for (int i = 0; i < n; i++) {
            String key = l.get(i & 63);
            s += m.get(key);
            keep[i & 63] = Integer.valueOf(i | 1024);
            b.setLength(0);
            b.append(i);
            s += b.length() + key.length() + key.compareTo(l.get((i + 1) & 63));
        }
        return s;
    }

    /** Small arrays allocated and kept (so that escape analysis cannot remove them) until the slot is reused: what {@code cycles.bc.new} prices. */
    long allocLoop(int n) {
        Object[] s = slots;
        for (int i = 0; i < n; i++) s[i & 63] = new long[2];
        return s.length;
    }

    /** Calls into the JDK's math (intrinsics: square root, absolute value, minimum). */
    double mathLoop(int n) {
        double s = 0;
        for (int i = 0; i < n; i++) s += Math.sqrt(i + s * 1e-9) + Math.abs(s - i) * 1e-9 + Math.min(s, 1.0);
        return s;
    }

    /** Elements of a two-dimensional array (a row reference, then an element). */
    double rowsLoop(int n) {
        double[][] r = rows;
        double s = 0;
        for (int i = 0; i < n; i++) s += r[i & 63][(i >> 6) & 4095] * 0.5;
        return s;
    }

    long intLoop(int n) {
        long a = 1, c = 7;
        for (int i = 0; i < n; i++) {
            a = a * 31 + (i ^ c);
            c = (c << 1) - a + i;
        }
        return a + c;
    }

    double fpLoop(int n) {
        double a = 1.0, c = 0.5;
        for (int i = 0; i < n; i++) {
            // a slowly damped rotation: |a|, |c| stay near 1 for millions of iterations (session 31's
            // coefficients decayed into subnormal numbers, 97 ns an iteration on x86 instead of 2)
            a = a * 0.99999 + c * 0.001;
            c = c * 0.99999 - a * 0.001;
        }
        return a + c;
    }

    long arrayLoop(int n) {
        int[] x = ints;
        long s = 0;
        for (int i = 0; i < n; i++) {
            int k = i & 4095;
            x[k] = x[k] + x[(k + 1) & 4095];
            s += x[k];
        }
        return s;
    }

    long fieldLoop(int n) {
        for (int i = 0; i < n; i++) {
            field = field + i;
            doubles[i & 4095] = field;
        }
        return field;
    }

    long monitorLoop(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            synchronized (monitor) {
                s += i;
            }
        }
        return s;
    }

    long lockLoop(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            lock.lock();
            try {
                s += i;
            } finally {
                lock.unlock();
            }
        }
        return s;
    }

    /**
     * An array walk for the cache costs (not a fitted loop): {@code n} loads of {@code a}, {@code
     * stride} elements apart, wrapping to the next column at the end, so every element is read once
     * per sweep and the footprint is the whole array. Stride 1 is a sequential walk (a new cache line
     * every eight doubles, prefetched); a power-of-two stride of a line or more is a matrix column
     * walk (a new line, and a new page every 4 KiB, per access), as in a transpose.
     */
    static double walk(double[] a, int stride, int n) {
        double s0 = 0, s1 = 0;
        int len = a.length, i = 0, column = 0;
        for (int k = 0; k < n; k += 2) { // two sums: the loads, not an addition chain, set the pace
            s0 += a[i];
            i += stride;
            if (i >= len) i = column = column + 1 == stride ? 0 : column + 1;
            s1 += a[i];
            i += stride;
            if (i >= len) i = column = column + 1 == stride ? 0 : column + 1;
        }
        return s0 + s1;
    }

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    /** CPU nanoseconds of the calling thread (wall nanoseconds where the JVM cannot measure them). */
    private static long cpuNow() {
        return CPU.isCurrentThreadCpuTimeSupported() ? CPU.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /**
     * CPU nanoseconds (the starting thread's and the started one's) to start and join a thread that
     * does nothing. CPU time, not wall time: on a loaded machine the wall time of a hand-over is mostly
     * the wait for a processor, which the simulator models itself (the ready queue).
     */
    static double threadStartJoin(int n) throws InterruptedException {
        long[] child = new long[1];
        long t0 = cpuNow();
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> {
                sink++;
                child[0] += cpuNow();
            });
            t.start();
            t.join();
        }
        return (cpuNow() - t0 + child[0]) / (double) n;
    }

    /** CPU nanoseconds (both threads) per await of two threads meeting at a barrier {@code n} times. */
    static double barrierAwait(int n) throws Exception {
        CyclicBarrier b = new CyclicBarrier(2);
        long[] other = new long[1];
        Thread t = new Thread(() -> {
            long c0 = cpuNow();
            try {
                for (int i = 0; i < n; i++) b.await();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            other[0] = cpuNow() - c0;
        });
        t.start();
        long c0 = cpuNow();
        for (int i = 0; i < n; i++) b.await();
        long mine = cpuNow() - c0;
        t.join();
        return (mine + other[0]) / (double) n / 2;
    }

    /** CPU nanoseconds (both threads) from one thread's notify of another to that thread running (a ping-pong's half). */
    static double handover(int n) throws InterruptedException {
        int[] turn = new int[1];
        long[] otherCpu = new long[1];
        Object gate = new Object();
        Thread other = new Thread(() -> {
            long c0 = cpuNow();
            for (int i = 0; i < n; i++) {
                synchronized (gate) {
                    while (turn[0] != 1) {
                        try {
                            gate.wait();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    turn[0] = 0;
                    gate.notifyAll();
                }
            }
            otherCpu[0] = cpuNow() - c0;
        });
        other.start();
        long c0 = cpuNow();
        for (int i = 0; i < n; i++) {
            synchronized (gate) {
                turn[0] = 1;
                gate.notifyAll();
                while (turn[0] != 0) gate.wait();
            }
        }
        long mine = cpuNow() - c0;
        other.join();
        return (mine + otherCpu[0]) / (double) n / 2;
    }
}
