package dev.wholetrace.workloads.races;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A pool that reports in {@code terminated()} (the hook ThreadPoolExecutor runs once its last worker
 * has left, before it enters the state awaitTermination waits for), read by main once awaitTermination
 * returned true. No race. Until session 39's review the agent released the pool's termination only
 * where workers left, before the hook ran, so the report looked unordered with main's read.
 */
public final class PoolTerminatedHookNo {
    public static final String[] RACES = {};

    static int report;

    public static void main(String[] args) throws Exception {
        report = 0;
        ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>()) {
            @Override
            protected void terminated() {
                report = 42;
            }
        };
        for (int i = 0; i < 4; i++) pool.execute(() -> { });
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.SECONDS)) throw new AssertionError("not terminated");
        System.out.println("report=" + report);
    }
}
