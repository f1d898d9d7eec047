package dev.wholetrace.workloads.races;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A pool that counts its own work in {@code afterExecute} (the hook monitoring code overrides: a
 * worker calls it after each task, outside the task), read by main once awaitTermination returned
 * true: every worker left the pool after its last afterExecute, and the pool terminated after every
 * worker left. No race. The agent released the pool's termination before each afterExecute call
 * until session 39, so the counts looked unordered with main's read.
 */
public final class PoolAfterExecuteNo {
    public static final String[] RACES = {};

    static final int[] finished = new int[2];

    public static void main(String[] args) throws Exception {
        java.util.Arrays.fill(finished, 0);
        ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>()) {
            @Override
            protected synchronized void afterExecute(Runnable task, Throwable thrown) {
                finished[thrown == null ? 0 : 1]++; // the workers take turns under the pool's monitor; main reads without it
            }
        };
        for (int i = 0; i < 16; i++) pool.execute(() -> { });
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.SECONDS)) throw new AssertionError("not terminated");
        int sum = 0;
        for (int v : finished) sum += v;
        System.out.println("finished=" + sum);
    }
}
