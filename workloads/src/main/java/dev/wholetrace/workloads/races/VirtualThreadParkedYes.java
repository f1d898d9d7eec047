package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Virtual threads that record thousands of blocks, park (a contended lock, a sleep) and record again
 * (JDK 21+, the factory by reflection): each parks with a large recording buffer, which the agent hands
 * over at the park (ThreadRecorder.parking), so a thread's events cross several small hand-overs. Every
 * shared write is under the lock but {@code unlocked}, which every task adds to after it let the lock go:
 * a race on {@code unlocked}, and on nothing else.
 */
public final class VirtualThreadParkedYes {
    public static final String[] RACES = {"VirtualThreadParkedYes.unlocked"};
    /** The first JDK that has virtual threads: RaceSuite skips the program on older ones. */
    public static final int MIN_JDK = 21;

    static final ReentrantLock LOCK = new ReentrantLock();
    static long total;
    static int rounds;
    static int unlocked;

    public static void main(String[] args) throws Exception {
        total = 0;
        rounds = 0;
        unlocked = 0;
        ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        try {
            for (int t = 0; t < 32; t++) {
                int seed = t;
                executor.submit(() -> {
                    for (int round = 0; round < 3; round++) {
                        long local = VirtualThreadParkedNo.work(seed + round);
                        LOCK.lock();
                        try {
                            total += local;
                            rounds++;
                        } finally {
                            LOCK.unlock();
                        }
                        unlocked++; // outside the lock: the planted race
                        VirtualThreadParkedNo.sleep();
                    }
                });
            }
        } finally {
            executor.shutdown();
            executor.awaitTermination(30, TimeUnit.SECONDS);
        }
        System.out.println("rounds=" + rounds + " total=" + total + " unlocked>0=" + (unlocked > 0));
    }
}
