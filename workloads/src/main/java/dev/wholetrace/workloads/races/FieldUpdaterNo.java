package dev.wholetrace.workloads.races;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * Publication through atomic field updaters, as lock-free code writes it: one writer sets {@code
 * data} and then {@code STATE.set(this, 1)}; its reader spins on {@code STATE.get} and reads
 * {@code data}. Another writer sets {@code other} and CASes {@code name} with an
 * AtomicReferenceFieldUpdater; its reader spins on the volatile field {@code name} itself (a plain
 * field access of the same variable the updater wrote). No race.
 */
public final class FieldUpdaterNo {
    public static final String[] RACES = {};

    static final AtomicIntegerFieldUpdater<FieldUpdaterNo> STATE = AtomicIntegerFieldUpdater.newUpdater(FieldUpdaterNo.class, "state");
    static final AtomicReferenceFieldUpdater<FieldUpdaterNo, String> NAME =
            AtomicReferenceFieldUpdater.newUpdater(FieldUpdaterNo.class, String.class, "name");

    volatile int state;
    volatile String name;
    int data;
    int other;
    int seenData;
    int seenOther;

    public static void main(String[] args) throws Exception {
        FieldUpdaterNo p = new FieldUpdaterNo();
        Thread writer = new Thread(() -> {
            p.data = 42;
            STATE.set(p, 1);
            p.other = 7;
            NAME.compareAndSet(p, null, "done");
        });
        Thread reader = new Thread(() -> {
            while (STATE.get(p) != 1) Thread.yield();
            p.seenData = p.data;
        });
        Thread nameReader = new Thread(() -> {
            while (p.name == null) Thread.yield();
            p.seenOther = p.other;
        });
        reader.start();
        nameReader.start();
        writer.start();
        writer.join();
        reader.join();
        nameReader.join();
        System.out.println("seen=" + p.seenData + "," + p.seenOther);
    }
}
