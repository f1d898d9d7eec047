package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * {@code thenCompose} and {@code exceptionallyCompose}: a {@code supplyAsync} task writes {@code
 * first}; {@code thenCompose} returns a second {@code supplyAsync} stage that reads it and writes
 * {@code second}; the composed stage completes when that returned stage does, so {@code thenApply}
 * after it reads {@code second}. A task that writes {@code cause} and fails is recovered with
 * {@code exceptionallyCompose}, whose returned stage writes {@code recovered}. Main reads
 * everything after {@code join()}. No race.
 */
public final class CompletableFutureComposeNo {
    public static final String[] RACES = {};

    static int first;
    static int second;
    static int cause;
    static int recovered;

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Integer> composed = CompletableFuture.supplyAsync(() -> first = 5, pool)
                    .thenCompose(x -> CompletableFuture.supplyAsync(() -> second = first + x, pool))
                    .thenApply(y -> y + second);
            CompletableFuture<Integer> failed = CompletableFuture.supplyAsync(() -> {
                cause = 7;
                throw new IllegalStateException("no");
            }, pool);
            CompletableFuture<Integer> recovery = failed.exceptionallyCompose(
                    e -> CompletableFuture.supplyAsync(() -> recovered = cause + (e instanceof CompletionException ? 1 : 2), pool));
            int total = composed.join() + recovery.join();
            System.out.println("total=" + total + " second=" + second + " recovered=" + recovered);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
