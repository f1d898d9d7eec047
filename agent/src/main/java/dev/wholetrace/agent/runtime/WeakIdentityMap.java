package dev.wholetrace.agent.runtime;

import java.lang.ref.WeakReference;
import java.util.function.Function;

/**
 * A map keyed by object identity that does not keep its keys alive: an entry stops matching when
 * its key is collected, and goes at the next rebuild. The runtime's side tables (a condition's
 * lock, a read/write lock's views, a submitted future's task) are such maps; equals and hashCode of
 * the program's objects are never called. Thread-safe (every method holds the map's monitor).
 *
 * <p>Open addressing (linear probing) over two arrays, as {@link ObjectIds}: the slots' entries and
 * their <em>tags</em> (the identity hash with its top bit set, 0 for an empty slot), so that a probe
 * reads an entry, an object somewhere in the heap, only where the tag is the key's. Before
 * (session 43) it was a chained table whose entries were registered with a reference queue: a
 * lookup that found nothing (a {@code CompletableFuture.join} on a stage no submit returned, every
 * order of issue 15's Shop) walked a chain of scattered entries, and the collector enqueued every
 * dead entry for a purge at the next call; the two were a quarter of Shop's main thread's samples
 * (docs/results/overhead-profile.md, "Session 43"). Dead entries now stay in their slots until the
 * used slots reach half the table, when the live ones are copied into a table sized for them (at
 * most a quarter full): a dead key's value is kept until then, at most as many as the table has
 * slots.
 */
final class WeakIdentityMap<K, V> {
    /** One mapping: a weak reference to its key, {@code refersTo(key)} tells whether it still maps it. */
    static final class Entry<K, V> extends WeakReference<K> {
        final V value;

        Entry(K key, V value) {
            super(key);
            this.value = value;
        }
    }

    /** Slots of the first table; a power of two. */
    private static final int INITIAL = 1 << 6;

    @SuppressWarnings("unchecked")
    private Entry<K, V>[] slots = new Entry[INITIAL];
    /** Each slot's tag ({@link #tag}), 0 while empty. */
    private int[] tags = new int[INITIAL];
    /** Slots holding an entry, dead ones included. */
    private int used;

    /** The value of {@code key}, or null. */
    synchronized V get(Object key) {
        int i = slot(key, tag(System.identityHashCode(key)));
        return slots[i] == null ? null : slots[i].value;
    }

    /** The value of {@code key}, computing and adding it first if there is none. */
    synchronized V computeIfAbsent(K key, Function<? super K, ? extends V> compute) {
        int tag = tag(System.identityHashCode(key));
        int i = slot(key, tag);
        if (slots[i] != null) return slots[i].value;
        V value = compute.apply(key);
        add(slot(key, tag), tag, new Entry<>(key, value)); // found again: compute may have used the map
        return value;
    }

    /** Maps {@code key} to {@code value}, replacing its value if it had one. */
    synchronized void put(K key, V value) {
        int tag = tag(System.identityHashCode(key));
        int i = slot(key, tag);
        if (slots[i] != null) slots[i] = new Entry<>(key, value); // the value is final: the entry is replaced
        else add(i, tag, new Entry<>(key, value));
    }

    /** {@code key}'s slot: the one whose entry refers to it, else the empty one where it would go. */
    @SuppressWarnings("unchecked") // refersTo compares identity: any object may be passed as a K
    private int slot(Object key, int tag) {
        int mask = tags.length - 1;
        for (int i = home(tag) & mask; ; i = i + 1 & mask) {
            int t = tags[i];
            if (t == 0 || t == tag && slots[i].refersTo((K) key)) return i; // refersTo, not get(): see ObjectIds
        }
    }

    /** Fills empty slot {@code i}; rebuilds once half the slots are used. */
    private void add(int i, int tag, Entry<K, V> e) {
        slots[i] = e;
        tags[i] = tag;
        if (++used > tags.length / 2) rebuild();
    }

    /** Copies the live entries into a table at most a quarter full; the dead ones go. */
    private void rebuild() {
        Entry<K, V>[] old = slots;
        int[] oldTags = tags;
        int live = 0;
        for (int i = 0; i < old.length; i++) { // each entry read once (a cache miss each); the dead ones dropped here
            if (old[i] == null) continue;
            if (old[i].refersTo(null)) old[i] = null;
            else live++;
        }
        int length = INITIAL;
        while (length < 4L * live && length < 1 << 30) length <<= 1;
        @SuppressWarnings("unchecked")
        Entry<K, V>[] copy = new Entry[length];
        int[] copyTags = new int[length];
        int mask = length - 1;
        for (int i = 0; i < old.length; i++) {
            Entry<K, V> e = old[i];
            if (e == null) continue;
            int j = home(oldTags[i]) & mask;
            while (copy[j] != null) j = j + 1 & mask;
            copy[j] = e;
            copyTags[j] = oldTags[i];
        }
        slots = copy;
        tags = copyTags;
        used = live;
    }

    /** A slot's tag for identity hash {@code h}: never 0 (empty). */
    private static int tag(int h) {
        return h | Integer.MIN_VALUE;
    }

    /** A tag's first slot (masked): identity hashes are well spread already; fold the high bits in for small tables. */
    private static int home(int tag) {
        return tag ^ tag >>> 16;
    }
}
