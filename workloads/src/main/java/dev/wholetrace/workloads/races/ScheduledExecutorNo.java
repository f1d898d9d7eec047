package dev.wholetrace.workloads.races;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A delayed task on a ScheduledExecutorService: main writes the input before {@code schedule}, the
 * task reads it and returns a value computed from it after writing {@code log}, main reads {@code
 * log} after the ScheduledFuture's {@code get()}. No race.
 */
public final class ScheduledExecutorNo {
    public static final String[] RACES = {};

    static int input;
    static int log;

    public static void main(String[] args) throws Exception {
        log = 0;
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            input = 8;
            ScheduledFuture<Integer> f = timer.schedule(() -> {
                log = input + 1;
                return input * 2;
            }, 1, TimeUnit.MILLISECONDS);
            int v = f.get();
            System.out.println("value=" + v + " log=" + log);
        } finally {
            timer.shutdown();
            timer.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
