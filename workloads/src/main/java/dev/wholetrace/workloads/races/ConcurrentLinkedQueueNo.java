package dev.wholetrace.workloads.races;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.IntStream;

/**
 * Two producers build {@code Message} records with mutable payload arrays and hand them over
 * through a {@code ConcurrentLinkedQueue} ({@code offer}, from a stream) and a {@code
 * ConcurrentLinkedDeque} ({@code push}); a consumer polls until it has every message and sums the
 * payloads. Each message is read only after the poll that obtained it. No race.
 */
public final class ConcurrentLinkedQueueNo {
    public static final String[] RACES = {};

    record Message(int id, int[] payload) {}

    static long total;

    public static void main(String[] args) throws Exception {
        Queue<Message> queue = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedDeque<Message> stack = new ConcurrentLinkedDeque<>();
        Thread p1 = new Thread(() -> IntStream.range(0, 4).mapToObj(ConcurrentLinkedQueueNo::message).forEach(queue::offer));
        Thread p2 = new Thread(() -> IntStream.range(4, 8).mapToObj(ConcurrentLinkedQueueNo::message).forEach(stack::push));
        Thread consumer = new Thread(() -> {
            long sum = 0;
            int got = 0;
            while (got < 8) {
                Message m = queue.poll();
                if (m == null) m = stack.pollLast();
                if (m == null) {
                    Thread.onSpinWait();
                    continue;
                }
                for (int v : m.payload()) sum += v;
                got++;
            }
            total = sum;
        });
        p1.start();
        p2.start();
        consumer.start();
        p1.join();
        p2.join();
        consumer.join();
        System.out.println(total);
    }

    static Message message(int id) {
        int[] payload = new int[3];
        for (int i = 0; i < payload.length; i++) payload[i] = id + i;
        return new Message(id, payload);
    }
}
