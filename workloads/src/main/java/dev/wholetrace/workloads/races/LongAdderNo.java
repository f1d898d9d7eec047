package dev.wholetrace.workloads.races;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * Completion counted with a LongAdder: each of three workers writes its element of {@code parts},
 * records its value in a LongAccumulator (max) and then {@code increment()}s {@code done}; main
 * spins until {@code done.sum()} is 3 and reads {@code parts} and the maximum. The adder's cells
 * and base are volatile and updated by CAS, so an add happens-before a {@code sum()} that sees
 * it. No race.
 */
public final class LongAdderNo {
    public static final String[] RACES = {};

    static int[] parts;

    public static void main(String[] args) throws Exception {
        parts = new int[3];
        LongAdder done = new LongAdder();
        LongAccumulator max = new LongAccumulator(Math::max, Long.MIN_VALUE);
        Thread[] workers = new Thread[parts.length];
        for (int i = 0; i < workers.length; i++) {
            int index = i;
            workers[i] = new Thread(() -> {
                parts[index] = (index + 1) * 5;
                max.accumulate(parts[index]);
                done.increment();
            });
            workers[i].start();
        }
        while (done.sum() < parts.length) Thread.yield();
        int sum = parts[0] + parts[1] + parts[2];
        long largest = max.get();
        for (Thread w : workers) w.join();
        System.out.println("sum=" + sum + " max=" + largest);
    }
}
