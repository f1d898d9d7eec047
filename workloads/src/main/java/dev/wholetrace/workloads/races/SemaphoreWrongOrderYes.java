package dev.wholetrace.workloads.races;

import java.util.concurrent.Semaphore;

/**
 * A semaphore signal given too early: the producer releases the permit and only then writes
 * {@code data}; the consumer acquires and reads it. The release orders nothing written after it.
 * Race on {@code data}.
 */
public final class SemaphoreWrongOrderYes {
    public static final String[] RACES = {"SemaphoreWrongOrderYes.data"};

    private final Semaphore available = new Semaphore(0);
    private int data;

    public static void main(String[] args) throws Exception {
        SemaphoreWrongOrderYes p = new SemaphoreWrongOrderYes();
        Thread consumer = new Thread(() -> {
            p.available.acquireUninterruptibly();
            int v = p.data; // 0 or 17
            if (v != 0 && v != 17) throw new AssertionError();
        });
        Thread producer = new Thread(() -> {
            p.available.release();
            p.data = 17;
        });
        consumer.start();
        producer.start();
        consumer.join();
        producer.join();
        System.out.println("done");
    }
}
