package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Main submits a task that writes {@code result} and reads {@code result} without ever calling
 * {@code Future.get()} (it reads right after the submit; shutdown and awaitTermination come later
 * and are no join anyway). Race on {@code result}.
 */
public final class ExecutorNoGetYes {
    public static final String[] RACES = {"ExecutorNoGetYes.result"};

    static int result;

    public static void main(String[] args) throws Exception {
        result = 0;
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            pool.submit(() -> {
                result = 42;
            });
            int r = result; // 0 or 42
            if (r != 0 && r != 42) throw new AssertionError();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
