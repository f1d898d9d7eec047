package dev.wholetrace.workloads.races;

import java.util.concurrent.CountDownLatch;

/**
 * A latch counted down too early: the worker counts down and then writes {@code value}; the
 * waiter awaits the latch and reads it. The count-down orders nothing written after it. Race on
 * {@code value}.
 */
public final class CountDownLatchWrongOrderYes {
    public static final String[] RACES = {"CountDownLatchWrongOrderYes.value"};

    static int value;

    public static void main(String[] args) throws Exception {
        value = 0;
        CountDownLatch done = new CountDownLatch(1);
        Thread worker = new Thread(() -> {
            done.countDown();
            value = 3;
        });
        Thread waiter = new Thread(() -> {
            try {
                done.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            int v = value; // 0 or 3
            if (v != 0 && v != 3) throw new AssertionError();
        });
        waiter.start();
        worker.start();
        waiter.join();
        worker.join();
        System.out.println("done");
    }
}
