package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An either-of stage that reads both sources' data: two threads each write their own slot of
 * {@code slots} and complete their own future; {@code applyToEitherAsync} (on the pool) reads both
 * slots. It is ordered after the source whose result it used only: the other thread's write of its
 * slot is unordered with the read (whichever source that is, and whether it completed yet). Race
 * on {@code slots[]}.
 */
public final class CompletableFutureEitherYes {
    public static final String[] RACES = {"CompletableFutureEitherYes.slots[]"};

    static int[] slots;

    public static void main(String[] args) throws Exception {
        slots = new int[2];
        CompletableFuture<Integer> a = new CompletableFuture<>();
        CompletableFuture<Integer> b = new CompletableFuture<>();
        Thread ta = new Thread(() -> {
            slots[0] = 1;
            a.complete(0);
        });
        Thread tb = new Thread(() -> {
            slots[1] = 2;
            b.complete(1);
        });
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            CompletableFuture<Integer> either = a.applyToEitherAsync(b, i -> slots[0] + slots[1], pool);
            ta.start();
            tb.start();
            int seen = either.join(); // 1, 2 or 3
            if (seen < 1 || seen > 3) throw new AssertionError();
        } finally {
            ta.join();
            tb.join();
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
