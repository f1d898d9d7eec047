package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinTask;

/**
 * {@link ForkJoinTaskVirtualExecutorNo}'s hand-over with main writing {@code late} after {@code execute}: the thread's
 * fork orders only what main did before it (the {@code capacity} read is ordered). Race on {@code late}.
 */
public final class ForkJoinTaskVirtualExecutorYes {
    public static final String[] RACES = {"ForkJoinTaskVirtualExecutorYes.late"};
    public static final int MIN_JDK = 21;

    static int late;

    public static void main(String[] args) throws Exception {
        ExecutorService executor = VirtualExecutorCloseNo.newVirtualThreadPerTaskExecutor();
        try {
            ForkJoinTaskVirtualExecutorNo.capacity = 50;
            int[] sum = new int[1];
            ForkJoinTask<?> task = ForkJoinTask.adapt(() -> {
                sum[0] = ForkJoinTaskVirtualExecutorNo.capacity + late; // late: 0 or 1
            });
            executor.execute((Runnable) task);
            late = 1;
            task.join();
            if (sum[0] != 50 && sum[0] != 51) throw new AssertionError();
            System.out.println("done");
        } finally {
            ExecutorService.class.getMethod("close").invoke(executor);
        }
    }
}
