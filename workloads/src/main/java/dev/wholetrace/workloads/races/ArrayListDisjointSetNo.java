package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.List;

/**
 * Two threads fill different slots of one ArrayList that main sized before starting them, each with
 * {@code set(index, e)} and reading its own slots back with {@code get}; main reads the list after
 * joining both. An ArrayList's {@code set} writes only its slot of the array and reads the size, so
 * disjoint slots do not race (Guava's {@code Futures.allAsList} collects its inputs' values so, each
 * on the thread that completes it). Not {@link ArrayListSharedYes}: no thread changes the size.
 */
public final class ArrayListDisjointSetNo {
    public static final String[] RACES = {};

    public static void main(String[] args) throws Exception {
        List<Integer> slots = new ArrayList<>();
        for (int i = 0; i < 8; i++) slots.add(null);
        Thread even = new Thread(() -> fill(slots, 0));
        Thread odd = new Thread(() -> fill(slots, 1));
        even.start();
        odd.start();
        even.join();
        odd.join();
        System.out.println(slots);
    }

    static void fill(List<Integer> slots, int first) {
        for (int i = first; i < 8; i += 2) {
            slots.set(i, i * i);
            if (slots.get(i) != i * i) throw new AssertionError(i);
        }
    }
}
