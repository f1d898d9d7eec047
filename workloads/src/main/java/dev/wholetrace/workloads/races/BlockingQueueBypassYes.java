package dev.wholetrace.workloads.races;

import java.util.concurrent.LinkedBlockingQueue;

/**
 * The producer writes {@code shared} and puts a token on a {@code LinkedBlockingQueue}, then
 * writes {@code shared} again after the put: the consumer, which takes the token and reads
 * {@code shared}, is ordered after the first write only. The second write, after the hand-over,
 * races with the consumer's read. Race on {@code shared}.
 */
public final class BlockingQueueBypassYes {
    public static final String[] RACES = {"BlockingQueueBypassYes.shared"};

    static int shared;

    public static void main(String[] args) throws Exception {
        LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
        Thread producer = new Thread(() -> {
            shared = 1;
            queue.add(new Object());
            shared = 2;
        });
        Thread consumer = new Thread(() -> {
            try {
                queue.take();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            int s = shared; // 1 or 2
            if (s != 1 && s != 2) throw new AssertionError();
        });
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        System.out.println("done");
    }
}
