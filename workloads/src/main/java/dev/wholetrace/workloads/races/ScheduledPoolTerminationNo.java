package dev.wholetrace.workloads.races;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A ScheduledThreadPoolExecutor with no future read: a periodic task counts {@code ticks} (its
 * ScheduledFutureTask is reset after each run, never set), a delayed one-shot writes {@code late}
 * (run after shutdown: delayed tasks still run by default), an executed one writes {@code now}.
 * Main reads all three once awaitTermination returned true. No race. Main waits for the first tick
 * before shutting down (a latch: the ticks after it are ordered by termination alone): a 20 ms sleep
 * alone printed {@code ran=false} on a loaded machine, where the pool had not run the task yet.
 */
public final class ScheduledPoolTerminationNo {
    public static final String[] RACES = {};

    static int ticks;
    static int late;
    static int now;

    public static void main(String[] args) throws Exception {
        ticks = 0;
        late = 0;
        now = 0;
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(2);
        CountDownLatch ticked = new CountDownLatch(1);
        pool.scheduleAtFixedRate(() -> {
            ticks++;
            ticked.countDown();
        }, 0, 1, TimeUnit.MILLISECONDS);
        pool.execute(() -> now = 1);
        Thread.sleep(20);
        ticked.await();
        pool.schedule(() -> late = 1, 10, TimeUnit.MILLISECONDS);
        pool.shutdown(); // cancels the periodic task; the delayed one still runs
        if (!pool.awaitTermination(30, TimeUnit.SECONDS)) throw new AssertionError("not terminated");
        System.out.println("ran=" + (ticks > 0) + " late=" + late + " now=" + now);
    }
}
