package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A two-source stage's hand-over bypassed: {@code thenCombineAsync} runs its function on the pool
 * and writes {@code combined}; main joins only the two sources, not the combined stage, and reads
 * {@code combined}. Joining the sources orders main after them, not after the function that runs
 * once both are done. Race on {@code combined}.
 */
public final class CompletableFutureCombineYes {
    public static final String[] RACES = {"CompletableFutureCombineYes.combined"};

    static int combined;

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> 1, pool);
            CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> 2, pool);
            CompletableFuture<Integer> sum = a.thenCombineAsync(b, (x, y) -> combined = x + y, pool);
            a.join();
            b.join();
            int seen = combined; // 0 or 3
            if (seen != 0 && seen != 3) throw new AssertionError();
            sum.join();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
