package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Two threads share a {@code Collections.synchronizedList} and a {@code synchronizedMap}: the writer
 * sets {@code config} and then adds to the list; the reader waits until the list is not empty (its
 * {@code isEmpty} takes the wrapper's mutex after the writer's {@code add} let it go), then reads
 * {@code config}, and iterates the list inside {@code synchronized (list)}, as its javadoc says.
 * The map is used the same way. No race.
 */
public final class SynchronizedListNo {
    public static final String[] RACES = {};

    static int config;
    static int mapped;

    public static void main(String[] args) throws Exception {
        List<Integer> list = Collections.synchronizedList(new ArrayList<>());
        Map<String, Integer> map = Collections.synchronizedMap(new HashMap<>());
        Thread writer = new Thread(() -> {
            config = 5;
            list.add(1);
            mapped = 3;
            map.put("k", 2);
        });
        Thread reader = new Thread(() -> {
            while (list.isEmpty()) Thread.onSpinWait();
            int sum = config;
            synchronized (list) {
                for (int v : list) sum += v;
            }
            while (map.get("k") == null) Thread.onSpinWait();
            sum += mapped;
            if (sum != 9) throw new AssertionError(sum);
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
