package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Two keys of one {@code ConcurrentHashMap} whose {@code hashCode}s differ (0 and 0x80008000) but which the map's
 * {@code spread} folds onto one hash. Main puts the second key before it starts the threads; the writer writes
 * {@code data}, then puts the first key; the reader gets the second key (always there) and reads {@code data}.
 * Nothing orders the writer's put of one key before the reader's get of the other. (Keyed by the map's spread
 * hash, the agent of session 46 handed the entry of the first key over to the get of the second and hid the
 * race: review of session 46.) The reader sleeps first so that its get comes after the put on most runs, where
 * that hand-over hid the race; a get that comes sooner races the same way. Race on {@code data}.
 */
public final class ConcurrentHashMapFoldedHashYes {
    public static final String[] RACES = {"ConcurrentHashMapFoldedHashYes.data"};
    static final Integer WRITTEN = 0, PRESENT = 0x80008000;

    static int data;

    public static void main(String[] args) throws Exception {
        ConcurrentHashMap<Integer, String> map = new ConcurrentHashMap<>();
        map.put(PRESENT, "present");
        Thread writer = new Thread(() -> {
            data = 1;
            map.put(WRITTEN, "written");
        });
        Thread reader = new Thread(() -> {
            try {
                Thread.sleep(100); // no ordering: only to let the writer finish first on most runs
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            if (map.get(PRESENT) != null && data < 0) throw new AssertionError();
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
