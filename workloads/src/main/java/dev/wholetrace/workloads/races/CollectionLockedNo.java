package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@link ArrayListSharedYes} and {@link HashMapSharedYes} done right: both threads add to the list and
 * put into the map while holding one ReentrantLock, and main reads both after joining them. No race.
 */
public final class CollectionLockedNo {
    public static final String[] RACES = {};

    static final ReentrantLock LOCK = new ReentrantLock();
    static List<Integer> list;
    static Map<Integer, Integer> map;

    static void add(int from) {
        for (int i = from; i < from + 5; i++) {
            LOCK.lock();
            try {
                list.add(i);
                map.put(i, list.size());
            } finally {
                LOCK.unlock();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        list = new ArrayList<>();
        map = new HashMap<>();
        Thread a = new Thread(() -> add(0));
        Thread b = new Thread(() -> add(100));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("size=" + list.size() + " keys=" + map.size());
    }
}
