package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/** Lock and Condition patterns, run instrumented by {@link ConditionTest}. */
public final class ConditionSubject {
    private final Lock lock = new ReentrantLock();
    private final Condition notFull = lock.newCondition();
    private final Condition notEmpty = lock.newCondition();
    private int slot; // 0: empty
    private final List<String> log = new ArrayList<>();

    /**
     * A one-element buffer guarded by a lock with two conditions: a producer puts 1..rounds, a
     * consumer takes them, each logging inside the lock. The awaits use every variant. Returns the log.
     */
    public static List<String> producerConsumer(int rounds) throws InterruptedException {
        ConditionSubject s = new ConditionSubject();
        Thread producer = new Thread(() -> {
            for (int i = 1; i <= rounds; i++) s.put(i);
        }, "producer");
        Thread consumer = new Thread(() -> {
            for (int i = 1; i <= rounds; i++) s.take(i);
        }, "consumer");
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        return s.log;
    }

    private void put(int value) {
        lock.lock();
        try {
            while (slot != 0) {
                if (value % 2 == 0) notFull.awaitUninterruptibly();
                else notFull.awaitNanos(TimeUnit.SECONDS.toNanos(10));
            }
            slot = value;
            log.add("put " + value);
            notEmpty.signal();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        } finally {
            lock.unlock();
        }
    }

    private void take(int round) {
        lock.lock();
        try {
            while (slot == 0) {
                switch (round % 3) {
                    case 0 -> notEmpty.await();
                    case 1 -> notEmpty.await(10, TimeUnit.SECONDS);
                    default -> notEmpty.awaitUntil(new Date(System.currentTimeMillis() + 10_000));
                }
            }
            log.add("take " + slot);
            slot = 0;
            notFull.signal();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Each await variant in turn, on a thread of its own: the waiter awaits until a flag is set, and
     * the calling thread sets it and signals only once the waiter is among the condition's waiters,
     * so every variant really waits (and is recorded) whatever the scheduling.
     */
    public static List<String> everyAwait() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Condition ready = lock.newCondition();
        List<String> log = new ArrayList<>();
        String[] variants = {"await", "awaitTimeout", "awaitNanos", "awaitUntil", "awaitUninterruptibly"};
        for (String variant : variants) {
            boolean[] flag = new boolean[1];
            Thread waiter = new Thread(() -> {
                lock.lock();
                try {
                    while (!flag[0]) awaitOnce(ready, variant);
                    log.add(variant);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                } finally {
                    lock.unlock();
                }
            }, variant);
            waiter.start();
            while (true) {
                lock.lock();
                try {
                    if (lock.hasWaiters(ready)) {
                        flag[0] = true;
                        ready.signal();
                        break;
                    }
                } finally {
                    lock.unlock();
                }
                Thread.onSpinWait();
            }
            waiter.join();
        }
        return log;
    }

    private static void awaitOnce(Condition c, String variant) throws InterruptedException {
        switch (variant) {
            case "await" -> c.await();
            case "awaitTimeout" -> c.await(10, TimeUnit.SECONDS);
            case "awaitNanos" -> c.awaitNanos(TimeUnit.SECONDS.toNanos(10));
            case "awaitUntil" -> c.awaitUntil(new Date(System.currentTimeMillis() + 10_000));
            default -> c.awaitUninterruptibly();
        }
    }

    /** A thread awaits a condition until interrupted, then unlocks. Returns the exception it caught. */
    public static Throwable interruptedAwait() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Condition never = lock.newCondition();
        Throwable[] caught = new Throwable[1];
        Thread waiter = new Thread(() -> {
            lock.lock();
            try {
                never.await();
            } catch (InterruptedException e) {
                caught[0] = e;
            } finally {
                lock.unlock();
            }
        }, "waiter");
        waiter.start();
        while (waiter.getState() != Thread.State.WAITING) Thread.onSpinWait();
        waiter.interrupt();
        waiter.join();
        return caught[0];
    }
}
