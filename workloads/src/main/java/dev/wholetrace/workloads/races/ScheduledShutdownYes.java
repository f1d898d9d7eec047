package dev.wholetrace.workloads.races;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * {@link ScheduledShutdownNo} with main reading {@code last} once before {@code shutdown()} too: nothing orders the
 * runs before that read (the count main spins on is no hand-over), only shutdown does. Race on {@code last}.
 */
public final class ScheduledShutdownYes {
    public static final String[] RACES = {"ScheduledShutdownYes.last"};

    static int last;
    static int runs; // the pool's one thread only

    public static void main(String[] args) throws Exception {
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1);
        pool.scheduleAtFixedRate(() -> {
            if (runs < 3) last = ++runs;
        }, 0, 1, TimeUnit.MILLISECONDS);
        while (pool.getCompletedTaskCount() < 5) Thread.onSpinWait();
        int before = last; // races with the runs' writes
        pool.shutdown();
        System.out.println(before + last);
        pool.awaitTermination(30, TimeUnit.SECONDS);
    }
}
