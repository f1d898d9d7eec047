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
