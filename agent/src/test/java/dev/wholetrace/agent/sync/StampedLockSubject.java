package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/** StampedLock patterns, run instrumented by {@link StampedLockTest}. */
public final class StampedLockSubject {
    private StampedLockSubject() {}

    private static int value; // guarded by the lock of handOver

    /**
     * Writers bump a value under the write lock (writeLock, writeLockInterruptibly, tryWriteLock
     * with a timeout in turn; unlockWrite or unlock), logging the new value inside; readers read it
     * under the read lock (readLock, readLockInterruptibly, tryReadLock; unlockRead or unlock) and
     * keep what they read, per reader. Returns [the writers' log "name:value", {reader: values}].
     */
    public static List<Object> handOver(int writers, int readers, int rounds) throws InterruptedException {
        StampedLock lock = new StampedLock();
        value = 0;
        List<String> writes = Collections.synchronizedList(new ArrayList<>());
        Map<String, List<Integer>> reads = Collections.synchronizedMap(new LinkedHashMap<>());
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < writers; t++) {
            ts.add(new Thread(() -> {
                try {
                    for (int r = 0; r < rounds; r++) {
                        long stamp = switch (r % 3) {
                            case 0 -> lock.writeLock();
                            case 1 -> lock.writeLockInterruptibly();
                            default -> {
                                long s;
                                while ((s = lock.tryWriteLock(10, TimeUnit.MILLISECONDS)) == 0) Thread.onSpinWait();
                                yield s;
                            }
                        };
                        try {
                            writes.add(Thread.currentThread().getName() + ":" + ++value);
                        } finally {
                            if (r % 2 == 0) lock.unlockWrite(stamp);
                            else lock.unlock(stamp);
                        }
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }, "writer-" + t));
        }
        for (int t = 0; t < readers; t++) {
            List<Integer> seen = new ArrayList<>();
            reads.put("reader-" + t, seen);
            ts.add(new Thread(() -> {
                try {
                    for (int r = 0; r < rounds; r++) {
                        long stamp = switch (r % 3) {
                            case 0 -> lock.readLock();
                            case 1 -> lock.readLockInterruptibly();
                            default -> {
                                long s;
                                while ((s = lock.tryReadLock()) == 0) Thread.onSpinWait();
                                yield s;
                            }
                        };
                        try {
                            seen.add(value);
                        } finally {
                            if (r % 2 == 0) lock.unlockRead(stamp);
                            else lock.unlock(stamp);
                        }
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }, "reader-" + t));
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        return List.of(writes, reads);
    }

    /**
     * Conversions, failed attempts and bad unlocks, on one thread; returns what each step returned
     * (true for a non-zero stamp) in order.
     */
    public static List<Object> conversions() {
        StampedLock lock = new StampedLock();
        List<Object> out = new ArrayList<>();
        long s = lock.readLock(); // lock 1
        s = lock.tryConvertToWriteLock(s); // sole reader: unlock 1, lock 2
        out.add(s != 0);
        out.add(lock.tryConvertToWriteLock(s) == s); // already the write lock: nothing
        s = lock.tryConvertToReadLock(s); // unlock 2, lock 1
        out.add(s != 0);
        out.add(lock.tryReadLock() != 0); // a second read hold: lock 1
        out.add(lock.tryConvertToWriteLock(s) != 0); // not the only reader: fails, nothing
        out.add(lock.tryWriteLock() != 0); // read-locked: fails, nothing
        lock.tryUnlockRead(); // unlock 1 (the second hold)
        s = lock.tryConvertToOptimisticRead(s); // unlock 1
        out.add(StampedLock.isOptimisticReadStamp(s));
        out.add(lock.validate(lock.tryOptimisticRead())); // optimistic reads: nothing
        long w = lock.tryConvertToWriteLock(s); // from optimistic: lock 2
        out.add(w != 0);
        out.add(lock.tryConvertToReadLock(lock.tryOptimisticRead()) == 0); // write-locked: fails, nothing
        lock.unlockWrite(w); // unlock 2
        try {
            lock.unlockWrite(w); // no longer held: throws, nothing
        } catch (IllegalMonitorStateException e) {
            out.add("unlockWrite twice");
        }
        try {
            lock.unlock(s); // an optimistic stamp: throws, nothing
        } catch (IllegalMonitorStateException e) {
            out.add("unlock optimistic");
        }
        out.add(lock.tryUnlockWrite()); // not held: false, nothing
        w = lock.writeLock(); // lock 2
        out.add(lock.tryUnlockWrite()); // unlock 2
        Thread.currentThread().interrupt();
        try {
            lock.readLockInterruptibly(); // throws, nothing
        } catch (InterruptedException e) {
            out.add("interrupted");
        }
        return out;
    }

    /**
     * The Lock views (asReadLock, asWriteLock, and the ReadWriteLock view's readLock/writeLock) are
     * the StampedLock in the trace. Returns how many critical sections ran.
     */
    public static int views() {
        StampedLock lock = new StampedLock();
        int sections = 0;
        long s = lock.writeLock(); // lock 2 on the StampedLock itself, naming it
        lock.unlockWrite(s);
        Lock read = lock.asReadLock();
        Lock write = lock.asWriteLock();
        write.lock();
        sections++;
        write.unlock();
        read.lock();
        sections++;
        read.unlock();
        StampedLock other = new StampedLock();
        ReadWriteLock rw = other.asReadWriteLock(); // its views were never asked for directly
        rw.writeLock().lock();
        sections++;
        rw.writeLock().unlock();
        rw.readLock().lock();
        sections++;
        rw.readLock().unlock();
        s = other.readLock(); // lock 1 on the other StampedLock itself
        other.unlockRead(s);
        return sections;
    }
}
