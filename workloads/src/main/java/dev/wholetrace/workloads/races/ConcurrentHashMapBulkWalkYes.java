package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@link ConcurrentHashMapBulkWalkNo}'s sequential {@code forEach} and parallel {@code forEachValue}, each
 * with a key put during the walk, whose writer then writes the object's {@code late} field: the walk's
 * action reads both fields of what it is handed. Only what came before the put is handed over (the walk
 * waits in its action until the map counts the key, which orders nothing the agent records; the late
 * write may come before or after the read). Race on {@code late}.
 */
public final class ConcurrentHashMapBulkWalkYes {
    public static final String[] RACES = {"ConcurrentHashMapBulkWalkYes.late"};

    final String name;
    int weight;
    int late;

    ConcurrentHashMapBulkWalkYes(String name, int weight) {
        this.name = name;
        this.weight = weight;
    }

    static long total;

    public static void main(String[] args) throws Exception {
        // bins of the 16-bin table: "a" 1, "b" 2 (the walk meets "a" first); "i" 9, "j" 10 (the forked walk of bins 8-15)
        ConcurrentHashMap<String, ConcurrentHashMapBulkWalkYes> each = new ConcurrentHashMap<>();
        ConcurrentHashMap<String, ConcurrentHashMapBulkWalkYes> parallel = new ConcurrentHashMap<>();
        each.put("a", new ConcurrentHashMapBulkWalkYes("a", 1));
        parallel.put("a", new ConcurrentHashMapBulkWalkYes("a", 1));
        parallel.put("i", new ConcurrentHashMapBulkWalkYes("i", 1));
        CountDownLatch[] walking = {new CountDownLatch(1), new CountDownLatch(1)};
        Thread writer = new Thread(() -> {
            try {
                walking[0].await();
                ConcurrentHashMapBulkWalkYes b = new ConcurrentHashMapBulkWalkYes("b", 2);
                each.put("b", b);
                b.late = 1; // after the hand-over
                walking[1].await();
                ConcurrentHashMapBulkWalkYes j = new ConcurrentHashMapBulkWalkYes("j", 4);
                parallel.put("j", j);
                j.late = 1; // after the hand-over
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        Thread reader = new Thread(() -> {
            LongAdder sum = new LongAdder();
            each.forEach(Long.MAX_VALUE, (k, v) -> {
                if (k.equals("a")) ConcurrentHashMapBulkWalkNo.pause(walking[0], each, 2);
                sum.add(v.weight + v.late * 0L); // races with the late write
            });
            parallel.forEachValue(1, v -> {
                if (v.name.equals("i")) ConcurrentHashMapBulkWalkNo.pause(walking[1], parallel, 3);
                sum.add(v.weight + v.late * 0L);
            });
            total = sum.sum();
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println(total);
    }
}
