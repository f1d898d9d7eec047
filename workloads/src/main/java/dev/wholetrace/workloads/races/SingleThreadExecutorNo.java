package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Two tasks on a single-thread executor both update {@code total}, with no lock: they run one
 * after the other on the executor's one thread, so they are ordered by program order of that
 * thread. Main reads {@code total} after getting both futures. No race.
 */
public final class SingleThreadExecutorNo {
    public static final String[] RACES = {};

    static int total;

    public static void main(String[] args) throws Exception {
        total = 0;
        ExecutorService single = Executors.newSingleThreadExecutor();
        try {
            Future<?> a = single.submit(() -> {
                for (int i = 0; i < 100; i++) total += 1;
            });
            Future<?> b = single.submit(() -> {
                for (int i = 0; i < 100; i++) total += 2;
            });
            a.get();
            b.get();
        } finally {
            single.shutdown();
            single.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("total=" + total);
    }
}
