package dev.wholetrace.agent.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Unique ids for objects, without identityHashCode collisions: a weak identity table from object
 * to a counter value (a dead object's entry goes; its id is never reused). This is the slow path
 * of object identity: HeapProbes keeps a small per-thread cache of this table's entries in front
 * of it.
 *
 * <p>Lookups and insertions take no lock. The table is open addressing (linear probing) over an
 * array of {@link Entry}s, and a slot only ever goes from empty to an entry (a compare-and-set) or,
 * while the table is rebuilt, to {@link #MOVED}: so two threads that meet the same new object at
 * once race for the same first empty slot of its probe sequence and the loser finds the winner's
 * entry there. Before (session 30) the map was 64 stripes each behind a lock, and a program that
 * hands a new object to a hooked JDK method at every step (the Guava driver's boxed values through
 * {@code ConcurrentHashMap.merge}) took a stripe's lock at every step
 * (docs/results/overhead-profile.md, "Session 31").
 *
 * <p>Dead entries stay in their slots (they are skipped: an entry whose referent is gone matches
 * no object) until the table is rebuilt, which happens when the slots used since the last rebuild
 * reach half the table: the live entries are copied into a table sized for them (at most a
 * quarter full), the dead ones dropped. The rebuild holds this object's monitor; a thread that
 * meets a {@link #MOVED} slot waits for it and retries in the new table, so no object can be
 * entered twice (once in each table). Rebuilds are rare (the table at least doubles its free
 * room each time) and their cost is linear in the table.
 *
 * <p>The ids come from one atomic counter; a thread that loses a race for a slot has taken an id
 * that no object gets (ids are unique, not dense). The counter also counts the slots used:
 * every entry written took one id, so ids taken since a rebuild bound the slots filled since.
 */
final class ObjectIds {
    /** One mapping: a weak reference to its object (so a cache may keep it), with the object's id. */
    static final class Entry extends WeakReference<Object> {
        final int hash;
        final long id;

        Entry(Object object, int hash, long id) {
            super(object);
            this.hash = hash;
            this.id = id;
        }
    }

    /** Marks a slot of a table being rebuilt: look in the next table. */
    private static final Entry MOVED = new Entry(null, 0, 0);
    /** Slots of the first table; a power of two. */
    private static final int INITIAL = 1 << 12;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Entry[].class);

    private final AtomicLong nextId = new AtomicLong(1);
    /** The current table; replaced only once every live entry of the old one is in it. */
    private volatile Table table = new Table(INITIAL, 1);

    /** A table and the first id taken after it was made (ids taken since bound its used slots). */
    private static final class Table {
        final Entry[] slots;
        final long firstId;
        /** Used slots (entries written since {@link #firstId}, plus those copied in) at which to rebuild. */
        final long rebuildAt;

        Table(int length, long firstId) {
            this(new Entry[length], firstId, length / 2);
        }

        Table(Entry[] slots, long firstId, long rebuildAt) {
            this.slots = slots;
            this.firstId = firstId;
            this.rebuildAt = rebuildAt;
        }
    }

    long of(Object o) {
        return entry(o).id;
    }

    /** {@code o}'s entry: its id, and a weak reference to it that a cache may keep. */
    Entry entry(Object o) {
        int h = System.identityHashCode(o);
        for (;;) {
            Table t = table;
            Entry e = find(t, o, h);
            if (e != null) return e;
            // o is in no slot of t up to an empty one, or t is being rebuilt: wait for the rebuild
            synchronized (this) {} // the rebuilder holds the monitor until the new table is published
        }
    }

    /** {@code o}'s entry in {@code t}, entered in its first empty slot if absent; null if a slot was {@link #MOVED}. */
    private Entry find(Table t, Object o, int h) {
        Entry[] slots = t.slots;
        int mask = slots.length - 1;
        for (int i = spread(h) & mask; ; i = i + 1 & mask) {
            Entry e = slots[i];
            VarHandle.acquireFence(); // getAcquire's ordering without the VarHandle (see SlotTable.get)
            if (e == null) {
                long id = nextId.getAndIncrement();
                Entry mine = new Entry(o, h, id);
                Entry seen = (Entry) SLOT.compareAndExchangeRelease(slots, i, null, mine);
                if (seen == null) {
                    if (id - t.firstId >= t.rebuildAt) rebuild(t);
                    return mine;
                }
                VarHandle.acquireFence(); // the witness was read plainly: see its entry's fields as published
                e = seen; // another thread's entry (perhaps o's) or MOVED; mine's id is left unused
            }
            if (e == MOVED) return null;
            if (e.hash == h && e.get() == o) return e;
        }
    }

    /** Replaces {@code old} by a table holding its live entries, at most a quarter full. */
    private synchronized void rebuild(Table old) {
        if (table != old) return;
        Entry[] slots = old.slots;
        int live = 0;
        for (int i = 0; i < slots.length; i++) {
            // Empty slots become MOVED at once (an insertion there fails and waits); a slot with an
            // entry is only ever changed by this rebuild, which copies it below
            Entry e = (Entry) SLOT.compareAndExchange(slots, i, null, MOVED);
            if (e != null && e.get() != null) live++;
        }
        int length = INITIAL;
        while (length < 4L * live && length < 1 << 30) length <<= 1;
        Entry[] copy = new Entry[length];
        int mask = length - 1;
        for (int i = 0; i < slots.length; i++) {
            Entry e = slots[i];
            if (e == null || e == MOVED || e.get() == null) continue;
            int j = spread(e.hash) & mask;
            while (copy[j] != null) j = j + 1 & mask;
            copy[j] = e;
        }
        // ids taken from now on count new slots; the copied ones count against the threshold too
        table = new Table(copy, nextId.get(), Math.max(1, length / 2 - live));
        for (int i = 0; i < slots.length; i++) SLOT.setRelease(slots, i, MOVED); // late readers go to the new table
    }

    /** Identity hashes are well spread already; fold the high bits in for small tables. */
    private static int spread(int h) {
        return h ^ h >>> 16;
    }

    /** An id that belongs to no object: for a sync object that is not one (a task's submission). */
    long fresh() {
        return nextId.getAndIncrement();
    }
}
