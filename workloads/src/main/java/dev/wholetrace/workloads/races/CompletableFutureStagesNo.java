package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * One-source dependent stages, sync and async: {@code supplyAsync} reads main's {@code input}; a
 * {@code thenApply} stage (a method reference; it runs on the pool or on main, whichever attaches
 * or completes last) writes {@code doubled}; {@code thenApplyAsync} reads it; {@code handle} and
 * {@code whenComplete} write {@code handled} and {@code log}; {@code thenAccept} writes {@code
 * result}; {@code thenRunAsync} reads it. Main reads everything after {@code join()} of the last
 * stage. Each stage's completion happens-before its dependents and a join. No race.
 */
public final class CompletableFutureStagesNo {
    public static final String[] RACES = {};

    static int input;
    static int doubled;
    static int handled;
    static int log;
    static int result;
    static int seen;

    static int twice(int x) {
        doubled = x * 2;
        return doubled;
    }

    public static void main(String[] args) throws Exception {
        input = 20;
        doubled = 0;
        handled = 0;
        log = 0;
        result = 0;
        seen = 0;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Void> done = CompletableFuture.supplyAsync(() -> input, pool)
                    .thenApply(CompletableFutureStagesNo::twice)
                    .thenApplyAsync(x -> x + doubled, pool)
                    .handle((v, e) -> handled = e == null ? v : -1)
                    .whenComplete((v, e) -> log = v + 1)
                    .thenAccept(v -> result = v + log)
                    .thenRunAsync(() -> seen = result, pool);
            done.join();
            System.out.println("result=" + result + " seen=" + seen + " handled=" + handled + " doubled=" + doubled);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
