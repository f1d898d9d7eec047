package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The writer puts an object into a {@code ConcurrentSkipListMap} and writes its {@code late} field
 * afterwards; the reader finds it with {@code firstEntry()} and reads both fields. Only what came
 * before the put is handed over. Race on {@code late}.
 */
public final class SkipListNavigationLateWriteYes {
    public static final String[] RACES = {"SkipListNavigationLateWriteYes.late"};

    int weight;
    int late;

    static int seen;

    public static void main(String[] args) throws Exception {
        ConcurrentSkipListMap<String, SkipListNavigationLateWriteYes> map = new ConcurrentSkipListMap<>();
        Thread writer = new Thread(() -> {
            SkipListNavigationLateWriteYes v = new SkipListNavigationLateWriteYes();
            v.weight = 5;
            map.put("k", v);
            v.late = 1; // after the hand-over
        });
        Thread reader = new Thread(() -> {
            while (map.firstEntry() == null) Thread.onSpinWait();
            SkipListNavigationLateWriteYes v = map.firstEntry().getValue();
            seen = v.weight + v.late * 0; // races with the late write
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println(seen);
    }
}
