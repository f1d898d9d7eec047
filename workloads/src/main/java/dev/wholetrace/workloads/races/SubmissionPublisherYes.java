package dev.wholetrace.workloads.races;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;

/**
 * The JDK's Flow publisher: main writes {@code tag} of an item after it submitted it, the subscriber reads it in
 * {@code onNext}: only what main did before the submit is ordered before the subscriber's access. Race on
 * {@code tag}.
 */
public final class SubmissionPublisherYes {
    public static final String[] RACES = {"SubmissionPublisherYes.tag"};

    int value; // an item is an instance of this class
    int tag;

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        CountDownLatch done = new CountDownLatch(1);
        long[] seen = new long[1];
        try (SubmissionPublisher<SubmissionPublisherYes> publisher = new SubmissionPublisher<>(pool, 16)) {
            publisher.subscribe(new Flow.Subscriber<SubmissionPublisherYes>() {
                @Override
                public void onSubscribe(Flow.Subscription s) {
                    s.request(Long.MAX_VALUE);
                }

                @Override
                public void onNext(SubmissionPublisherYes item) {
                    seen[0] += item.value + item.tag;
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
            SubmissionPublisherYes item = new SubmissionPublisherYes();
            item.value = 1;
            publisher.submit(item);
            item.tag = 5; // after the hand-over
        }
        done.await();
        pool.shutdown();
        pool.awaitTermination(5, TimeUnit.SECONDS);
        System.out.println(seen[0] == 1 || seen[0] == 6 ? "ok" : "?");
    }
}
