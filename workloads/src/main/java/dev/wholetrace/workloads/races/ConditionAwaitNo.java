package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Guarded hand-over with a ReentrantLock and its Condition: the producer sets {@code data} and
 * {@code ready} under the lock and signals; the consumer awaits (an unlock and a lock) until
 * {@code ready} and reads {@code data} under the lock. No race.
 */
public final class ConditionAwaitNo {
    public static final String[] RACES = {};

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private boolean ready;
    private int data;
    private int seen;

    public static void main(String[] args) throws Exception {
        ConditionAwaitNo p = new ConditionAwaitNo();
        Thread consumer = new Thread(() -> {
            p.lock.lock();
            try {
                while (!p.ready) p.changed.await();
                p.seen = p.data;
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                p.lock.unlock();
            }
        });
        Thread producer = new Thread(() -> {
            p.lock.lock();
            try {
                p.data = 99;
                p.ready = true;
                p.changed.signalAll();
            } finally {
                p.lock.unlock();
            }
        });
        consumer.start();
        producer.start();
        consumer.join();
        producer.join();
        System.out.println("seen=" + p.seen);
    }
}
