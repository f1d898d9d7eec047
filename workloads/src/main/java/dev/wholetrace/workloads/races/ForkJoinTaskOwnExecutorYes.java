package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;

/**
 * {@link ForkJoinTaskOwnExecutorNo}'s {@code execute} of an adapted ForkJoinTask on a ThreadPoolExecutor, with main
 * writing {@code late} after the hand-over: only what main did before {@code execute} is ordered before the task's
 * run (its {@code capacity} read is ordered). The task reads {@code late}; main joins it. Race on {@code late}.
 */
public final class ForkJoinTaskOwnExecutorYes {
    public static final String[] RACES = {"ForkJoinTaskOwnExecutorYes.late"};

    static int late;

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            pool.submit(() -> { }).get();
            ForkJoinTaskOwnExecutorNo.capacity = 50;
            int[] sum = new int[1];
            ForkJoinTask<?> task = ForkJoinTask.adapt(() -> {
                sum[0] = ForkJoinTaskOwnExecutorNo.capacity + late; // late: 0 or 1
            });
            pool.execute((Runnable) task); // an adapted task is a RunnableFuture
            late = 1;
            task.join();
            if (sum[0] != 50 && sum[0] != 51) throw new AssertionError();
            System.out.println("done");
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
