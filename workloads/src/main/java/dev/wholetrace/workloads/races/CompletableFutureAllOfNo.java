package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * Fan-out and fan-in: four {@code runAsync} tasks each write their own element of {@code parts};
 * {@code allOf(...).thenRun(...)} sums them into {@code total} (every source's completion
 * happens-before the dependent stage); main reads {@code total} and {@code parts} after {@code
 * get()}. No race.
 */
public final class CompletableFutureAllOfNo {
    public static final String[] RACES = {};

    static int[] parts;
    static int total;

    public static void main(String[] args) throws Exception {
        parts = new int[4];
        total = 0;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<?>[] tasks = IntStream.range(0, parts.length)
                    .mapToObj(i -> CompletableFuture.runAsync(() -> parts[i] = (i + 1) * 10, pool))
                    .toArray(CompletableFuture<?>[]::new);
            CompletableFuture.allOf(tasks).thenRun(() -> total = IntStream.of(parts).sum()).get();
            System.out.println("total=" + total + " last=" + parts[3]);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
