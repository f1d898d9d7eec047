package dev.wholetrace.simulate.calibrate;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * {@code cost.jvm.thread-exit}: the processor time a started thread costs beyond what {@code
 * cost.jvm.thread-start} counts (docs/machine-model.md, "A short thread's own start and exit", session 48).
 * {@code thread-start} is the starter's CPU for {@code start} and {@code join} plus the started thread's CPU
 * until its body runs ({@link MicroBenchmarks#threadStartJoin}); what the thread spends after its body
 * returns (HotSpot's thread exit: its thread-local buffers retired, its handles and monitors released, the
 * kernel's exit and the stack given back) is on no thread the JVM can ask once it is gone. The process can:
 * its CPU time ({@code CLOCK_PROCESS_CPUTIME_ID}) counts every thread, the dead ones included. So each run
 * starts and joins {@code n} empty threads, as {@code threadStartJoin} does, and the key is the process's
 * CPU less the starter's and less the started threads' CPU up to their bodies, per thread; the best (least)
 * of the runs, since the process's other threads (the compilers, the collector) can only add to it.
 */
public final class ThreadExit {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private final int repetitions;
    private final int threads;
    private static volatile int sink;

    /** @param repetitions timed runs (the least counts); @param threads threads started and joined per run */
    public ThreadExit(int repetitions, int threads) {
        this.repetitions = repetitions;
        this.threads = threads;
    }

    /**
     * The measurement, ns per thread: the process's CPU, the part {@code thread-start} counts (the starter's
     * and the started threads' up to their bodies), and the rest, the key.
     */
    public record Result(double processNs, double startNs) {
        /** ns of a thread's exit: the process's CPU per thread less what {@code thread-start} counts, never below 0. */
        public double exitNs() {
            return Math.max(0, processNs - startNs);
        }

        public String report() {
            return String.format(Locale.ROOT,
                    "thread exit: start and join of an empty thread %.1f µs of the process's CPU, %.1f µs of it the starter's and the thread's up to its body (thread-start): %.1f µs after its body",
                    processNs / 1e3, startNs / 1e3, exitNs() / 1e3);
        }
    }

    /**
     * How far the base file's {@code cost.jvm.thread-start} may be from the one measured with the exit before the key is
     * reported as another machine state's: the thread start's own spread between calibrations of a quiet machine is
     * within it (sessions 36-37: 31.9-32.0 µs), session 48's 1.8 times and session 51's 4-5.7 times are not.
     */
    static final double STATE_RATIO = 1.5;

    /**
     * The guard {@code calibrate --thread-exit --base} has against the load (session 51): null, or one line saying that the
     * thread start measured with the exit ({@code startNs}, what {@code cost.jvm.thread-start} counts) is more than {@link
     * #STATE_RATIO} times from the base file's ({@code baseStartNs}; 0: the base has none, nothing to compare). The least
     * of repeated runs cannot remove what the load does to a thread's start and exit: the kernel's side of it (clone, the
     * stack's mappings, futex wake-ups) stays dear for minutes (session 51: the least thread start over 290-1 477 runs of 20
     * threads in a minute was 91-123 µs, 3-4 times session 37's, in every minute measured), and the exit grows more than
     * the start (session 48: 25.5 µs beside a 58-µs start; 51: 94-102 beside 116-130), so no rescaling by the start
     * recovers the base's exit either. So the key is written as measured, with this line.
     */
    public static String stateCheck(double startNs, double baseStartNs) {
        if (!(baseStartNs > 0)) return null;
        double r = startNs / baseStartNs;
        if (r <= STATE_RATIO && r >= 1 / STATE_RATIO) return null;
        return String.format(Locale.ROOT,
                "thread exit: WARNING: a thread's start measured now (%.1f µs) is %.2f times the base file's cost.jvm.thread-start (%.1f µs): "
                        + "this machine's thread start and exit are not in the base's state (load), so the exit key written belongs to another machine than the base's",
                startNs / 1e3, r, baseStartNs / 1e3);
    }

    /** Null where the JVM cannot measure the process's or a thread's CPU time. */
    public Result measure() throws InterruptedException {
        if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)
                || !CPU.isCurrentThreadCpuTimeSupported() || os.getProcessCpuTime() < 0) {
            return null;
        }
        once(os, threads / 2 + 1); // warm-up: the lambda and Thread's paths compiled
        Result best = null;
        for (int r = 0; r < repetitions; r++) {
            Result x = once(os, threads);
            if (best == null || x.exitNs() < best.exitNs()) best = x;
        }
        return best;
    }

    private static Result once(com.sun.management.OperatingSystemMXBean os, int n) throws InterruptedException {
        long[] child = new long[1];
        long p0 = os.getProcessCpuTime(), s0 = CPU.getCurrentThreadCpuTime();
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> {
                sink++;
                child[0] += CPU.getCurrentThreadCpuTime();
            });
            t.start();
            t.join(); // join orders the child's write before this read
        }
        long s1 = CPU.getCurrentThreadCpuTime(), p1 = os.getProcessCpuTime();
        return new Result((p1 - p0) / (double) n, (s1 - s0 + child[0]) / (double) n);
    }
}
