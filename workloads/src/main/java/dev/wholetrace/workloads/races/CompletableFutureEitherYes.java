package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An either-of stage that reads both sources' data: one thread writes {@code slots[0]} and completes
 * {@code a}; another writes {@code slots[1]} and leaves {@code b} incomplete until the end;
 * {@code applyToEitherAsync} (on the pool) reads both slots. It is ordered after the source whose
 * result it used ({@code a}) only: the other thread's write of its slot is unordered with the read.
 * Race on {@code slots[]}, on every schedule. (When both sources complete, the thread that loses the
 * race to run the dependent still acquires it, conservatively: docs/agent.md, "CompletableFuture
 * inside the JDK"; on some schedules that orders the other write too, so this program keeps {@code b}
 * out of the race.)
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
        Thread tb = new Thread(() -> slots[1] = 2);
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            CompletableFuture<Integer> either = a.applyToEitherAsync(b, i -> slots[0] + slots[1], pool);
            tb.start();
            ta.start();
            int seen = either.join(); // 1 or 3
            if (seen != 1 && seen != 3) throw new AssertionError();
        } finally {
            ta.join();
            tb.join();
            b.complete(1); // after the read: it orders nothing before it
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
