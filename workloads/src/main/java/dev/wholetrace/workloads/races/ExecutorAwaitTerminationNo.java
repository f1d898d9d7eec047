package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The idiom {@code shutdown(); awaitTermination(…)}, then read what the tasks wrote: tasks handed to
 * {@code execute} (no future to get) fill {@code slots}; main reads them once awaitTermination returned true
 * (every task has run: the pool's main lock orders each worker's exit before the termination). No race.
 */
public final class ExecutorAwaitTerminationNo {
    public static final String[] RACES = {};

    static final int[] slots = new int[16];

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        for (int i = 0; i < slots.length; i++) {
            int k = i;
            pool.execute(() -> slots[k] = k * k);
        }
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.SECONDS)) throw new AssertionError("not terminated");
        int sum = 0;
        for (int v : slots) sum += v;
        System.out.println("sum=" + sum);
    }
}
