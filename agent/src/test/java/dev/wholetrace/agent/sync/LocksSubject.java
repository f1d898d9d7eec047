package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/** java.util.concurrent.locks patterns, run instrumented by {@link LocksTest}. */
public final class LocksSubject {
    private LocksSubject() {}

    /**
     * {@code threads} threads take one lock {@code rounds} times each, through the Lock interface,
     * lockInterruptibly and tryLock(timeout) in turn, logging their name inside; returns the log.
     */
    public static List<String> handOver(int threads, int rounds) throws InterruptedException {
        Lock lock = new ReentrantLock();
        List<String> log = new ArrayList<>();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            ts[t] = new Thread(() -> {
                try {
                    for (int r = 0; r < rounds; r++) {
                        switch (r % 3) {
                            case 0 -> lock.lock();
                            case 1 -> lock.lockInterruptibly();
                            default -> {
                                while (!lock.tryLock(10, TimeUnit.MILLISECONDS)) Thread.onSpinWait();
                            }
                        }
                        try {
                            log.add(Thread.currentThread().getName());
                        } finally {
                            lock.unlock();
                        }
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }, "worker-" + t);
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        return log;
    }

    /**
     * A tryLock that fails (another thread holds the lock) records nothing; one that succeeds
     * records a lock. The static type is ReentrantLock (INVOKEVIRTUAL). Returns the two results.
     */
    public static List<Boolean> tryLocks() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        List<Boolean> results = new ArrayList<>();
        lock.lock();
        Thread other = new Thread(() -> results.add(lock.tryLock()), "trier");
        other.start();
        other.join();
        lock.unlock();
        results.add(lock.tryLock());
        lock.unlock();
        return results;
    }

    /** An application subclass, named as the static type: matched by name and descriptor. */
    static final class NamedLock extends ReentrantLock {
        final String name;

        NamedLock(String name) {
            this.name = name;
        }
    }

    /** Something with lock()/unlock() that is not a Lock: recorded as nothing. */
    static final class NotALock {
        int locked;

        void lock() {
            locked++;
        }

        void unlock() {
            locked--;
        }
    }

    /** Returns the order in which the locks were taken, by name. */
    public static List<String> subclassAndImpostor() {
        NamedLock a = new NamedLock("a");
        NotALock b = new NotALock();
        List<String> order = new ArrayList<>();
        a.lock();
        order.add(a.name);
        b.lock();
        b.unlock();
        a.unlock();
        try {
            a.unlock(); // not held: IllegalMonitorStateException, and no unlock in the trace
        } catch (IllegalMonitorStateException e) {
            order.add("not held");
        }
        return order;
    }

    /** Read and write locks of one ReentrantReadWriteLock: one lock in the trace, in two modes. */
    public static int readWrite() {
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        Lock read = rw.readLock();
        ReentrantReadWriteLock.WriteLock write = rw.writeLock();
        int value;
        write.lock();
        try {
            value = 1;
        } finally {
            write.unlock();
        }
        read.lock();
        try {
            value++;
        } finally {
            read.unlock();
        }
        rw.readLock().lock(); // a fresh call of readLock() returns the same object
        rw.readLock().unlock();
        return value;
    }
}
