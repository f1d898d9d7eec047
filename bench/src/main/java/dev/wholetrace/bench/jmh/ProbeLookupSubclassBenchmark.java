package dev.wholetrace.bench.jmh;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link ProbeLookupBenchmark} on a thread whose class is the program's, a subclass of {@code Thread}
 * (JMH's own workers are plain {@code Thread}s): the method-entry lookup finds the thread's slot by
 * another path for such a thread (ThreadState.slot: not its {@code getId()}, which the program may
 * override), and that path cost about 12 ns an entry on JDK 17 when it was the identity hash
 * (docs/results/overhead-profile.md, session 45). JMH runs the benchmark on the threads of
 * {@link SubclassThreads} (its {@code jmh.executor=CUSTOM}). Run:
 * {@code bench/run jmh 'ProbeLookup(Subclass)?Benchmark'}, and compare the two classes' {@code enter}.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "-Djmh.executor=CUSTOM",
        "-Djmh.executor.class=dev.wholetrace.bench.jmh.ProbeLookupSubclassBenchmark$SubclassThreads"})
public class ProbeLookupSubclassBenchmark extends ProbeLookupBenchmark {
    /** JMH's executor: made by reflection with (threads, name prefix), its threads {@link Worker}s. */
    public static final class SubclassThreads extends ThreadPoolExecutor {
        public SubclassThreads(int threads, String prefix) {
            super(threads, threads, 1, TimeUnit.MINUTES, new LinkedBlockingQueue<>(), task -> new Worker(task, prefix));
        }
    }

    /**
     * A program's thread class, as an application server's or a pool's own, and joined while it runs, as a
     * program's main thread joins its workers: the joiner waits on the thread object, whose monitor is then
     * inflated, and on JDK 17 {@code System.identityHashCode} of an object with an inflated monitor leaves
     * the JIT's fast path for a call into the VM (without a joiner the identity hash cost 0.75 ns a lookup).
     */
    static final class Worker extends Thread {
        Worker(Runnable task, String prefix) {
            super(task, prefix + "-worker");
            setDaemon(true);
        }

        @Override
        public void start() {
            super.start();
            Thread joiner = new Thread(() -> {
                try {
                    join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, getName() + "-joiner");
            joiner.setDaemon(true);
            joiner.start();
        }
    }
}
