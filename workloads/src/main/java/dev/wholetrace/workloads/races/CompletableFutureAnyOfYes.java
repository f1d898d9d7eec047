package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * {@code anyOf} waits for one source only: two {@code runAsync} tasks write {@code slots[0]} and
 * {@code slots[1]}; main joins {@code anyOf(a, b)} and reads both slots. The source that did not
 * complete the {@code anyOf} is not ordered before main's read of its slot (whichever it is).
 * Race on {@code slots[]}.
 */
public final class CompletableFutureAnyOfYes {
    public static final String[] RACES = {"CompletableFutureAnyOfYes.slots[]"};

    static int[] slots;

    public static void main(String[] args) throws Exception {
        slots = new int[2];
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Void> a = CompletableFuture.runAsync(() -> slots[0] = 1, pool);
            CompletableFuture<Void> b = CompletableFuture.runAsync(() -> slots[1] = 2, pool);
            CompletableFuture.anyOf(a, b).join();
            int seen = slots[0] + slots[1]; // 1, 2 or 3
            if (seen < 1 || seen > 3) throw new AssertionError();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
