package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.StampedLock;

/**
 * A writer updates two fields under a StampedLock's write lock ({@code writeLock}/{@code
 * unlockWrite}), a reader reads them under its read lock ({@code readLock}/{@code unlockRead}).
 * No optimistic reads. No race.
 */
public final class StampedLockNo {
    public static final String[] RACES = {};

    private final StampedLock sl = new StampedLock();
    private int x;
    private int y;
    private boolean consistent = true;

    public static void main(String[] args) throws Exception {
        StampedLockNo p = new StampedLockNo();
        Thread writer = new Thread(() -> {
            for (int i = 1; i <= 100; i++) {
                long stamp = p.sl.writeLock();
                try {
                    p.x = i;
                    p.y = -i;
                } finally {
                    p.sl.unlockWrite(stamp);
                }
            }
        });
        Thread reader = new Thread(() -> {
            for (int i = 0; i < 100; i++) {
                long stamp = p.sl.readLock();
                try {
                    if (p.x + p.y != 0) p.consistent = false;
                } finally {
                    p.sl.unlockRead(stamp);
                }
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("x=" + p.x + " consistent=" + p.consistent);
    }
}
