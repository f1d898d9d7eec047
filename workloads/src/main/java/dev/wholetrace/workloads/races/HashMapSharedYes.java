package dev.wholetrace.workloads.races;

import java.util.HashMap;
import java.util.Map;

/**
 * Two threads put distinct keys into one HashMap without synchronization: HashMap is not
 * thread-safe (a put may be lost). Reported as a race of the map's contents ({@code
 * HashMap.<contents>}) at the application's call of {@code put}. The map is created large enough
 * and its table allocated (a first put) before the threads start, so it never resizes while they
 * run and the program itself cannot fail.
 */
public final class HashMapSharedYes {
    public static final String[] RACES = {"HashMap.<contents>"};

    static Map<Integer, Integer> map;

    static void putRange(int from) {
        for (int i = from; i < from + 5; i++) map.put(i, i);
    }

    public static void main(String[] args) throws Exception {
        map = new HashMap<>(64);
        map.put(-1, -1);
        Thread a = new Thread(() -> putRange(0));
        Thread b = new Thread(() -> putRange(100));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
