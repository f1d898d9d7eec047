package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An ExecutorCompletionService whose first completed result is taken as if it were all of them:
 * three tasks write their own element of {@code parts}; main takes one future, gets it and reads
 * every element. The two tasks not taken are unordered with main's reads of their elements. Race
 * on {@code parts[]}.
 */
public final class CompletionServiceYes {
    public static final String[] RACES = {"CompletionServiceYes.parts[]"};

    static int[] parts;

    public static void main(String[] args) throws Exception {
        parts = new int[3];
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            CompletionService<Integer> service = new ExecutorCompletionService<>(pool);
            for (int i = 0; i < parts.length; i++) {
                int index = i;
                service.submit(() -> {
                    parts[index] = index + 1;
                    return index;
                });
            }
            service.take().get();
            int sum = parts[0] + parts[1] + parts[2];
            if (sum < 1 || sum > 6) throw new AssertionError();
            for (int i = 1; i < parts.length; i++) service.take();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
