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

    /** Counters per bucket: a key's counter is one of {@link #COUNTERS} per bucket, chosen by more bits of its hash. */
    private static final int COUNTERS = 8;
    /** A counter that reached this stays (a filter may say yes wrongly, never no wrongly) until the next grow counts again. */
    private static final byte SATURATED = Byte.MAX_VALUE;

    private final ReferenceQueue<K> dead = new ReferenceQueue<>();
    @SuppressWarnings("unchecked")
    private Entry<K, V>[] table = new Entry[1 << 6];
    private int size;
    /**
     * A counting filter of the keys by identity hash: how many entries (live, or dead and not yet
     * expunged) have a hash that picks each counter. Written under the lock, read without it by
     * {@link #get}: a put happens before a get that must find it (the key reached the getter through
     * the program's own synchronization, or the getter is the putter), so the getter sees the count;
     * a replaced array is published by this volatile field after it was counted.
     */
    private volatile byte[] counts = new byte[COUNTERS << 6];
    /** Entries ever added: tells {@link #entry} whether its {@code compute} added any. */
    private int additions;

    /**
     * The value of {@code key}, or null. A key whose counter is 0 has no entry, and is answered
     * without the lock: the call-site stage model asks for every joined future, most of which no
     * stage call returned (SyncStages.completed; docs/results/overhead-profile.md, "Session 44").
     */
    V get(Object key) {
        byte[] c = counts;
        if (c[System.identityHashCode(key) & c.length - 1] == 0) return null;
        return getLocked(key);
    }

    private synchronized V getLocked(Object key) {
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
        count(h, 1);
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
                count(h, -1);
                break;
            }
        }
        table[i] = new Entry<>(key, h, value, table[i], dead);
        count(h, 1);
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
                    count(gone.hash, -1);
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
        byte[] c = new byte[bigger.length * COUNTERS];
        for (Entry<K, V> head : old) {
            for (Entry<K, V> e = head; e != null; ) {
                Entry<K, V> next = e.next;
                int i = e.hash & (table.length - 1);
                e.next = table[i];
                table[i] = e;
                int j = e.hash & c.length - 1;
                if (c[j] != SATURATED) c[j]++;
                e = next;
            }
        }
        counts = c;
    }

    /** Adds {@code by} to the counter of hash {@code h}, unless it is saturated. Under the lock. */
    private void count(int h, int by) {
        byte[] c = counts;
        int j = h & c.length - 1;
        if (c[j] != SATURATED) c[j] += by;
    }
}
