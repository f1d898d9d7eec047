package dev.wholetrace.workloads.races;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A pool subclass whose {@code beforeExecute} (the hook Spring's ThreadPoolTaskExecutor and monitoring code
 * override: a worker calls it before each task, outside the task) reads {@code limit}, which main set
 * before its first {@code execute}. Each of the first tasks starts a new worker: {@code addWorker} starts
 * its thread inside the JDK (Thread.start: main's writes happen-before everything the worker does), and
 * hands it its first task through no queue. The later tasks go through the queue. No race. Until session 40
 * the agent recorded no fork for a thread JDK code started, so {@code limit} looked unordered with the read.
 */
public final class PoolBeforeExecuteNo {
    public static final String[] RACES = {};

    static int limit;

    public static void main(String[] args) throws Exception {
        limit = 0;
        limit = 3;
        int[] over = new int[1];
        ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>()) {
            @Override
            protected void beforeExecute(Thread worker, Runnable task) {
                if (limit < 0) over[0]++; // never: limit is 3; the read is what matters
            }
        };
        for (int i = 0; i < 8; i++) pool.execute(() -> { });
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.SECONDS)) throw new AssertionError("not terminated");
        System.out.println("limit=" + limit + " over=" + over[0]);
    }
}
