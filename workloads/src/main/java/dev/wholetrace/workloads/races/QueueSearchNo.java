package dev.wholetrace.workloads.races;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Consumers that find their elements without taking them: one writer fills three objects and adds
 * each to a queue ({@code ArrayBlockingQueue}, {@code ConcurrentLinkedDeque}, {@code
 * LinkedBlockingQueue}); the reader finds the first by iterating, the second in {@code toArray()},
 * the third through {@code forEach}, and checks one with {@code contains} and {@code peek}, then
 * reads their fields. Placing an element happens-before any access that finds it. No race.
 */
public final class QueueSearchNo {
    public static final String[] RACES = {};

    int value;

    QueueSearchNo(int unused) {}

    static int total;

    public static void main(String[] args) throws Exception {
        ArrayBlockingQueue<QueueSearchNo> abq = new ArrayBlockingQueue<>(4);
        ConcurrentLinkedDeque<QueueSearchNo> cld = new ConcurrentLinkedDeque<>();
        LinkedBlockingQueue<QueueSearchNo> lbq = new LinkedBlockingQueue<>();
        QueueSearchNo[] made = new QueueSearchNo[3];
        Thread writer = new Thread(() -> {
            QueueSearchNo a = new QueueSearchNo(0), b = new QueueSearchNo(0), c = new QueueSearchNo(0);
            a.value = 1;
            b.value = 2;
            c.value = 3;
            abq.add(a);
            cld.addLast(b);
            lbq.offer(c);
        });
        Thread reader = new Thread(() -> {
            QueueSearchNo a = null;
            while (a == null) {
                for (QueueSearchNo x : abq) a = x;
                Thread.onSpinWait();
            }
            Object[] copy;
            while ((copy = cld.toArray()).length == 0) Thread.onSpinWait();
            QueueSearchNo b = (QueueSearchNo) copy[0];
            while (lbq.peek() == null) Thread.onSpinWait(); // found, not yet read
            lbq.forEach(x -> made[2] = x);
            QueueSearchNo c = made[2];
            if (!abq.contains(a)) throw new AssertionError();
            total = a.value + b.value + c.value;
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println(total);
    }
}
