package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.StampedLock;

/**
 * The optimistic read idiom of StampedLock: the reader reads {@code x} after {@code
 * tryOptimisticRead()} and falls back to the read lock only if {@code validate} fails. The
 * optimistic read is unordered with the writer's write whatever the schedule (validate tells the
 * program afterwards; it orders nothing, and the agent records neither call). Race on {@code x}.
 */
public final class StampedOptimisticYes {
    public static final String[] RACES = {"StampedOptimisticYes.x"};

    private final StampedLock sl = new StampedLock();
    private int x;

    int readX() {
        long stamp = sl.tryOptimisticRead();
        int v = x;
        if (!sl.validate(stamp)) {
            stamp = sl.readLock();
            try {
                v = x;
            } finally {
                sl.unlockRead(stamp);
            }
        }
        return v;
    }

    public static void main(String[] args) throws Exception {
        StampedOptimisticYes p = new StampedOptimisticYes();
        Thread writer = new Thread(() -> {
            long stamp = p.sl.writeLock();
            try {
                p.x = 1;
            } finally {
                p.sl.unlockWrite(stamp);
            }
        });
        Thread reader = new Thread(() -> {
            int v = p.readX();
            if (v != 0 && v != 1) throw new AssertionError();
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
