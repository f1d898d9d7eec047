package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The writer writes {@code shared} and publishes key "a" in a {@code ConcurrentSkipListMap}; a
 * helper publishes key "b"; the reader waits for "b" only, then reads {@code shared}. A map orders
 * an update of a key only with the reads of that key: the hand-over the reader needs (through "a")
 * never happens. Race on {@code shared}.
 */
public final class SkipListMapOtherKeyYes {
    public static final String[] RACES = {"SkipListMapOtherKeyYes.shared"};

    static int shared;

    public static void main(String[] args) throws Exception {
        ConcurrentSkipListMap<String, Integer> map = new ConcurrentSkipListMap<>();
        Thread writer = new Thread(() -> {
            shared = 1;
            map.put("a", 1);
        });
        Thread helper = new Thread(() -> map.put("b", 2));
        Thread reader = new Thread(() -> {
            while (!map.containsKey("b")) Thread.onSpinWait();
            int s = shared; // 0 or 1
            if (s != 0 && s != 1) throw new AssertionError();
        });
        writer.start();
        helper.start();
        reader.start();
        writer.join();
        helper.join();
        reader.join();
        System.out.println("done");
    }
}
