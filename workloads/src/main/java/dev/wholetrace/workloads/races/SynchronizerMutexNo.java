package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;

/**
 * A mutex of the program's own on {@link AbstractQueuedLongSynchronizer} (the long twin of {@link SynchronizerSubclassNo}'s
 * latch): {@code tryAcquire} takes it with {@code compareAndSetState(0, 1)}, {@code tryRelease} frees it with
 * {@code setState(0)}; two threads increment a plain counter under it, contended. Each holder's increment happens
 * before the next holder's read (the state is volatile). No race. Covers the compare-and-set of the state and the long
 * accessors, which the latch does not call (session 43 review).
 */
public final class SynchronizerMutexNo {
    public static final String[] RACES = {};

    static final int ROUNDS = 2_000;

    static long counter;

    static final class Mutex extends AbstractQueuedLongSynchronizer {
        @Override
        protected boolean tryAcquire(long ignored) {
            return compareAndSetState(0, 1);
        }

        @Override
        protected boolean tryRelease(long ignored) {
            setState(0);
            return true;
        }

        @Override
        protected boolean isHeldExclusively() {
            return getState() != 0;
        }
    }

    public static void main(String[] args) throws Exception {
        counter = 0; // a second run in the same JVM (the suite's own test) starts afresh
        Mutex mutex = new Mutex();
        Runnable work = () -> {
            for (int i = 0; i < ROUNDS; i++) {
                mutex.acquire(1);
                try {
                    counter++;
                } finally {
                    mutex.release(1);
                }
            }
        };
        Thread other = new Thread(work, "other");
        other.start();
        work.run();
        other.join();
        if (counter != 2L * ROUNDS) throw new AssertionError(counter);
        System.out.println(counter);
    }
}
