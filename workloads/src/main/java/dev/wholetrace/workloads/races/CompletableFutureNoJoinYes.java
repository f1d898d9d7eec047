package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Main starts {@code runAsync} on a thread pool (not the common pool, whose {@code join} may run
 * the task on the joining thread) and reads the task's {@code result} before {@code join()}.
 * Race on {@code result}.
 */
public final class CompletableFutureNoJoinYes {
    public static final String[] RACES = {"CompletableFutureNoJoinYes.result"};

    static int result;

    public static void main(String[] args) throws Exception {
        result = 0;
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            CompletableFuture<Void> f = CompletableFuture.runAsync(() -> result = 9, pool);
            int r = result; // 0 or 9
            f.join();
            if (r != 0 && r != 9) throw new AssertionError();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
