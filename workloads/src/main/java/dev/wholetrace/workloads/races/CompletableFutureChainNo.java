package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A CompletableFuture chain with a two-source stage (thenCombine is not modelled yet; the
 * one-source stages are CompletableFutureStagesNo): as application code writes it: {@code supplyAsync} reads main's
 * {@code input}; a synchronous {@code thenApply} stage (a method reference) writes {@code doubled};
 * an asynchronous {@code thenApplyAsync} stage reads it; {@code thenCombine} joins a second
 * {@code supplyAsync}; {@code thenAccept} writes {@code result}, which main reads after {@code
 * join()}. Each stage's completion happens-before every dependent stage (CompletableFuture's
 * documented memory consistency effects), whichever thread runs it. No race.
 */
public final class CompletableFutureChainNo {
    public static final String[] RACES = {};

    static int input;
    static int doubled;
    static int result;

    static int twice(int x) {
        doubled = x * 2;
        return doubled;
    }

    public static void main(String[] args) throws Exception {
        input = 20;
        doubled = 0;
        result = 0;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Integer> other = CompletableFuture.supplyAsync(() -> input + 2, pool);
            CompletableFuture<Void> done = CompletableFuture.supplyAsync(() -> input, pool)
                    .thenApply(CompletableFutureChainNo::twice)
                    .thenApplyAsync(x -> x + doubled, pool)
                    .thenCombine(other, Integer::sum)
                    .thenAccept(v -> result = v);
            done.join();
            System.out.println("result=" + result + " doubled=" + doubled);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
