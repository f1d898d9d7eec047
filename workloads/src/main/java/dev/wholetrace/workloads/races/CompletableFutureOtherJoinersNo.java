package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Main starts {@code runAsync} on a thread pool and hands the future to two threads, which each
 * lock many new objects first (each gets an object id: the agent's id table is rebuilt several times
 * after the submit) and then {@code join()} it and read the task's {@code result}. The joiners never
 * touched the future before: the agent finds its submission in the shared id table, not in the
 * joiner's cache. No race.
 */
public final class CompletableFutureOtherJoinersNo {
    public static final String[] RACES = {};

    static int result;

    public static void main(String[] args) throws Exception {
        result = 0;
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            CompletableFuture<Void> f = CompletableFuture.runAsync(() -> result = 9, pool);
            Thread[] joiners = new Thread[2];
            for (int j = 0; j < joiners.length; j++) {
                joiners[j] = new Thread(() -> {
                    lockMany();
                    f.join();
                    if (result != 9) throw new AssertionError();
                });
                joiners[j].start();
            }
            for (Thread t : joiners) t.join();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }

    /** Objects the agent gives ids to: more than its first id table holds (4,096 slots). */
    static void lockMany() {
        for (int i = 0; i < 20_000; i++) {
            synchronized (new Object()) {
                Thread.onSpinWait();
            }
        }
    }
}
