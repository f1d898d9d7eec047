package dev.wholetrace.agent.runtime;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/**
 * Unique ids for objects, without identityHashCode collisions: a weak identity map from object to
 * a counter value (dead objects' entries are expunged; their ids are never reused). This is the
 * slow path of object identity; the hot paths will use injected id fields and inline caches.
 */
final class ObjectIds {
    private static final class Entry extends WeakReference<Object> {
        final int hash;
        final long id;
        Entry next;

        Entry(Object o, int hash, long id, Entry next, ReferenceQueue<Object> q) {
            super(o, q);
            this.hash = hash;
            this.id = id;
            this.next = next;
        }
    }

    private final ReferenceQueue<Object> dead = new ReferenceQueue<>();
    private Entry[] table = new Entry[1 << 10];
    private int size;
    private long nextId = 1;

    synchronized long of(Object o) {
        expunge();
        int h = System.identityHashCode(o);
        int i = h & (table.length - 1);
        for (Entry e = table[i]; e != null; e = e.next) {
            if (e.hash == h && e.get() == o) return e.id;
        }
        long id = nextId++;
        table[i] = new Entry(o, h, id, table[i], dead);
        if (++size > table.length) grow();
        return id;
    }

    private void expunge() {
        for (Reference<?> r; (r = dead.poll()) != null; ) {
            Entry gone = (Entry) r;
            int i = gone.hash & (table.length - 1);
            for (Entry e = table[i], prev = null; e != null; prev = e, e = e.next) {
                if (e == gone) {
                    if (prev == null) table[i] = e.next;
                    else prev.next = e.next;
                    size--;
                    break;
                }
            }
        }
    }

    private void grow() {
        Entry[] old = table;
        table = new Entry[old.length * 2];
        for (Entry head : old) {
            for (Entry e = head; e != null; ) {
                Entry next = e.next;
                int i = e.hash & (table.length - 1);
                e.next = table[i];
                table[i] = e;
                e = next;
            }
        }
    }
}
