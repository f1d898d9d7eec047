package dev.wholetrace.workloads.races;

import java.util.concurrent.CountDownLatch;

/**
 * Producers counted down a latch that main polls with {@code getCount()} instead of awaiting it (a spinning
 * consumer, as in Agrona-style busy loops): each producer writes its slot, then counts down; main spins until
 * {@code getCount()} returns 0 and reads every slot. The count is the latch's volatile state and each
 * {@code countDown} a compare-and-set of it, so reading 0 orders every count-down before (JLS 17.4.4). No race.
 * Until session 44 the agent recorded nothing at {@code getCount()}.
 */
public final class LatchGetCountNo {
    public static final String[] RACES = {};

    public static void main(String[] args) throws Exception {
        int n = 3;
        long[] produced = new long[n];
        CountDownLatch done = new CountDownLatch(n);
        for (int p = 0; p < n; p++) {
            int id = p;
            new Thread(() -> {
                for (int i = 0; i < 500; i++) produced[id] += i + id;
                done.countDown();
            }, "producer-" + p).start();
        }
        while (done.getCount() > 0) Thread.onSpinWait();
        long sum = 0;
        for (long v : produced) sum += v;
        System.out.println("sum=" + sum);
    }
}
