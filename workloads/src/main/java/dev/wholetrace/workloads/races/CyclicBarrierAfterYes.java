package dev.wholetrace.workloads.races;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * A barrier orders what each thread did before it against what each does after it, not the
 * threads' accesses after it among themselves: both threads pass the barrier and then write the
 * shared {@code best} without a lock. Race on {@code best} ({@code slots} is fine: written before,
 * read after the barrier).
 */
public final class CyclicBarrierAfterYes {
    public static final String[] RACES = {"CyclicBarrierAfterYes.best"};

    static int[] slots;
    static int best;

    static void work(CyclicBarrier barrier, int me) {
        slots[me] = 7 * (me + 1);
        try {
            barrier.await();
        } catch (InterruptedException | BrokenBarrierException e) {
            throw new IllegalStateException(e);
        }
        // Always written, whatever was read: with `if (best < max) best = max` the second thread's
        // write happened only when both read before either wrote, and then it was (rightly) an
        // artifact of the read/write race, so the findings depended on the schedule.
        best = Math.max(best, Math.max(slots[0], slots[1]));
    }

    public static void main(String[] args) throws Exception {
        slots = new int[2];
        best = 0;
        CyclicBarrier barrier = new CyclicBarrier(2);
        Thread a = new Thread(() -> work(barrier, 0));
        Thread b = new Thread(() -> work(barrier, 1));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("best=" + best);
    }
}
