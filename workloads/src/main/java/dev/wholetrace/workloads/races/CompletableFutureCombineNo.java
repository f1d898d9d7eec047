package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Two-source stages as application code writes them: two {@code supplyAsync} tasks write {@code
 * left} and {@code right}; {@code thenCombine} (a method reference) reads both; {@code
 * thenAcceptBoth} and {@code runAfterBothAsync} read both again and write {@code both} and {@code
 * after}. Main writes {@code config} after the tasks started but before it registers the
 * dependents, which read it (registering a dependent publishes what the thread did before). Main
 * reads everything after {@code join()}. Each stage runs after both of its sources completed,
 * whichever thread completes them. No race.
 */
public final class CompletableFutureCombineNo {
    public static final String[] RACES = {};

    static int left;
    static int right;
    static int config;
    static int both;
    static int after;

    static int add(int a, int b) {
        return a + b + left + right + config;
    }

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> left = 10, pool);
            CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> right = 20, pool);
            config = 1;
            CompletableFuture<Integer> sum = a.thenCombine(b, CompletableFutureCombineNo::add);
            CompletableFuture<Void> accepted = a.thenAcceptBoth(sum, (x, s) -> both = x + s + right);
            CompletableFuture<Void> ran = b.runAfterBothAsync(accepted, () -> after = both + left + config, pool);
            ran.join();
            System.out.println("sum=" + sum.join() + " both=" + both + " after=" + after);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
