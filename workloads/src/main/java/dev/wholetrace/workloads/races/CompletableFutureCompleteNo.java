package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Futures the program completes itself, and the ways it learns that they are: a thread writes
 * {@code data} and calls {@code complete}, main polls {@code isDone()} and reads it; another writes
 * {@code failure} and calls {@code completeExceptionally}, main reads it after {@code get()} threw;
 * a third writes {@code forced} and calls {@code obtrudeValue}, main polls {@code getNow} and reads
 * it. {@code completeOnTimeout} and {@code orTimeout} complete futures from the JDK's delay thread:
 * their dependents read {@code config}, which main wrote before registering them, and write {@code
 * timed} and {@code late}, which main reads after {@code join()}. No race.
 */
public final class CompletableFutureCompleteNo {
    public static final String[] RACES = {};

    static int data;
    static int failure;
    static int forced;
    static int config;
    static int timed;
    static int late;

    public static void main(String[] args) throws Exception {
        CompletableFuture<Integer> done = new CompletableFuture<>();
        CompletableFuture<Integer> failed = new CompletableFuture<>();
        CompletableFuture<Integer> obtruded = new CompletableFuture<>();
        Thread completer = new Thread(() -> {
            data = 1;
            done.complete(1);
        });
        Thread failer = new Thread(() -> {
            failure = 2;
            failed.completeExceptionally(new IllegalStateException("failed"));
        });
        Thread obtruder = new Thread(() -> {
            forced = 3;
            obtruded.obtrudeValue(3);
        });
        completer.start();
        failer.start();
        obtruder.start();
        while (!done.isDone()) Thread.onSpinWait();
        int seen = data;
        try {
            failed.get();
        } catch (ExecutionException e) {
            seen += failure;
        }
        while (obtruded.getNow(null) == null) Thread.onSpinWait();
        seen += forced;
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            config = 4;
            CompletableFuture<Void> t = new CompletableFuture<Integer>().completeOnTimeout(5, 1, TimeUnit.MILLISECONDS)
                    .thenAcceptAsync(v -> timed = v + config, pool);
            CompletableFuture<Integer> l = new CompletableFuture<Integer>().orTimeout(1, TimeUnit.MILLISECONDS)
                    .exceptionally(e -> late = config + 1);
            t.join();
            l.join();
            seen += timed + late;
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        completer.join();
        failer.join();
        obtruder.join();
        System.out.println("seen=" + seen);
    }
}
