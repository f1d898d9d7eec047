package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;

/**
 * Two fork/join tasks fail after a write each; the caller joins the first (its throw orders
 * {@code first}) and reads {@code second}, written by the task it never joined, before it waits for
 * the pool to terminate (since session 37 a successful {@code awaitTermination} orders every task's
 * run before it, as the pool's implementation does). Race on {@code second}.
 */
public final class ForkJoinJoinThrowsYes {
    public static final String[] RACES = {"ForkJoinJoinThrowsYes.second"};

    static int first;
    static int second;

    public static void main(String[] args) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(2);
        RecursiveAction a = new RecursiveAction() {
            @Override
            protected void compute() {
                first = 1;
                throw new IllegalStateException("a");
            }
        };
        RecursiveAction b = new RecursiveAction() {
            @Override
            protected void compute() {
                second = 2;
                throw new IllegalStateException("b");
            }
        };
        pool.execute(a);
        pool.execute(b);
        int sum = 0;
        try {
            a.join();
        } catch (IllegalStateException e) {
            sum += first;
        }
        int s = second; // races with b's write: 0 or 2
        if (s != 0 && s != 2) throw new AssertionError(s);
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
        System.out.println(sum); // not s: the suite wants one stable line
    }
}
