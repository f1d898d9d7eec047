package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The writer fills {@code value} before adding the object to a {@code ConcurrentLinkedQueue}
 * and writes {@code late} after it; the reader finds the object by iterating the queue and reads
 * both. Only what came before the add is handed over. Race on {@code late}.
 */
public final class QueueSearchLateWriteYes {
    public static final String[] RACES = {"QueueSearchLateWriteYes.late"};

    int value;
    int late;

    static int seen;

    public static void main(String[] args) throws Exception {
        ConcurrentLinkedQueue<QueueSearchLateWriteYes> q = new ConcurrentLinkedQueue<>();
        Thread writer = new Thread(() -> {
            QueueSearchLateWriteYes x = new QueueSearchLateWriteYes();
            x.value = 1;
            q.add(x);
            x.late = 2; // after the hand-over
        });
        Thread reader = new Thread(() -> {
            QueueSearchLateWriteYes found = null;
            while (found == null) {
                for (QueueSearchLateWriteYes x : q) found = x;
                Thread.onSpinWait();
            }
            seen = found.value + (found.late == 2 ? 0 : 0); // races with the late write
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println(seen);
    }
}
