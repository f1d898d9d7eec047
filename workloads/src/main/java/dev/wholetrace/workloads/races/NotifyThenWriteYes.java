package dev.wholetrace.workloads.races;

/**
 * wait/notify done right for {@code ready}, but the producer writes {@code late} after leaving
 * the monitor, and the consumer reads it after its wait: nothing orders that write and that read.
 * Race on {@code late} ({@code ready} is protected by the monitor).
 */
public final class NotifyThenWriteYes {
    public static final String[] RACES = {"NotifyThenWriteYes.late"};

    private final Object lock = new Object();
    private boolean ready;
    private int late;

    public static void main(String[] args) throws Exception {
        NotifyThenWriteYes p = new NotifyThenWriteYes();
        Thread consumer = new Thread(() -> {
            synchronized (p.lock) {
                try {
                    while (!p.ready) p.lock.wait();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            int v = p.late; // 0 or 7
            if (v != 0 && v != 7) throw new AssertionError();
        });
        Thread producer = new Thread(() -> {
            synchronized (p.lock) {
                p.ready = true;
                p.lock.notifyAll();
            }
            p.late = 7;
        });
        consumer.start();
        producer.start();
        consumer.join();
        producer.join();
        System.out.println("done");
    }
}
