package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * {@code anyOf} is ordered after the source that completed it: two {@code supplyAsync} tasks write
 * their own slot of {@code slots} and return its index; main joins {@code anyOf(a, b)} and reads
 * only the slot of the index it got. No race (CompletableFutureAnyOfYes reads both slots).
 */
public final class CompletableFutureAnyOfNo {
    public static final String[] RACES = {};

    static int[] slots;

    public static void main(String[] args) throws Exception {
        slots = new int[2];
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> {
                slots[0] = 1;
                return 0;
            }, pool);
            CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> {
                slots[1] = 2;
                return 1;
            }, pool);
            int winner = (Integer) CompletableFuture.anyOf(a, b).join();
            int seen = slots[winner];
            if (seen != winner + 1) throw new AssertionError();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
