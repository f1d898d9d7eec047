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
