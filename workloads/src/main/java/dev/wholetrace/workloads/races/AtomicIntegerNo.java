package dev.wholetrace.workloads.races;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Counting with atomics: two threads {@code incrementAndGet} one AtomicInteger and {@code
 * addAndGet} element 0 of an AtomicIntegerArray (atomics are volatile variables, not data). No
 * race.
 */
public final class AtomicIntegerNo {
    public static final String[] RACES = {};

    private final AtomicInteger count = new AtomicInteger();
    private final AtomicIntegerArray cells = new AtomicIntegerArray(2);

    void work() {
        for (int i = 0; i < 1000; i++) {
            count.incrementAndGet();
            cells.addAndGet(0, 2);
        }
    }

    public static void main(String[] args) throws Exception {
        AtomicIntegerNo p = new AtomicIntegerNo();
        Thread a = new Thread(p::work);
        Thread b = new Thread(p::work);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count=" + p.count.get() + " cell=" + p.cells.get(0));
    }
}
