package dev.wholetrace.agent.runtime;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.function.Function;

/**
 * A map keyed by object identity that does not keep its keys alive: an entry goes when its key is
 * collected. The runtime's side tables (object ids, a condition's lock, a read/write lock's views)
 * are such maps; equals and hashCode of the program's objects are never called. Thread-safe.
 */
final class WeakIdentityMap<K, V> {
    /**
     * One mapping. It is a weak reference to its key, so a caller may keep an entry (a per-thread
     * cache does) without keeping the key alive: {@code get() == key} tells whether it still maps it.
     */
    static final class Entry<K, V> extends WeakReference<K> {
        final int hash;
        final V value;
        Entry<K, V> next;

        Entry(K key, int hash, V value, Entry<K, V> next, ReferenceQueue<K> q) {
            super(key, q);
            this.hash = hash;
            this.value = value;
            this.next = next;
        }
    }

    private final ReferenceQueue<K> dead = new ReferenceQueue<>();
    @SuppressWarnings("unchecked")
    private Entry<K, V>[] table = new Entry[1 << 6];
    private int size;
    /** Entries ever added: tells {@link #entry} whether its {@code compute} added any. */
    private int additions;

    /** The value of {@code key}, or null. */
    synchronized V get(Object key) {
        Entry<K, V> e = find(key);
        return e == null ? null : e.value;
    }

    /** The value of {@code key}, computing and adding it first if there is none. */
    V computeIfAbsent(K key, Function<? super K, ? extends V> compute) {
        return entry(key, compute).value;
    }

    /**
     * The entry of {@code key}, computing and adding it first if there is none. {@code compute} may
     * itself add to this map (the lock is re-entrant): the bucket is chosen after it, in the table
     * as it then is, and a {@code key} it added is the entry returned.
     */
    synchronized Entry<K, V> entry(K key, Function<? super K, ? extends V> compute) {
        Entry<K, V> e = find(key);
        if (e != null) return e;
        int before = additions;
        V value = compute.apply(key);
        if (additions != before && (e = find(key)) != null) return e;
        int h = System.identityHashCode(key);
        int i = h & (table.length - 1);
        table[i] = e = new Entry<>(key, h, value, table[i], dead);
        added();
        return e;
    }

    /** Counts an entry just linked in, growing the table when it is fuller than one entry per bucket. */
    private void added() {
        additions++;
        if (++size > table.length) grow();
    }

    private Entry<K, V> find(Object key) {
        expunge();
        int h = System.identityHashCode(key);
        for (Entry<K, V> e = table[h & (table.length - 1)]; e != null; e = e.next) {
            if (e.hash == h && e.get() == key) return e;
        }
        return null;
    }

    /** Maps {@code key} to {@code value}, replacing its value if it had one. */
    synchronized void put(K key, V value) {
        expunge();
        int h = System.identityHashCode(key);
        int i = h & (table.length - 1);
        for (Entry<K, V> e = table[i], prev = null; e != null; prev = e, e = e.next) {
            if (e.hash == h && e.get() == key) { // the value is final: the entry is replaced
                if (prev == null) table[i] = e.next;
                else prev.next = e.next;
                e.clear(); // not to be expunged again
                size--;
                break;
            }
        }
        table[i] = new Entry<>(key, h, value, table[i], dead);
        added();
    }

    private void expunge() {
        for (Reference<? extends K> r; (r = dead.poll()) != null; ) {
            @SuppressWarnings("unchecked")
            Entry<K, V> gone = (Entry<K, V>) r;
            int i = gone.hash & (table.length - 1);
            for (Entry<K, V> e = table[i], prev = null; e != null; prev = e, e = e.next) {
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
        Entry<K, V>[] old = table;
        @SuppressWarnings("unchecked")
        Entry<K, V>[] bigger = new Entry[old.length * 2];
        table = bigger;
        for (Entry<K, V> head : old) {
            for (Entry<K, V> e = head; e != null; ) {
                Entry<K, V> next = e.next;
                int i = e.hash & (table.length - 1);
                e.next = table[i];
                table[i] = e;
                e = next;
            }
        }
    }
}
