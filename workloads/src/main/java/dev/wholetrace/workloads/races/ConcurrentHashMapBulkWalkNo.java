package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;

/**
 * A writer puts a filled object into a {@code ConcurrentHashMap} while the reader's bulk operation walks
 * that map, which then hands the new entry to its action: the walk is paused in the action on a key present
 * from the start (the writer waits for that), until the map counts the writer's key ({@code mappingCount},
 * which the agent does not record: it only makes the put land during the walk on every run; the
 * hand-over is the walk's own read of the node). Three walks, each on a map of its own: a sequential
 * {@code forEach(Long.MAX_VALUE, …)} with string keys, a sequential {@code search} with keys of this
 * program's class (the map's spread hash), and a parallel {@code forEachValue(1, …)} whose forked task
 * (on the common pool) meets both keys. Until session 47 the agent acquired only the keys present at the
 * operation's entry: a false race on {@code weight} (docs/agent.md, "Approximations"). No race.
 */
public final class ConcurrentHashMapBulkWalkNo {
    public static final String[] RACES = {};

    final String name;
    int weight;

    ConcurrentHashMapBulkWalkNo(String name) {
        this.name = name;
    }

    /** A key of the program's class: the map's hooks take the hash it spread, never this hashCode again. */
    static final class Key {
        final int id;

        Key(int id) {
            this.id = id;
        }

        int id() {
            return id;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.id == id;
        }

        @Override
        public int hashCode() {
            return id;
        }
    }

    static long total;

    public static void main(String[] args) throws Exception {
        // "a" and "b" (hashes 97, 98) sit in bins 1 and 2 of the 16-bin table, Key(1) and Key(2) too: the walk meets the
        // present key first. "a", "i" and "j" (bins 1, 9, 10): a threshold of 1 over two keys forks the walk of bins 8-15.
        ConcurrentHashMap<String, ConcurrentHashMapBulkWalkNo> each = new ConcurrentHashMap<>();
        ConcurrentHashMap<Key, ConcurrentHashMapBulkWalkNo> searched = new ConcurrentHashMap<>();
        ConcurrentHashMap<String, ConcurrentHashMapBulkWalkNo> parallel = new ConcurrentHashMap<>();
        each.put("a", filled("a", 1));
        searched.put(new Key(1), filled("1", 1));
        parallel.put("a", filled("a", 1));
        parallel.put("i", filled("i", 1));
        CountDownLatch[] walking = {new CountDownLatch(1), new CountDownLatch(1), new CountDownLatch(1)};
        Thread writer = new Thread(() -> {
            try {
                walking[0].await();
                each.put("b", filled("b", 2));
                walking[1].await();
                searched.put(new Key(2), filled("2", 3));
                walking[2].await();
                parallel.put("j", filled("j", 4));
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        Thread reader = new Thread(() -> {
            LongAdder sum = new LongAdder();
            each.forEach(Long.MAX_VALUE, (k, v) -> {
                if (k.equals("a")) pause(walking[0], each, 2);
                sum.add(v.weight);
            });
            ConcurrentHashMapBulkWalkNo found = searched.search(Long.MAX_VALUE, (k, v) -> {
                if (k.id() == 1) pause(walking[1], searched, 2);
                return k.id() == 2 ? v : null;
            });
            sum.add(found.weight);
            parallel.forEachValue(1, v -> {
                if (v.name.equals("i")) pause(walking[2], parallel, 3);
                sum.add(v.weight);
            });
            total = sum.sum();
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println(total);
    }

    static ConcurrentHashMapBulkWalkNo filled(String name, int weight) {
        ConcurrentHashMapBulkWalkNo v = new ConcurrentHashMapBulkWalkNo(name);
        v.weight = weight;
        return v;
    }

    /** Lets the writer put, and waits in the action until the map holds {@code size} keys. */
    static void pause(CountDownLatch walking, ConcurrentHashMap<?, ?> map, long size) {
        walking.countDown();
        while (map.mappingCount() < size) Thread.onSpinWait();
    }
}
