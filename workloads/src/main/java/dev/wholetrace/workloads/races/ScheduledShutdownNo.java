package dev.wholetrace.workloads.races;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A periodic task of a ScheduledThreadPoolExecutor writes {@code last} in its first three runs only; main waits until
 * the pool counts five completed runs ({@code getCompletedTaskCount}, which the agent does not record: it only makes
 * the runs happen first), calls {@code shutdown()} and reads {@code last} without awaiting termination. Each run puts
 * its task back into the executor's queue under the queue's lock, and shutdown walks that queue under the same lock
 * (to cancel the periodic task): every run that ended before it is ordered before main's read (Micrometer's push
 * registries read what their publishing task wrote after {@code shutdown()}: session 47's tour). No race.
 */
public final class ScheduledShutdownNo {
    public static final String[] RACES = {};

    static int last;
    static int runs; // the pool's one thread only

    public static void main(String[] args) throws Exception {
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1);
        pool.scheduleAtFixedRate(() -> {
            if (runs < 3) last = ++runs;
        }, 0, 1, TimeUnit.MILLISECONDS);
        while (pool.getCompletedTaskCount() < 5) Thread.onSpinWait();
        pool.shutdown();
        System.out.println(last);
        pool.awaitTermination(30, TimeUnit.SECONDS);
    }
}
