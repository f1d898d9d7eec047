package dev.wholetrace.workloads.races;

import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * Writers publish filled objects in a {@code ConcurrentSkipListMap} and their names in a {@code
 * ConcurrentSkipListSet}; the reader finds them only by navigating: {@code lastKey}, {@code
 * ceilingEntry}, {@code firstEntry} of a {@code headMap} view, an iteration of a {@code tailMap}
 * view, the set's {@code first()}, and finally {@code pollFirstEntry}. No race.
 */
public final class SkipListNavigationNo {
    public static final String[] RACES = {};

    int weight;

    static long total;

    public static void main(String[] args) throws Exception {
        ConcurrentSkipListMap<Integer, SkipListNavigationNo> map = new ConcurrentSkipListMap<>();
        ConcurrentSkipListSet<String> names = new ConcurrentSkipListSet<>();
        Thread w1 = new Thread(() -> {
            SkipListNavigationNo v = new SkipListNavigationNo();
            v.weight = 10;
            map.put(10, v);
            names.add("w1");
        });
        Thread w2 = new Thread(() -> {
            SkipListNavigationNo v = new SkipListNavigationNo();
            v.weight = 20;
            map.put(20, v);
        });
        Thread reader = new Thread(() -> {
            while (map.isEmpty() || map.lastKey() != 20 || names.isEmpty()) Thread.onSpinWait();
            long s = map.ceilingEntry(15).getValue().weight; // 20
            s += map.headMap(15).firstEntry().getValue().weight; // 10
            for (Map.Entry<Integer, SkipListNavigationNo> e : map.tailMap(5).entrySet()) s += e.getValue().weight; // 30
            s += names.first().length(); // 2
            s += map.pollFirstEntry().getValue().weight; // 10
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
