package dev.wholetrace.workloads.races;

import java.util.concurrent.CountDownLatch;

/**
 * A start gate and a finish latch: main writes the input and counts the gate down; two workers
 * await the gate, read the input, write their own slot and count the finish latch down; main
 * awaits it and reads the slots (it joins the workers only after that). No race.
 */
public final class CountDownLatchNo {
    public static final String[] RACES = {};

    static int input;
    static int[] slots;

    public static void main(String[] args) throws Exception {
        slots = new int[2];
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(2);
        Thread[] workers = new Thread[2];
        for (int w = 0; w < 2; w++) {
            int me = w;
            workers[w] = new Thread(() -> {
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                slots[me] = input * (me + 1);
                finished.countDown();
            });
            workers[w].start();
        }
        input = 5; // after the starts, before the gate
        gate.countDown();
        finished.await();
        int sum = slots[0] + slots[1];
        for (Thread t : workers) t.join();
        System.out.println("sum=" + sum);
    }
}
