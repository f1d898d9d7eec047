package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Two writers publish filled objects in a {@code ConcurrentHashMap}; the reader finds them only
 * through the map's bulk operations with a parallelism threshold of 1 (their actions run on the
 * common pool): {@code reduceValuesToLong} until both are there, then {@code forEach}, {@code
 * search}, {@code containsValue} and {@code getOrDefault}, reading their fields. No race.
 */
public final class ConcurrentHashMapBulkNo {
    public static final String[] RACES = {};

    int weight;

    static long total;

    public static void main(String[] args) throws Exception {
        ConcurrentHashMap<String, ConcurrentHashMapBulkNo> map = new ConcurrentHashMap<>();
        Thread w1 = new Thread(() -> {
            ConcurrentHashMapBulkNo v = new ConcurrentHashMapBulkNo();
            v.weight = 3;
            map.put("a", v);
        });
        Thread w2 = new Thread(() -> {
            ConcurrentHashMapBulkNo v = new ConcurrentHashMapBulkNo();
            v.weight = 4;
            map.put("b", v);
        });
        Thread reader = new Thread(() -> {
            while (map.reduceValuesToLong(1, v -> 1L, 0L, Long::sum) < 2) Thread.onSpinWait();
            LongAdder sum = new LongAdder();
            map.forEach(1, (k, v) -> sum.add(v.weight));
            ConcurrentHashMapBulkNo b = map.search(1, (k, v) -> k.equals("b") ? v : null);
            long s = sum.sum() + b.weight;
            if (map.containsValue(b)) s += map.getOrDefault("a", b).weight;
            total = s;
        });
        w1.start();
        w2.start();
        reader.start();
        w1.join();
        w2.join();
        reader.join();
        System.out.println(total);
    }
}
