package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The writer puts an object into a {@code ConcurrentHashMap} and writes its {@code late} field
 * afterwards; the reader finds it with the bulk {@code forEach(1, …)} and reads both fields. Only
 * what came before the put is handed over. Race on {@code late}.
 */
public final class ConcurrentHashMapBulkLateWriteYes {
    public static final String[] RACES = {"ConcurrentHashMapBulkLateWriteYes.late"};

    int weight;
    int late;

    static long total;

    public static void main(String[] args) throws Exception {
        ConcurrentHashMap<String, ConcurrentHashMapBulkLateWriteYes> map = new ConcurrentHashMap<>();
        Thread writer = new Thread(() -> {
            ConcurrentHashMapBulkLateWriteYes v = new ConcurrentHashMapBulkLateWriteYes();
            v.weight = 3;
            map.put("a", v);
            v.late = 1; // after the hand-over
        });
        Thread reader = new Thread(() -> {
            while (map.reduceValuesToLong(1, v -> 1L, 0L, Long::sum) < 1) Thread.onSpinWait();
            LongAdder sum = new LongAdder();
            map.forEach(1, (k, v) -> sum.add(v.weight + v.late * 0L)); // races with the late write
            total = sum.sum();
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println(total);
    }
}
