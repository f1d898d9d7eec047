package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * {@code invokeAll}: main fills {@code input} before the call, three tasks each read it and write
 * their own element of {@code results}, and main reads the results after {@code invokeAll}
 * returned (a task join per task). No race.
 */
public final class ExecutorInvokeAllNo {
    public static final String[] RACES = {};

    static int[] input;
    static int[] results;

    public static void main(String[] args) throws Exception {
        input = new int[] {3, 4, 5};
        results = new int[3];
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int me = i;
            tasks.add(() -> {
                results[me] = input[me] * input[me];
                return null;
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            pool.invokeAll(tasks);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("sum=" + (results[0] + results[1] + results[2]));
    }
}
