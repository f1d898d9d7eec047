package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * {@link CompletableFutureOtherJoinersNo}, but the second thread reads the task's {@code result}
 * before its {@code join()} (after the same churn of the agent's id table): the first thread's join
 * orders nothing for it. Race on {@code result}.
 */
public final class CompletableFutureOtherJoinersYes {
    public static final String[] RACES = {"CompletableFutureOtherJoinersYes.result"};

    static int result;

    public static void main(String[] args) throws Exception {
        result = 0;
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            CompletableFuture<Void> f = CompletableFuture.runAsync(() -> result = 9, pool);
            Thread joiner = new Thread(() -> {
                CompletableFutureOtherJoinersNo.lockMany();
                f.join();
                if (result != 9) throw new AssertionError();
            });
            Thread reader = new Thread(() -> {
                CompletableFutureOtherJoinersNo.lockMany();
                int r = result; // 0 or 9
                f.join();
                if (r != 0 && r != 9) throw new AssertionError();
            });
            joiner.start();
            reader.start();
            joiner.join();
            reader.join();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
