package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * A fork/join task records its partial result in {@code partial} and then fails; the caller's
 * {@code join()} rethrows the failure and the caller reads {@code partial} in its handler. The
 * task completed exceptionally, and that completion happens-before the join's throw. No race.
 */
public final class ForkJoinJoinThrowsNo {
    public static final String[] RACES = {};

    static int partial;

    static final class Failing extends RecursiveTask<Integer> {
        @Override
        protected Integer compute() {
            partial = 42;
            throw new IllegalStateException("failed after a partial result");
        }
    }

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(2);
        Failing task = new Failing();
        pool.execute(task);
        int seen;
        try {
            task.join();
            seen = -1;
        } catch (IllegalStateException e) {
            seen = partial;
        }
        pool.shutdown();
        System.out.println(seen);
    }
}
