package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.ReentrantLock;

/**
 * One thread increments under a ReentrantLock, the other increments without taking it: a lock
 * only one side takes orders nothing between the two. Race on {@code count}.
 */
public final class LockOneSideYes {
    public static final String[] RACES = {"LockOneSideYes.count"};

    private final ReentrantLock lock = new ReentrantLock();
    private int count;

    public static void main(String[] args) throws Exception {
        LockOneSideYes p = new LockOneSideYes();
        Thread careful = new Thread(() -> {
            for (int i = 0; i < 500; i++) {
                p.lock.lock();
                try {
                    p.count++;
                } finally {
                    p.lock.unlock();
                }
            }
        });
        Thread careless = new Thread(() -> {
            for (int i = 0; i < 500; i++) p.count++;
        });
        careful.start();
        careless.start();
        careful.join();
        careless.join();
        System.out.println("done");
    }
}
