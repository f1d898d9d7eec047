package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The twin of {@link ConcurrentHashMapKeyEqualsNo}: its colliding keys, whose {@code equals}
 * the map calls on the cached keys (ordered), and a field {@code late} the writer writes after its
 * last put and the reader reads after its lookup found the key. Nothing orders the write after the
 * put with the read. Race on {@code late} only.
 */
public final class ConcurrentHashMapKeyEqualsYes {
    public static final String[] RACES = {"ConcurrentHashMapKeyEqualsYes.late"};

    static int late;

    public static void main(String[] args) throws Exception {
        ConcurrentHashMap<ConcurrentHashMapKeyEqualsNo.Key, Integer> map = new ConcurrentHashMap<>();
        Thread writer = new Thread(() -> {
            map.put(new ConcurrentHashMapKeyEqualsNo.Key("b"), 2);
            map.put(new ConcurrentHashMapKeyEqualsNo.Key("a"), 1);
            late = 1;
        });
        Thread reader = new Thread(() -> {
            ConcurrentHashMapKeyEqualsNo.Key probe = new ConcurrentHashMapKeyEqualsNo.Key("a");
            while (map.get(probe) == null) Thread.onSpinWait();
            int s = late; // 0 or 1
            if (s != 0 && s != 1) throw new AssertionError();
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
