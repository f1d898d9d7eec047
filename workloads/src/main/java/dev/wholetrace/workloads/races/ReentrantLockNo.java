package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.ReentrantLock;

/** Two threads increment a field, each increment between {@code lock()} and {@code unlock()} of one ReentrantLock. No race. */
public final class ReentrantLockNo {
    public static final String[] RACES = {};

    private final ReentrantLock lock = new ReentrantLock();
    private int count;

    void increment() {
        lock.lock();
        try {
            count++;
        } finally {
            lock.unlock();
        }
    }

    public static void main(String[] args) throws Exception {
        ReentrantLockNo p = new ReentrantLockNo();
        Runnable work = () -> {
            for (int i = 0; i < 1000; i++) p.increment();
        };
        Thread a = new Thread(work);
        Thread b = new Thread(work);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count=" + p.count);
    }
}
