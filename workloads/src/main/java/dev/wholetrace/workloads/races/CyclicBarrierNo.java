package dev.wholetrace.workloads.races;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * Three rounds separated by a CyclicBarrier: each thread writes its own slot, passes the barrier,
 * reads the other's slot into its own sum, passes the barrier again and overwrites its slot. Every
 * conflicting pair is on opposite sides of one barrier episode. No race (no barrier action: its
 * code would run in the last arriving thread before that thread's barrier event).
 */
public final class CyclicBarrierNo {
    public static final String[] RACES = {};

    static int[] slots;
    static int[] sums;

    static void work(CyclicBarrier barrier, int me) {
        try {
            slots[me] = me + 1;
            barrier.await();
            sums[me] = slots[me] + slots[1 - me];
            barrier.await();
            slots[me] = 10 * (me + 1);
            barrier.await();
            sums[me] += slots[1 - me];
        } catch (InterruptedException | BrokenBarrierException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void main(String[] args) throws Exception {
        slots = new int[2];
        sums = new int[2];
        CyclicBarrier barrier = new CyclicBarrier(2);
        Thread a = new Thread(() -> work(barrier, 0));
        Thread b = new Thread(() -> work(barrier, 1));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("sums=" + sums[0] + "," + sums[1]);
    }
}
