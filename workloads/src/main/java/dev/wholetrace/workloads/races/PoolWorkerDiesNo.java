package dev.wholetrace.workloads.races;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Tasks handed to {@code execute} on a 2-worker pool, every third of which throws after writing its
 * element of {@code results}: the worker that ran it dies (ThreadPoolExecutor.processWorkerExit
 * decrements the worker count and starts another). Main reads every element once awaitTermination
 * returned true: a dead worker left the pool after its last task, and the pool terminated after every
 * worker left. No race.
 */
public final class PoolWorkerDiesNo {
    public static final String[] RACES = {};

    static int[] results;

    public static void main(String[] args) throws Exception {
        results = new int[12];
        ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), task -> {
            Thread t = new Thread(task);
            t.setUncaughtExceptionHandler((thread, e) -> { }); // the task's exception is expected
            return t;
        });
        for (int i = 0; i < results.length; i++) {
            int me = i;
            pool.execute(() -> {
                results[me] = me + 1;
                if (me % 3 == 2) throw new IllegalStateException("task " + me);
            });
        }
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.SECONDS)) throw new AssertionError("not terminated");
        int sum = 0;
        for (int v : results) sum += v;
        System.out.println("sum=" + sum);
    }
}
