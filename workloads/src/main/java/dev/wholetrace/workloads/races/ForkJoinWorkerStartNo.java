package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;

/**
 * A ForkJoinPool with a factory of the program's workers, whose {@code onStart} (run by each new worker before it
 * takes any task) reads {@code poolName}, which main set before the pool existed. The pool starts its workers inside
 * the JDK, as it needs them: Thread.start orders main's past before each worker. No race. Until session 41 the agent
 * recorded no fork for a pool's worker, so the read in {@code onStart} looked unordered with main's write.
 */
public final class ForkJoinWorkerStartNo {
    public static final String[] RACES = {};

    static String poolName;
    static final java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();

    static final class Worker extends ForkJoinWorkerThread {
        Worker(ForkJoinPool pool) {
            super(pool);
        }

        @Override
        protected void onStart() {
            super.onStart();
            if (poolName.isEmpty()) throw new AssertionError();
            started.incrementAndGet();
        }
    }

    public static void main(String[] args) throws Exception {
        poolName = "maintenance";
        started.set(0);
        ForkJoinPool pool = new ForkJoinPool(2, Worker::new, null, false);
        try {
            pool.submit(() -> { }).get();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("started=" + (started.get() > 0));
    }
}
