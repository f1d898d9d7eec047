package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * What the hand-overs of {@code supplyAsync} and {@code completeAsync} do not order: main writes {@code late} after
 * {@code supplyAsync} handed its task to the program's own executor (a new thread per task), which reads it; and
 * main reads {@code early} before {@code join()} of a {@code completeAsync} whose task writes it on a pool. Both
 * accesses happen in every run, and nothing orders them with the other side. Races on {@code late} and
 * {@code early}.
 */
public final class CompletableFutureAsyncTasksYes {
    public static final String[] RACES = {"CompletableFutureAsyncTasksYes.late", "CompletableFutureAsyncTasksYes.early"};

    static int late;
    static int early;

    public static void main(String[] args) throws Exception {
        Executor own = task -> new Thread(task, "own").start();
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            late = 0;
            CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> late, own); // 0 or 5
            late = 5;
            int seenLate = a.join();
            early = 0;
            CompletableFuture<Integer> b = new CompletableFuture<Integer>().completeAsync(() -> early = 9, pool);
            int seenEarly = early; // 0 or 9
            b.join();
            if (seenLate != 0 && seenLate != 5 || seenEarly != 0 && seenEarly != 9) throw new AssertionError();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
