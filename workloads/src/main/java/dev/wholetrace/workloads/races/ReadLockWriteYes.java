package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Two threads increment a field holding only the READ lock of a ReentrantReadWriteLock: read
 * locks are shared, so a read unlock does not order a later read lock. Race on {@code count}.
 * (The trace records the read lock's operations with aux 1, shared; a detector has to use it:
 * ordering read lock operations among themselves, like exclusive ones, would hide this race.)
 */
public final class ReadLockWriteYes {
    public static final String[] RACES = {"ReadLockWriteYes.count"};

    private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    private int count;

    void work() {
        for (int i = 0; i < 500; i++) {
            rw.readLock().lock();
            try {
                count++; // wrong: a write under a shared lock
            } finally {
                rw.readLock().unlock();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ReadLockWriteYes p = new ReadLockWriteYes();
        Thread a = new Thread(p::work);
        Thread b = new Thread(p::work);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
