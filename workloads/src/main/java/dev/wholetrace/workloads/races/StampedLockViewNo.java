package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.StampedLock;

/**
 * The Lock views of a StampedLock: two threads increment a field under {@code asWriteLock()}, a
 * third reads it under {@code asReadLock()} (the views are recorded on the StampedLock itself,
 * write and read mode). No race.
 */
public final class StampedLockViewNo {
    public static final String[] RACES = {};

    private final StampedLock sl = new StampedLock();
    private final Lock write = sl.asWriteLock();
    private final Lock read = sl.asReadLock();
    private int count;
    private int seen;

    void increment() {
        for (int i = 0; i < 300; i++) {
            write.lock();
            try {
                count++;
            } finally {
                write.unlock();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        StampedLockViewNo p = new StampedLockViewNo();
        Thread a = new Thread(p::increment);
        Thread b = new Thread(p::increment);
        Thread reader = new Thread(() -> {
            for (int i = 0; i < 100; i++) {
                p.read.lock();
                try {
                    p.seen = Math.max(p.seen, p.count);
                } finally {
                    p.read.unlock();
                }
            }
        });
        a.start();
        b.start();
        reader.start();
        a.join();
        b.join();
        reader.join();
        System.out.println("count=" + p.count + " seen<=600 " + (p.seen <= 600));
    }
}
