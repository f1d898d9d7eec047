package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The producer offers a token on a {@code ConcurrentLinkedQueue} and then fills {@code data[0]};
 * the consumer polls the token and reads {@code data[0]}. The hand-over orders the consumer after
 * the offer only: the element write after it races with the read. Race on {@code data[]}.
 */
public final class ConcurrentLinkedQueueLateWriteYes {
    public static final String[] RACES = {"ConcurrentLinkedQueueLateWriteYes.data[]"};

    static final int[] data = new int[1];

    public static void main(String[] args) throws Exception {
        ConcurrentLinkedQueue<String> queue = new ConcurrentLinkedQueue<>();
        Thread producer = new Thread(() -> {
            queue.offer("token");
            data[0] = 7;
        });
        Thread consumer = new Thread(() -> {
            while (queue.poll() == null) Thread.onSpinWait();
            int d = data[0]; // 0 or 7
            if (d != 0 && d != 7) throw new AssertionError();
        });
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        System.out.println("done");
    }
}
