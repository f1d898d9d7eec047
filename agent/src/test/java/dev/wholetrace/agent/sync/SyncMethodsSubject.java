package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.List;

/** Synchronized methods of every shape, run instrumented by {@link SyncMethodsTest}. */
public final class SyncMethodsSubject {
    private static long total;
    private int count;

    public synchronized int increment() {
        return ++count;
    }

    /** Throws out of the synchronized method when asked. */
    public synchronized void failIf(boolean fail) {
        if (fail) throw new IllegalStateException("asked to fail");
        count++;
    }

    /** An exception caught inside the method: one normal exit. */
    public synchronized int caught(int x) {
        try {
            if (x < 0) throw new IllegalArgumentException("negative");
            return x;
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }

    /** The first instruction is a loop head (a jump target with a frame at offset 0). */
    public synchronized int countDown(int x) {
        while (true) {
            if (x <= 0) return x;
            x--;
        }
    }

    /** Two-slot parameters and result, several returns. */
    public synchronized double wide(long a, double b) {
        if (a > 0) return a * b;
        if (a < 0) return -b;
        return 0;
    }

    /** Reentrant: the monitor is taken again by the same thread. */
    public synchronized int depth(int n) {
        return n == 0 ? 0 : 1 + depth(n - 1);
    }

    /** The same monitor through a synchronized block. */
    public int block() {
        synchronized (this) {
            return count;
        }
    }

    public static synchronized long add(long x) {
        total += x;
        return total;
    }

    public static synchronized void staticFail() {
        throw new UnsupportedOperationException("static");
    }

    /** The class monitor through a synchronized block. */
    public static long staticBlock() {
        synchronized (SyncMethodsSubject.class) {
            return total;
        }
    }

    /**
     * {@code threads} threads call a synchronized method {@code rounds} times each, logging their
     * name inside it; returns the log.
     */
    public static List<String> handOver(int threads, int rounds) throws InterruptedException {
        Logger logger = new Logger();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            ts[t] = new Thread(() -> {
                for (int r = 0; r < rounds; r++) logger.log(Thread.currentThread().getName());
            }, "worker-" + t);
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        return logger.entries;
    }

    /** A monitor of its own, so the hand-over test can tell its lock operations apart. */
    static final class Logger {
        final List<String> entries = new ArrayList<>();

        synchronized void log(String who) {
            entries.add(who);
        }
    }
}
