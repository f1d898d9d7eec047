package dev.wholetrace.workloads.handover;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Many short-lived platform threads that nobody joins, as a server makes them: each round starts
 * 40 threads that each do a little work and count a latch down (a thread per task), then runs 40
 * tasks on a pool whose idle workers retire after 2 ms (a pool that shrinks when idle, so its
 * workers come and go). The recorder must not keep what it holds per thread once a thread has
 * ended (docs/agent.md, "Thread end"): the run's memory must not grow with its length. Argument:
 * the rounds (default 50). Prints the rounds and the sum of the tasks' results, the same on every run.
 */
public final class ShortLivedThreads {
    private static final int PER_ROUND = 40;

    private ShortLivedThreads() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        AtomicLong sum = new AtomicLong();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(0, 8, 2, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
        for (int round = 0; round < rounds; round++) {
            CountDownLatch done = new CountDownLatch(PER_ROUND);
            for (int i = 0; i < PER_ROUND; i++) {
                int seed = round * PER_ROUND + i;
                new Thread(() -> {
                    sum.addAndGet(work(seed));
                    done.countDown();
                }).start();
            }
            done.await();
            List<Future<Long>> results = new ArrayList<>();
            for (int i = 0; i < PER_ROUND; i++) {
                int seed = -(round * PER_ROUND + i);
                results.add(pool.submit(() -> work(seed)));
            }
            for (Future<Long> f : results) sum.addAndGet(f.get());
            Thread.sleep(5); // the pool's idle workers retire
        }
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
        System.out.println("rounds=" + rounds + " sum=" + sum.get());
    }

    /** A little work with a few branches, so each thread records some blocks. */
    private static long work(int seed) {
        long x = seed;
        for (int i = 0; i < 200; i++) x = (x & 1) == 0 ? x / 2 + i : 3 * x + 1;
        return x & 0xffff;
    }
}
