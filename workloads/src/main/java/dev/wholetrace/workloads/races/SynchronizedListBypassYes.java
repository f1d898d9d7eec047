package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The writer adds to a {@code Collections.synchronizedList} and then writes {@code config}; the
 * reader waits until the list is not empty and reads {@code config}. The wrapper's mutex orders the
 * reader after the add, not after the write that follows it. Race on {@code config}.
 */
public final class SynchronizedListBypassYes {
    public static final String[] RACES = {"SynchronizedListBypassYes.config"};

    static int config;

    public static void main(String[] args) throws Exception {
        List<Integer> list = Collections.synchronizedList(new ArrayList<>());
        Thread writer = new Thread(() -> {
            list.add(1);
            config = 5;
        });
        Thread reader = new Thread(() -> {
            while (list.isEmpty()) Thread.onSpinWait();
            int c = config; // 0 or 5
            if (c != 0 && c != 5) throw new AssertionError();
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
