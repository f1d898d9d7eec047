package dev.wholetrace.workloads.races;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/**
 * {@link ForkJoinRunnableTaskNo}'s task, with main writing {@code late} after {@code execute}: only what main did
 * before handing the task over is ordered before its run (its {@code capacity} read is ordered). The task reads
 * {@code late} and main waits for it on a latch. Race on {@code late}.
 */
public final class ForkJoinRunnableTaskYes {
    public static final String[] RACES = {"ForkJoinRunnableTaskYes.late"};

    static int late;

    public static void main(String[] args) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(1);
        try {
            pool.submit(() -> { }).get();
            ForkJoinRunnableTaskNo.capacity = 50;
            CountDownLatch done = new CountDownLatch(1);
            Executor executor = pool;
            int[] sum = new int[1];
            CountDownLatch read = new CountDownLatch(1);
            executor.execute(new ForkJoinRunnableTaskNo.Cleanup(done) {
                @Override
                public void run() {
                    sum[0] = ForkJoinRunnableTaskNo.capacity + late; // late: 0 or 1
                    read.countDown();
                    super.run();
                }
            });
            late = 1;
            done.await();
            read.await();
            if (sum[0] != 50 && sum[0] != 51) throw new AssertionError();
            System.out.println("done");
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
