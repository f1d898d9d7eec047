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
 * <p>Lookups and insertions take no lock. The table is open addressing (linear probing) over two
 * arrays: the slots' {@link Entry}s and, beside them, the slots' <em>tags</em> (the identity hash
 * with its top bit set, 0 for an empty slot). A probe compares tags, which lie next to each other
 * in one int array, and reads an entry only where the tag is the object's own, so a lookup costs
 * about two cache misses (the tag, the entry) instead of one per slot probed: the entries are
 * objects scattered over the heap, and with millions of them (a program that hands new futures to
 * the JDK at every step, issue 15's Shop: ~6 per order) each probe's entry was a miss, half of the
 * program threads' samples (docs/results/overhead-profile.md, "Session 43"). A slot is claimed by a
 * compare-and-set of its tag from 0, then its entry is written (release); a thread that finds the
 * object's tag in a slot whose entry is not written yet waits the few instructions until it is. So
 * two threads that meet the same new object at once race for the same first empty slot of its
 * probe sequence and the loser finds the winner's entry there. Before (session 30) the map was 64
 * stripes each behind a lock, and a program that hands a new object to a hooked JDK method at every
 * step (the Guava driver's boxed values through {@code ConcurrentHashMap.merge}) took a stripe's
 * lock at every step (docs/results/overhead-profile.md, "Session 31").
 *
 * <p>Dead entries stay in their slots (they are skipped: an entry whose referent is gone matches
 * no object) until the table is rebuilt, which happens when the slots used since the last rebuild
 * reach half the table: the live entries are copied into a table sized for them (at most a
 * quarter full), the dead ones dropped. The rebuild holds this object's monitor; it marks every
 * empty slot's tag {@link #MOVED_TAG} (an insertion there fails and waits), and at the end every
 * slot's entry {@link #MOVED}: a thread that meets either waits for it and retries in the new
 * table, so no object can be entered twice (once in each table). Rebuilds are rare (the table at
 * least doubles its free room each time) and their cost is linear in the table.
 *
 * <p>Entries are compared with {@link java.lang.ref.Reference#refersTo}, not {@code get() == o}: the
 * same answer without making the referent strongly reachable again (under G1's concurrent marking
 * {@code get} keeps it alive to the end of the cycle).
 *
 * <p>The ids come from one atomic counter, taken by the thread that claimed the slot (ids are
 * unique, not dense: {@link #fresh} takes some). The counter also counts the slots used:
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
    /** The tag of a slot that was empty when the table's rebuild began: look in the next table. Real tags have the top bit set. */
    private static final int MOVED_TAG = 1;
    /** Slots of the first table; a power of two. */
    private static final int INITIAL = 1 << 12;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Entry[].class);
    private static final VarHandle TAG = MethodHandles.arrayElementVarHandle(int[].class);

    private final AtomicLong nextId = new AtomicLong(1);
    /** The current table; replaced only once every live entry of the old one is in it. */
    private volatile Table table = new Table(INITIAL, 1);

    /** A table and the first id taken after it was made (ids taken since bound its used slots). */
    private static final class Table {
        final Entry[] slots;
        /** Each slot's tag ({@link #tag}), 0 while empty; written before its entry. */
        final int[] tags;
        final long firstId;
        /** Used slots (entries written since {@link #firstId}, plus those copied in) at which to rebuild. */
        final long rebuildAt;

        Table(int length, long firstId) {
            this(new Entry[length], new int[length], firstId, length / 2);
        }

        Table(Entry[] slots, int[] tags, long firstId, long rebuildAt) {
            this.slots = slots;
            this.tags = tags;
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

    /** {@code o}'s entry in {@code t}, entered in its first empty slot if absent; null if a slot was moved. */
    private Entry find(Table t, Object o, int h) {
        int[] tags = t.tags;
        int mask = tags.length - 1;
        int tag = tag(h);
        for (int i = home(tag) & mask; ; i = i + 1 & mask) {
            int seen = tags[i];
            VarHandle.acquireFence(); // getAcquire's ordering without the VarHandle (see SlotTable.get)
            if (seen == 0) {
                seen = (int) TAG.compareAndExchange(tags, i, 0, tag);
                if (seen == 0) return enter(t, i, o, h);
                // another thread claimed the slot first (perhaps for o): compare with its tag
            }
            if (seen == MOVED_TAG) return null;
            if (seen != tag) continue;
            Entry e = written(t.slots, i);
            if (e == MOVED) return null;
            if (e.refersTo(o)) return e;
        }
    }

    /** Writes {@code o}'s new entry into slot {@code i} of {@code t}, whose tag this thread claimed. */
    private Entry enter(Table t, int i, Object o, int h) {
        long id = nextId.getAndIncrement();
        Entry mine = new Entry(o, h, id);
        SLOT.setRelease(t.slots, i, mine);
        if (id - t.firstId >= t.rebuildAt) rebuild(t);
        return mine;
    }

    /**
     * Slot {@code i}'s entry, once the thread that claimed its tag has written it (a few
     * instructions after the claim; longer only if that thread was descheduled in between).
     */
    private static Entry written(Entry[] slots, int i) {
        for (int spins = 0; ; spins++) {
            Entry e = (Entry) SLOT.getAcquire(slots, i);
            if (e != null) return e;
            if (spins < 100) Thread.onSpinWait();
            else Thread.yield();
        }
    }

    /**
     * Replaces {@code old} by a table holding its live entries, at most a quarter full. Each entry is
     * read once (whether its object is alive: a cache miss per entry, the rebuild's main cost); a dead
     * one's slot becomes {@link #MOVED} at once, and the copy places the others by their tags alone.
     */
    private synchronized void rebuild(Table old) {
        if (table != old) return;
        Entry[] slots = old.slots;
        int[] tags = old.tags;
        int live = 0;
        for (int i = 0; i < slots.length; i++) {
            // Empty slots' tags become MOVED_TAG at once (an insertion there fails and waits); a
            // claimed slot's entry is written by its claimer and then only changed by this rebuild
            if ((int) TAG.compareAndExchange(tags, i, 0, MOVED_TAG) == 0) continue;
            if (written(slots, i).refersTo(null)) SLOT.setRelease(slots, i, MOVED); // matches no object: a reader retries in the new table
            else live++;
        }
        int length = INITIAL;
        while (length < 4L * live && length < 1 << 30) length <<= 1;
        Entry[] copy = new Entry[length];
        int[] copyTags = new int[length];
        int mask = length - 1;
        for (int i = 0; i < slots.length; i++) {
            int tag = tags[i];
            Entry e = slots[i];
            if (tag == MOVED_TAG || e == MOVED) continue; // an entry that died since is dropped by the next rebuild
            int j = home(tag) & mask;
            while (copy[j] != null) j = j + 1 & mask;
            copy[j] = e;
            copyTags[j] = tag;
        }
        // ids taken from now on count new slots; the copied ones count against the threshold too
        table = new Table(copy, copyTags, nextId.get(), Math.max(1, length / 2 - live));
        for (int i = 0; i < slots.length; i++) SLOT.setRelease(slots, i, MOVED); // late readers go to the new table
    }

    /** A slot's tag for identity hash {@code h}: never 0 (empty) nor {@link #MOVED_TAG}. */
    private static int tag(int h) {
        return h | Integer.MIN_VALUE;
    }

    /** A tag's first slot (masked): identity hashes are well spread already; fold the high bits in for small tables. */
    private static int home(int tag) {
        return tag ^ tag >>> 16;
    }

    /** An id that belongs to no object: for a sync object that is not one (a task's submission). */
    long fresh() {
        return nextId.getAndIncrement();
    }
}
