package dev.wholetrace.workloads.races;

/**
 * Guarded hand-over with wait/notify: the producer sets {@code data} and {@code ready} holding the
 * monitor and notifies; the consumer waits for {@code ready} holding the monitor (a wait is an
 * unlock and a lock) and reads {@code data} before releasing it. No race.
 */
public final class WaitNotifyNo {
    public static final String[] RACES = {};

    private final Object lock = new Object();
    private boolean ready;
    private int data;
    private int seen;

    public static void main(String[] args) throws Exception {
        WaitNotifyNo p = new WaitNotifyNo();
        Thread consumer = new Thread(() -> {
            synchronized (p.lock) {
                try {
                    while (!p.ready) p.lock.wait();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                p.seen = p.data;
            }
        });
        Thread producer = new Thread(() -> {
            synchronized (p.lock) {
                p.data = 42;
                p.ready = true;
                p.lock.notifyAll();
            }
        });
        consumer.start();
        producer.start();
        consumer.join();
        producer.join();
        System.out.println("seen=" + p.seen);
    }
}
