package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A task of a virtual-thread-per-task executor writes {@code result}; main reads it inside the
 * try-with-resources block, before close() waited for the task. Race on {@code result}.
 */
public final class VirtualExecutorCloseYes {
    public static final String[] RACES = {"VirtualExecutorCloseYes.result"};
    /** The first JDK that has virtual threads: RaceSuite skips the program on older ones. */
    public static final int MIN_JDK = 21;

    static int result;

    public static void main(String[] args) throws Exception {
        result = 0;
        ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        int r;
        try {
            executor.execute(() -> result = 5);
            r = result; // 0 or 5
        } finally {
            ExecutorService.class.getMethod("close").invoke(executor);
        }
        if (r != 0 && r != 5) throw new AssertionError();
        System.out.println("done");
    }
}
