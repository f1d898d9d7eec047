package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.List;

/**
 * Two threads add to one ArrayList without synchronization: ArrayList is not thread-safe (an add
 * may be lost, or see a half-grown array). The race is inside the JDK's code, so it is reported as a
 * race of the list's contents ({@code ArrayList.<contents>}) at the application's call of {@code add}.
 * The list is created with room for every element, so that the program itself never fails (no
 * resize: a lost add is the only effect), and prints no size (which depends on the schedule).
 */
public final class ArrayListSharedYes {
    public static final String[] RACES = {"ArrayList.<contents>"};

    static List<Integer> list;

    public static void main(String[] args) throws Exception {
        list = new ArrayList<>(64);
        Runnable adder = () -> {
            for (int i = 0; i < 5; i++) list.add(i);
        };
        Thread a = new Thread(adder);
        Thread b = new Thread(adder);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
