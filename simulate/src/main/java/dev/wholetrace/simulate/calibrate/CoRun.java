package dev.wholetrace.simulate.calibrate;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CyclicBarrier;

/**
 * {@code memory.contention} ({@code calibrate --co-run}, docs/machine-model.md, session 47): how much slower a
 * processor runs while another one is busy too. On this project's two-vCPU machine a quiet two-core run of a
 * program costs 20–60 % more processor time than the same run on one core (session 37's measurements; the
 * compilers' thread beside a one-thread program is enough), which no one-core key can see.
 *
 * <p>Each of {@code calibrate}'s fitted loops ({@link MicroBenchmarks#FITTED}) runs on a thread pinned to the
 * first processor, alone and then with a copy of itself on a thread pinned to the second (each with its own
 * data), started together; each time is the thread's CPU time per iteration, the best of several runs. The
 * simulator runs every busy processor at {@code 1 / (1 + f × (busy − 1))}: with two busy, the ratio of the
 * two times is {@code 1 + f}, so a loop's {@code f} is the ratio less 1 and the key is the median over the
 * loops, never below 0. Like the cross-core group's latency this needs an idle machine: on a loaded one the
 * "alone" run already shares its processor's neighbour with other programs ({@code calibrate} prints the load).
 */
public final class CoRun {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    /** Per loop: ns per iteration alone and side by side (the mean of the two threads). */
    public record Loop(String name, double aloneNs, double togetherNs) {
        /** The loop's {@code f}: the slowdown beyond 1. */
        public double contention() {
            return togetherNs / aloneNs - 1;
        }
    }

    /** The measurement on processors {@code first} and {@code second}. */
    public record Result(int first, int second, List<Loop> loops) {
        /** {@code memory.contention}: the median of the loops' {@code f}, never below 0 (noise alone can make it negative). */
        public double contention() {
            return Math.max(0, median(loops.stream().mapToDouble(Loop::contention).toArray()));
        }

        /** What {@code calibrate} prints. */
        public List<String> report() {
            List<String> out = new ArrayList<>();
            for (Loop l : loops) {
                out.add(String.format(Locale.ROOT, "co-run: %-18s alone on cpu %d %.3f ns, beside a copy on cpu %d %.3f ns: f %.3f",
                        l.name(), first, l.aloneNs(), second, l.togetherNs(), l.contention()));
            }
            out.add(String.format(Locale.ROOT, "co-run: memory.contention %.3f (the median); load average %s", contention(), CrossCore.loadAverage()));
            return out;
        }
    }

    /** The median of {@code xs} (the mean of the middle two of an even count); 0 of none. */
    static double median(double[] xs) {
        if (xs.length == 0) return 0;
        double[] s = xs.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    private final int repetitions, iterations;

    /** @param repetitions timed runs of each placement (the best counts); @param iterations loop iterations per run */
    public CoRun(int repetitions, int iterations) {
        this.repetitions = repetitions;
        this.iterations = iterations;
    }

    /** Measures on the first two processors this process may run on; null when it may run on one only. */
    public Result measure() throws IOException, InterruptedException {
        int[] cpus = CrossCore.allowedCpus(Files.readString(Path.of("/proc/self/status")));
        if (cpus.length < 2) return null;
        List<Loop> loops = new ArrayList<>();
        for (String name : MicroBenchmarks.FITTED) {
            double alone = Double.MAX_VALUE, together = Double.MAX_VALUE;
            side(name, new int[] {cpus[0], cpus[1]}, 5); // warm-up: both threads' code compiled
            for (int r = 0; r < repetitions; r++) {
                alone = Math.min(alone, side(name, new int[] {cpus[0]}, 1)[0]);
                double[] both = side(name, new int[] {cpus[0], cpus[1]}, 1);
                together = Math.min(together, (both[0] + both[1]) / 2);
            }
            loops.add(new Loop(name, alone, together));
        }
        return new Result(cpus[0], cpus[1], loops);
    }

    /**
     * One run of loop {@code name} on a thread pinned to each of {@code on}, started together, {@code runs}
     * times each: each thread's CPU ns per iteration in its last run.
     */
    private double[] side(String name, int[] on, int runs) throws IOException, InterruptedException {
        double[] ns = new double[on.length];
        IOException[] failure = new IOException[1];
        CyclicBarrier start = new CyclicBarrier(on.length);
        Thread[] ts = new Thread[on.length];
        for (int k = 0; k < on.length; k++) {
            int me = k;
            ts[k] = new Thread(() -> {
                MicroBenchmarks b = new MicroBenchmarks(); // its own data: the two share no cache lines
                try {
                    CrossCore.pin(Integer.toString(on[me]));
                    for (int r = 0; r < runs; r++) {
                        start.await(); // both pinned and both at the loop's start
                        long c0 = CPU.getCurrentThreadCpuTime();
                        MicroBenchmarks.sink += b.run(name, iterations);
                        ns[me] = (CPU.getCurrentThreadCpuTime() - c0) / (double) iterations;
                    }
                } catch (IOException e) {
                    failure[0] = e;
                    start.reset();
                } catch (Exception e) {
                    failure[0] = new IOException("co-run interrupted: " + e, e);
                    start.reset();
                }
            }, "co-run-" + k);
            ts[k].start();
        }
        for (Thread t : ts) t.join();
        if (failure[0] != null) throw failure[0];
        return ns;
    }
}
