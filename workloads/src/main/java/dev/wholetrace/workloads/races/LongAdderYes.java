package dev.wholetrace.workloads.races;

import java.util.concurrent.atomic.LongAdder;

/**
 * The count goes up before the data is written: the worker does {@code done.increment()} and then
 * writes {@code data}; main spins until {@code done.sum()} is 1 and reads {@code data}. Race on
 * {@code data}.
 */
public final class LongAdderYes {
    public static final String[] RACES = {"LongAdderYes.data"};

    static int data;

    public static void main(String[] args) throws Exception {
        data = 0;
        LongAdder done = new LongAdder();
        Thread worker = new Thread(() -> {
            done.increment();
            data = 42;
        });
        worker.start();
        while (done.sum() == 0) Thread.yield();
        int d = data; // 0 or 42
        worker.join();
        if (d != 0 && d != 42) throw new AssertionError();
        System.out.println("done");
    }
}
