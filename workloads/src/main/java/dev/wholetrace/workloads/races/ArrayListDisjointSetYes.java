package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link ArrayListDisjointSetNo} with a reader: while one thread sets the even slots, the other sums
 * the whole list with a for-each loop, which reads every slot, the ones being set among them. The
 * race is the list's contents ({@code ArrayList.<contents>}) at the {@code set} and the loop's
 * {@code iterator()}. The sum depends on the schedule and is not printed.
 */
public final class ArrayListDisjointSetYes {
    public static final String[] RACES = {"ArrayList.<contents>"};

    static volatile long sink;

    public static void main(String[] args) throws Exception {
        List<Integer> slots = new ArrayList<>();
        for (int i = 0; i < 8; i++) slots.add(i);
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 8; i += 2) slots.set(i, i * i);
        });
        Thread reader = new Thread(() -> {
            long sum = 0;
            for (int v : slots) sum += v;
            sink = sum;
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println(slots);
    }
}
