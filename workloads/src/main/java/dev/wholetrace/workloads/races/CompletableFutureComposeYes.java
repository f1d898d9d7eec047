package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * {@code thenCompose} orders the composed stage after the stage its function returned, not after
 * other work the function started: it starts a side task that writes {@code side} and returns a
 * stage that does not wait for it; main joins the composed stage and reads {@code side}. Nothing
 * orders the side task's write with main's read (whichever comes first). Race on {@code side}.
 */
public final class CompletableFutureComposeYes {
    public static final String[] RACES = {"CompletableFutureComposeYes.side"};

    static int side;

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Integer> composed = CompletableFuture.supplyAsync(() -> 1, pool).thenCompose(x -> {
                CompletableFuture.runAsync(() -> side = 2, pool);
                return CompletableFuture.completedFuture(x + 1);
            });
            int v = composed.join();
            int seen = side; // 0 or 2
            if (v != 2 || seen != 0 && seen != 2) throw new AssertionError();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
