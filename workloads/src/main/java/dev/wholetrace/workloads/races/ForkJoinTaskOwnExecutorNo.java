package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * ForkJoinTasks handed to an executor that is no ForkJoinPool (a ThreadPoolExecutor here): one made by
 * {@code ForkJoinTask.adapt(Runnable)} to {@code execute}, joined by its {@code join()}; one made by
 * {@code adapt(Callable)} to {@code submit(Runnable)}, joined by its own {@code get()}. The pool's worker runs them
 * with {@code run()}, as any Runnable. Main sets {@code capacity} after the worker is running (a first task waited
 * for), so only the hand-over orders it before the tasks' reads, and reads what the tasks wrote after joining them.
 * No race. Until session 42 the agent left every ForkJoinTask unwrapped (ForkJoinPool runs one as it is): on any
 * other executor nothing ordered main's write before the task, nor the task before main's join.
 */
public final class ForkJoinTaskOwnExecutorNo {
    public static final String[] RACES = {};

    static int capacity;
    static int seen;
    static int called;

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            pool.submit(() -> { }).get(); // the worker runs: what follows is ordered by the hand-overs, not by its start
            capacity = 50;
            ForkJoinTask<?> task = ForkJoinTask.adapt(() -> {
                seen = capacity;
            });
            pool.execute((Runnable) task); // an adapted task is a RunnableFuture
            task.join();
            ForkJoinTask<Integer> call = ForkJoinTask.adapt(() -> called = capacity + 1);
            Future<?> submitted = pool.submit((Runnable) call);
            submitted.get();
            int c = call.get();
            System.out.println("seen=" + seen + " called=" + called + " " + c);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
