package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;

/**
 * Fork/join work that is never joined, waited for by quiescence: a root task forks four leaves
 * (each fills its slot of {@code slots}) and calls {@code ForkJoinTask.helpQuiesce()} before it
 * sums them; then the caller waits with {@code pool.awaitQuiescence} and reads {@code sum}, and a
 * second round of leaves submitted from outside the pool. No race.
 *
 * <p>The caller first spins on {@code root.isDone()} (no hand-over is recorded for it): an outside
 * thread in {@code awaitQuiescence} helps by running queued tasks, and a leaf it ran while the root
 * was in {@code helpQuiesce} would not be waited for (the pool counts only its workers as active),
 * a real race the JDK allows. Spinning keeps the caller out of the pool until the root is done, so
 * every leaf runs on a worker on every schedule.
 */
public final class ForkJoinQuiesceNo {
    public static final String[] RACES = {};

    static final int[] slots = new int[4];
    static final int[] outside = new int[4];
    static int sum;

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(2);
        RecursiveAction root = new RecursiveAction() {
            @Override
            protected void compute() {
                for (int i = 0; i < slots.length; i++) {
                    int slot = i;
                    ForkJoinTask.adapt(() -> slots[slot] = slot + 1).fork();
                }
                ForkJoinTask.helpQuiesce();
                int s = 0;
                for (int v : slots) s += v;
                sum = s;
            }
        };
        pool.execute(root);
        while (!root.isDone()) Thread.yield();
        if (!pool.awaitQuiescence(10, TimeUnit.SECONDS)) throw new AssertionError("not quiescent");
        int total = sum;
        for (int i = 0; i < outside.length; i++) {
            int slot = i;
            pool.execute(() -> outside[slot] = 10);
        }
        if (!pool.awaitQuiescence(10, TimeUnit.SECONDS)) throw new AssertionError("not quiescent");
        for (int v : outside) total += v;
        pool.shutdown();
        System.out.println(total);
    }
}
