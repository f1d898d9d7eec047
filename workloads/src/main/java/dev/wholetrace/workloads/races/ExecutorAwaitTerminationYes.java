package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A task handed to {@code execute} writes {@code result}; main reads it after {@code shutdown()} but before
 * {@code awaitTermination}: shutdown waits for nothing. Race on {@code result}.
 */
public final class ExecutorAwaitTerminationYes {
    public static final String[] RACES = {"ExecutorAwaitTerminationYes.result"};

    static int result;

    public static void main(String[] args) throws Exception {
        result = 0;
        ExecutorService pool = Executors.newFixedThreadPool(1);
        pool.execute(() -> result = 5);
        pool.shutdown();
        int r = result; // 0 or 5
        pool.awaitTermination(30, TimeUnit.SECONDS);
        if (r != 0 && r != 5) throw new AssertionError();
        System.out.println("done");
    }
}
