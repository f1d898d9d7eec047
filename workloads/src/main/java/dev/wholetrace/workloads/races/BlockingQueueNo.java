package dev.wholetrace.workloads.races;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A producer fills a {@code Job} record's array and puts the job on an {@code ArrayBlockingQueue};
 * the consumer takes it and sums the array. The queue's hand-over (put → the take that obtains the
 * element) orders every access. No race.
 */
public final class BlockingQueueNo {
    public static final String[] RACES = {};

    record Job(int[] data) {}

    static long total;

    public static void main(String[] args) throws Exception {
        BlockingQueue<Job> queue = new ArrayBlockingQueue<>(2);
        Thread producer = new Thread(() -> {
            for (int i = 0; i < 5; i++) {
                int[] data = new int[4];
                for (int j = 0; j < data.length; j++) data[j] = i + j;
                try {
                    queue.put(new Job(data));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        Thread consumer = new Thread(() -> {
            long sum = 0;
            for (int i = 0; i < 5; i++) {
                try {
                    Job job = queue.take();
                    for (int v : job.data()) sum += v;
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            total = sum;
        });
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        System.out.println(total);
    }
}
