package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link ArrayListSharedYes} written with a method reference: each thread copies five values into
 * one shared ArrayList with {@code values.forEach(shared::add)}, so the JDK's {@code forEach} calls
 * {@code add} through the reference. Race on the list's contents ({@code ArrayList.<contents>}), at
 * the reference. Room for every element: the program itself never fails.
 */
public final class ArrayListMethodRefYes {
    public static final String[] RACES = {"ArrayList.<contents>"};

    static List<Integer> shared;

    public static void main(String[] args) throws Exception {
        shared = new ArrayList<>(64);
        List<Integer> values = List.of(1, 2, 3, 4, 5);
        Runnable copy = () -> values.forEach(shared::add);
        Thread a = new Thread(copy);
        Thread b = new Thread(copy);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
