package dev.wholetrace.workloads.races;

import java.util.concurrent.CountDownLatch;

/**
 * {@link LatchGetCountNo}'s spinning consumer, with each producer writing {@code late} after its count-down: a
 * count of 0 orders what came before each {@code countDown}, not what follows it. Race on {@code late} (the slots
 * stay ordered).
 */
public final class LatchGetCountYes {
    public static final String[] RACES = {"LatchGetCountYes.late"};

    static int late;

    public static void main(String[] args) throws Exception {
        int n = 2;
        long[] produced = new long[n];
        CountDownLatch done = new CountDownLatch(n);
        Thread[] producers = new Thread[n];
        for (int p = 0; p < n; p++) {
            int id = p;
            producers[p] = new Thread(() -> {
                for (int i = 0; i < 500; i++) produced[id] += i + id;
                done.countDown();
                if (id == 0) late = 1;
            }, "producer-" + p);
            producers[p].start();
        }
        while (done.getCount() > 0) Thread.onSpinWait();
        int seen = late; // 0 or 1
        long sum = 0;
        for (long v : produced) sum += v;
        for (Thread t : producers) t.join();
        if (seen > 1) throw new AssertionError("late=" + seen);
        System.out.println("sum=" + sum);
    }
}
