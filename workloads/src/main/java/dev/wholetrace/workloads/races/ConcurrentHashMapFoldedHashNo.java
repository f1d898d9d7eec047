package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link ConcurrentHashMapFoldedHashYes}'s keys, 0 and 0x80008000 (one hash once the map spreads them), the other
 * way round: the writer writes {@code data}, then puts the key 0x80008000 while the key 0 is in the map; the reader
 * spins until its get of 0x80008000 finds it, then reads {@code data}: ordered by that key's entry, whichever of the
 * two hashes the hooks address it by. No race.
 */
public final class ConcurrentHashMapFoldedHashNo {
    public static final String[] RACES = {};
    static final Integer PRESENT = 0, WRITTEN = 0x80008000;

    static int data;

    public static void main(String[] args) throws Exception {
        ConcurrentHashMap<Integer, String> map = new ConcurrentHashMap<>();
        map.put(PRESENT, "present");
        Thread writer = new Thread(() -> {
            data = 1;
            map.put(WRITTEN, "written");
        });
        Thread reader = new Thread(() -> {
            while (map.get(WRITTEN) == null) Thread.onSpinWait();
            if (data != 1) throw new AssertionError();
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
