package dev.wholetrace.workloads.races;

import java.util.Vector;

/**
 * The writer adds an object to a {@code Vector} and writes its {@code late} field afterwards,
 * outside the Vector's monitor; the reader waits until the Vector holds it and reads both fields.
 * Only what came before the add is handed over. Race on {@code late}.
 */
public final class SynchronizedJdkClassesLateWriteYes {
    public static final String[] RACES = {"SynchronizedJdkClassesLateWriteYes.late"};

    int value;
    int late;

    static int seen;

    public static void main(String[] args) throws Exception {
        Vector<SynchronizedJdkClassesLateWriteYes> vector = new Vector<>();
        Thread writer = new Thread(() -> {
            SynchronizedJdkClassesLateWriteYes x = new SynchronizedJdkClassesLateWriteYes();
            x.value = 1;
            vector.add(x);
            x.late = 2; // after the hand-over
        });
        Thread reader = new Thread(() -> {
            while (vector.isEmpty()) Thread.onSpinWait();
            SynchronizedJdkClassesLateWriteYes x = vector.firstElement();
            seen = x.value + x.late * 0; // races with the late write
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println(seen);
    }
}
