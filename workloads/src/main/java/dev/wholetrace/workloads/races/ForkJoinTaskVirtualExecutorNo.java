package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinTask;

/**
 * A ForkJoinTask made by {@code ForkJoinTask.adapt(Runnable)} handed to {@code execute} of a virtual thread-per-task
 * executor (JDK 21+): the executor starts a virtual thread that calls the task's {@code run()}. The task is not wrapped
 * at the call site (a ForkJoinPool must get a ForkJoinTask as it is), so what orders main's write of {@code capacity}
 * before the task's read is the thread's fork, and main's read of {@code seen} after {@code join()} the task's
 * completion (ForkJoinTask's hooks). No race. Until session 42 a virtual thread that ThreadPerTaskExecutor started had
 * no fork: 1 false race here. The suite is compiled for 17: the factory is looked up by reflection.
 */
public final class ForkJoinTaskVirtualExecutorNo {
    public static final String[] RACES = {};
    /** The first JDK that has virtual threads: RaceSuite skips the program on older ones. */
    public static final int MIN_JDK = 21;

    static int capacity;
    static int seen;

    public static void main(String[] args) throws Exception {
        ExecutorService executor = VirtualExecutorCloseNo.newVirtualThreadPerTaskExecutor();
        try {
            capacity = 50;
            ForkJoinTask<?> task = ForkJoinTask.adapt(() -> {
                seen = capacity;
            });
            executor.execute((Runnable) task); // an adapted task is a RunnableFuture
            task.join();
            System.out.println("seen=" + seen);
        } finally {
            ExecutorService.class.getMethod("close").invoke(executor);
        }
    }
}
