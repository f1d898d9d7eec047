package dev.wholetrace.workloads.races;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A pool whose core workers time out ({@code allowCoreThreadTimeOut}, 1 ms): the worker that ran the
 * short task retires (getTask's compareAndDecrementWorkerCount) while the other still runs the long
 * one, and a later task gets a new worker. Main reads what all three wrote once awaitTermination
 * returned true: each worker left the pool after its tasks, and the pool terminated after every
 * worker left. No race.
 */
public final class PoolCoreTimeoutNo {
    public static final String[] RACES = {};

    static int[] written;

    public static void main(String[] args) throws Exception {
        written = new int[3];
        ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 1, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
        pool.allowCoreThreadTimeOut(true);
        CountDownLatch shortRetired = new CountDownLatch(1);
        pool.execute(() -> {
            written[0] = 1;
            try {
                shortRetired.await(); // the long task: runs until the other worker has retired
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        pool.execute(() -> written[1] = 2);
        while (pool.getPoolSize() > 1) Thread.sleep(1); // the short task's worker timed out and left
        shortRetired.countDown();
        pool.execute(() -> written[2] = 3);
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.SECONDS)) throw new AssertionError("not terminated");
        System.out.println("sum=" + (written[0] + written[1] + written[2]));
    }
}
