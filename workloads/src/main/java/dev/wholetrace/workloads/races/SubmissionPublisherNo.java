package dev.wholetrace.workloads.races;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;

/**
 * The JDK's Flow publisher: main fills each item's plain fields before {@code submit} (ordered before the
 * subscriber's {@code onNext} of that item), the subscriber sums them into a plain field from whichever pool
 * thread runs each batch of signals (a subscription's signals are ordered one after the other), and main reads
 * the sum after {@code onComplete} counted a latch down. No race.
 */
public final class SubmissionPublisherNo {
    public static final String[] RACES = {};

    static final class Item {
        int a;
        int b;
    }

    static long sum;

    public static void main(String[] args) throws Exception {
        sum = 0; // the suite's test runs main twice in one JVM
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CountDownLatch done = new CountDownLatch(1);
        try (SubmissionPublisher<Item> publisher = new SubmissionPublisher<>(pool, 16)) {
            publisher.subscribe(new Flow.Subscriber<Item>() {
                @Override
                public void onSubscribe(Flow.Subscription s) {
                    s.request(Long.MAX_VALUE);
                }

                @Override
                public void onNext(Item item) {
                    sum += item.a + item.b;
                }

                @Override
                public void onError(Throwable t) {
                    t.printStackTrace();
                }

                @Override
                public void onComplete() {
                    done.countDown();
                }
            });
            for (int i = 0; i < 2_000; i++) {
                Item item = new Item();
                item.a = i;
                item.b = 2 * i;
                publisher.submit(item);
            }
        }
        done.await();
        pool.shutdown();
        pool.awaitTermination(5, TimeUnit.SECONDS);
        System.out.println("sum=" + sum);
    }
}
