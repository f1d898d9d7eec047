package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Executor hand-over: main writes the input before {@code submit} (ordered before the task's
 * begin), the task reads it and writes the output, main reads the output after {@code
 * Future.get()} (ordered after the task's end). No race.
 */
public final class ExecutorFutureNo {
    public static final String[] RACES = {};

    int input;
    int output;

    public static void main(String[] args) throws Exception {
        ExecutorFutureNo p = new ExecutorFutureNo();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            p.input = 20;
            Future<?> run = pool.submit(() -> {
                p.output = p.input + 1;
            });
            run.get();
            Future<Integer> call = pool.submit(() -> p.output * 2);
            int twice = call.get();
            System.out.println("output=" + p.output + " twice=" + twice);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
