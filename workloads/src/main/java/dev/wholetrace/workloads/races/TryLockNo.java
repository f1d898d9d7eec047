package dev.wholetrace.workloads.races;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Two threads increment a field under a lock taken with {@code tryLock()} (retried until it
 * succeeds: a failed attempt acquires nothing and touches nothing) and {@code tryLock(time,
 * unit)}. Each successful attempt is a lock. No race.
 */
public final class TryLockNo {
    public static final String[] RACES = {};

    private final Lock lock = new ReentrantLock();
    private int count;

    public static void main(String[] args) throws Exception {
        TryLockNo p = new TryLockNo();
        Thread a = new Thread(() -> {
            for (int i = 0; i < 500; i++) {
                while (!p.lock.tryLock()) Thread.yield();
                try {
                    p.count++;
                } finally {
                    p.lock.unlock();
                }
            }
        });
        Thread b = new Thread(() -> {
            for (int i = 0; i < 500; i++) {
                try {
                    while (!p.lock.tryLock(10, TimeUnit.MILLISECONDS)) Thread.yield();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                try {
                    p.count++;
                } finally {
                    p.lock.unlock();
                }
            }
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count=" + p.count);
    }
}
