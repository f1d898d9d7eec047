package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Each thread increments the shared field under a lock of its own (two ReentrantLocks): locks
 * order only operations on the same lock. Race on {@code count}.
 */
public final class TwoLocksYes {
    public static final String[] RACES = {"TwoLocksYes.count"};

    private int count;

    void work(ReentrantLock lock) {
        for (int i = 0; i < 500; i++) {
            lock.lock();
            try {
                count++;
            } finally {
                lock.unlock();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        TwoLocksYes p = new TwoLocksYes();
        ReentrantLock first = new ReentrantLock();
        ReentrantLock second = new ReentrantLock();
        Thread a = new Thread(() -> p.work(first));
        Thread b = new Thread(() -> p.work(second));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
