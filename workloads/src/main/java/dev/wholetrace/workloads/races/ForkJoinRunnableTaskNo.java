package dev.wholetrace.workloads.races;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;

/**
 * A ForkJoinTask that is also a Runnable, handed to {@code Executor.execute(Runnable)} on a ForkJoinPool, as
 * Caffeine schedules its cache maintenance ({@code BoundedLocalCache.PerformCleanupTask} on the common pool): the
 * pool runs such a task as it is, through {@code doExec}, not wrapped. Main sets {@code capacity} after the pool's
 * worker is running (a first task waited for), then executes the task, which reads it; the task counts a latch down
 * after writing {@code seen}, which main reads after awaiting it. {@code execute} happens-before the task's run.
 * No race. Until session 41 the agent released a task at ForkJoinPool's {@code execute(ForkJoinTask)} only, so
 * this read of {@code capacity} looked unordered with main's write.
 */
public final class ForkJoinRunnableTaskNo {
    public static final String[] RACES = {};

    static int capacity;
    static int seen;

    /** Maintenance as Caffeine writes it: exec() runs it and says "not done" (nobody joins it), run() for other executors. */
    static class Cleanup extends ForkJoinTask<Void> implements Runnable {
        private final CountDownLatch done;

        Cleanup(CountDownLatch done) {
            this.done = done;
        }

        @Override
        public Void getRawResult() {
            return null;
        }

        @Override
        protected void setRawResult(Void value) {}

        @Override
        protected boolean exec() {
            run();
            return false;
        }

        @Override
        public void run() {
            seen = capacity;
            done.countDown();
        }
    }

    public static void main(String[] args) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(1);
        try {
            pool.submit(() -> { }).get(); // the worker runs: what follows is ordered by execute, not by its start
            capacity = 50;
            CountDownLatch done = new CountDownLatch(1);
            Executor executor = pool;
            executor.execute(new Cleanup(done));
            done.await();
            System.out.println("seen=" + seen);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
