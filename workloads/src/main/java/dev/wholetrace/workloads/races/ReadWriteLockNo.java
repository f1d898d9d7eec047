package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A writer updates {@code value} under the write lock of a ReentrantReadWriteLock while two
 * readers read it under the read lock (a write unlock orders a later read lock and a read unlock
 * a later write lock); each reader keeps what it saw in a field of its own. No race.
 */
public final class ReadWriteLockNo {
    public static final String[] RACES = {};

    private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    private int value;
    private int seenA;
    private int seenB;

    int read() {
        rw.readLock().lock();
        try {
            return value;
        } finally {
            rw.readLock().unlock();
        }
    }

    public static void main(String[] args) throws Exception {
        ReadWriteLockNo p = new ReadWriteLockNo();
        Thread writer = new Thread(() -> {
            for (int i = 1; i <= 50; i++) {
                p.rw.writeLock().lock();
                try {
                    p.value = i;
                } finally {
                    p.rw.writeLock().unlock();
                }
            }
        });
        Thread readerA = new Thread(() -> {
            for (int i = 0; i < 50; i++) p.seenA = Math.max(p.seenA, p.read());
        });
        Thread readerB = new Thread(() -> {
            for (int i = 0; i < 50; i++) p.seenB = Math.max(p.seenB, p.read());
        });
        writer.start();
        readerA.start();
        readerB.start();
        writer.join();
        readerA.join();
        readerB.join();
        System.out.println("value=" + p.value + " seen<=50 " + (p.seenA <= 50 && p.seenB <= 50));
    }
}
