package dev.wholetrace.workloads.races;

import java.util.concurrent.Semaphore;

/**
 * A semaphore as a signal: it starts with no permit; the producer writes {@code data} and then
 * releases one, the consumer acquires it and then reads {@code data} (a release is ordered before
 * the acquire that takes its permit). No race.
 */
public final class SemaphoreNo {
    public static final String[] RACES = {};

    private final Semaphore available = new Semaphore(0);
    private int data;
    private int seen;

    public static void main(String[] args) throws Exception {
        SemaphoreNo p = new SemaphoreNo();
        Thread consumer = new Thread(() -> {
            p.available.acquireUninterruptibly();
            p.seen = p.data;
        });
        Thread producer = new Thread(() -> {
            p.data = 17;
            p.available.release();
        });
        consumer.start();
        producer.start();
        consumer.join();
        producer.join();
        System.out.println("seen=" + p.seen);
    }
}
