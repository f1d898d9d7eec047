package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An ExecutorCompletionService: three tasks each write their own element of {@code parts} and
 * return its index; main takes each completed future, {@code get()}s the index and reads that
 * element. A task's actions happen-before the retrieval of its result. No race.
 */
public final class CompletionServiceNo {
    public static final String[] RACES = {};

    static int[] parts;

    public static void main(String[] args) throws Exception {
        parts = new int[3];
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletionService<Integer> service = new ExecutorCompletionService<>(pool);
            for (int i = 0; i < parts.length; i++) {
                int index = i;
                service.submit(() -> {
                    parts[index] = index + 1;
                    return index;
                });
            }
            int sum = 0;
            for (int i = 0; i < parts.length; i++) sum += parts[service.take().get()];
            System.out.println("sum=" + sum);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
