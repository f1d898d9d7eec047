package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Keys of this class, one of whose owner writes a field its {@code equals} reads after the key went into a
 * {@code ConcurrentHashMap}, then puts the same key again (a new value for the same node). The
 * reader, later, looks the key up with a key of its own: the map's {@code get} reads the node
 * through the table, which the first put wrote, and calls {@code equals} on the cached key before
 * it reads the value the second put wrote. Only the first put orders anything before that
 * {@code equals}: the write after it races with the read. (An acquire before {@code equals} on the
 * key's entry, which every put of the key releases, hid it: review of session 45.) The reader
 * sleeps first so that its lookups come after the second put on most runs, where that acquire
 * hid the race; a lookup that comes sooner races the same way. Race on {@code seen}.
 */
public final class ConcurrentHashMapKeyMutatedYes {
    public static final String[] RACES = {"ConcurrentHashMapKeyMutatedYes.seen"};

    final int id;
    int seen; // written by the owner after the first put; equals reads it

    ConcurrentHashMapKeyMutatedYes(int id) {
        this.id = id;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ConcurrentHashMapKeyMutatedYes k && k.id == id && k.seen >= 0;
    }

    @Override
    public int hashCode() {
        return id;
    }

    public static void main(String[] args) throws Exception {
        ConcurrentHashMap<ConcurrentHashMapKeyMutatedYes, Integer> map = new ConcurrentHashMap<>();
        Thread writer = new Thread(() -> {
            ConcurrentHashMapKeyMutatedYes k = new ConcurrentHashMapKeyMutatedYes(1);
            map.put(k, 1);
            k.seen = 1;
            map.put(k, 2);
        });
        Thread reader = new Thread(() -> {
            try {
                Thread.sleep(200); // no ordering: only to let the writer finish first on most runs
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            ConcurrentHashMapKeyMutatedYes probe = new ConcurrentHashMapKeyMutatedYes(1);
            while (map.get(probe) == null) Thread.onSpinWait();
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
