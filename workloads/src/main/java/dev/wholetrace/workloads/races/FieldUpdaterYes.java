package dev.wholetrace.workloads.races;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * The flag is published before the data: the writer CASes {@code state} from 0 to 1 with an
 * AtomicIntegerFieldUpdater and then writes {@code data}; the reader spins on {@code STATE.get}
 * and reads {@code data}. Race on {@code data}.
 */
public final class FieldUpdaterYes {
    public static final String[] RACES = {"FieldUpdaterYes.data"};

    static final AtomicIntegerFieldUpdater<FieldUpdaterYes> STATE = AtomicIntegerFieldUpdater.newUpdater(FieldUpdaterYes.class, "state");

    volatile int state;
    int data;

    public static void main(String[] args) throws Exception {
        FieldUpdaterYes p = new FieldUpdaterYes();
        Thread writer = new Thread(() -> {
            STATE.compareAndSet(p, 0, 1);
            p.data = 42;
        });
        Thread reader = new Thread(() -> {
            while (STATE.get(p) == 0) Thread.yield();
            int d = p.data; // 0 or 42
            if (d != 0 && d != 42) throw new AssertionError();
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
