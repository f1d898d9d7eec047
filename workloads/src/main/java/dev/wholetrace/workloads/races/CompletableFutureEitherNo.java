package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Either-of stages: two threads each write their own slot of {@code slots} and complete their own
 * future with the slot's index; {@code applyToEither} reads the slot of the index it received
 * (the source whose result it used), {@code acceptEitherAsync} does the same, and {@code
 * runAfterEither} writes {@code ran}. Main reads {@code chosen}, {@code accepted} and {@code ran}
 * after joining the stages. Each stage is ordered after the source whose result it used: reading
 * only that source's slot is race-free. No race.
 */
public final class CompletableFutureEitherNo {
    public static final String[] RACES = {};

    static int[] slots;
    static int chosen;
    static int accepted;
    static int ran;

    public static void main(String[] args) throws Exception {
        slots = new int[2];
        CompletableFuture<Integer> a = new CompletableFuture<>();
        CompletableFuture<Integer> b = new CompletableFuture<>();
        Thread ta = new Thread(() -> {
            slots[0] = 10;
            a.complete(0);
        });
        Thread tb = new Thread(() -> {
            slots[1] = 20;
            b.complete(1);
        });
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Integer> first = a.applyToEither(b, i -> chosen = slots[i]);
            CompletableFuture<Void> async = b.acceptEitherAsync(a, i -> accepted = slots[i], pool);
            CompletableFuture<Void> any = a.runAfterEither(b, () -> ran = 1);
            ta.start();
            tb.start();
            first.join();
            async.join();
            any.join();
            boolean ok = (chosen == 10 || chosen == 20) && (accepted == 10 || accepted == 20) && ran == 1;
            System.out.println(ok ? "done" : "wrong");
        } finally {
            ta.join();
            tb.join();
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
