package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Keys of the program's own class, with a plain field its {@code equals} reads and hash codes that
 * collide (Jackson's type cache, session 45: {@code TypeBindings$AsKey.equals} read a cached key's
 * array inside {@code ConcurrentHashMap.get}). The writer puts key "b", then key "a" (same hash: one
 * bin); the reader looks "a" up with a key of its own until it is found. Every lookup that meets a
 * cached key calls {@code equals} on it, reading the field the writer's constructor wrote; the map
 * read the node through its volatile table, which orders the put before it (ConcurrentMap's memory
 * consistency: placing an object as a key happens before the actions after its access), whether
 * {@code equals} then says yes ("a") or no ("b"). No race.
 */
public final class ConcurrentHashMapKeyEqualsNo {
    public static final String[] RACES = {};

    static final class Key {
        final char[] name; // an array, written by the constructor as TypeBindings.create writes its own

        Key(String name) {
            this.name = new char[name.length()];
            for (int i = 0; i < name.length(); i++) this.name[i] = name.charAt(i);
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Key k) || k.name.length != name.length) return false;
            for (int i = 0; i < name.length; i++) {
                if (k.name[i] != name[i]) return false;
            }
            return true;
        }

        @Override
        public int hashCode() {
            return name.length; // "a" and "b" collide
        }
    }

    static int found;

    public static void main(String[] args) throws Exception {
        ConcurrentHashMap<Key, Integer> map = new ConcurrentHashMap<>();
        Thread writer = new Thread(() -> {
            map.put(new Key("b"), 2);
            map.put(new Key("a"), 1);
        });
        Thread reader = new Thread(() -> {
            Key probe = new Key("a");
            Integer v;
            while ((v = map.get(probe)) == null) Thread.onSpinWait();
            found = v;
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println(found);
    }
}
