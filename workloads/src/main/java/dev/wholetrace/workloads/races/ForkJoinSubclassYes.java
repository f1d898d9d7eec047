package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;

/**
 * A task class that subclasses the application's own RecursiveAction, handed to {@code
 * ForkJoinPool.execute}: it sets the volatile {@code started} and then writes {@code result}.
 * Main waits for {@code started} and reads {@code result} before joining the task. Race on
 * {@code result}.
 */
public final class ForkJoinSubclassYes {
    public static final String[] RACES = {"ForkJoinSubclassYes.result"};

    static int result;
    static volatile boolean started;

    /** The application's base class of its actions. */
    abstract static class Step extends RecursiveAction {
        abstract int value();
    }

    static final class Answer extends Step {
        @Override
        int value() {
            return 42;
        }

        @Override
        protected void compute() {
            started = true;
            result = value();
        }
    }

    public static void main(String[] args) throws Exception {
        result = 0;
        started = false;
        ForkJoinPool pool = new ForkJoinPool(1);
        try {
            Answer task = new Answer();
            pool.execute(task);
            while (!started) Thread.yield();
            int r = result; // 0 or 42
            task.join();
            if (r != 0 && r != 42) throw new AssertionError();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
