package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;

/**
 * A fork/join task handed to {@code ForkJoinPool.execute} and never joined: main waits for its
 * {@code result} by spinning on the plain field (Thread.yield; main never joins, so the task
 * cannot run on main). The task's write and main's reads are unordered. Race on {@code result}.
 */
public final class ForkJoinNoJoinYes {
    public static final String[] RACES = {"ForkJoinNoJoinYes.result"};

    static int result;

    static final class Writer extends RecursiveAction {
        @Override
        protected void compute() {
            result = 5;
        }
    }

    public static void main(String[] args) throws Exception {
        result = 0;
        ForkJoinPool pool = new ForkJoinPool(1);
        try {
            pool.execute(new Writer());
            while (result == 0) Thread.yield();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
