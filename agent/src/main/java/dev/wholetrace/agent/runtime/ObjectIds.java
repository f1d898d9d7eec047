package dev.wholetrace.agent.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Unique ids for objects, without identityHashCode collisions: a weak identity table from object
 * to a counter value (a dead object's entry goes; its id is never reused). This is the slow path
 * of object identity: ThreadState keeps a small per-thread cache of this table's entries in front
 * of it.
 *
 * <p>The table is open addressing (linear probing) over a {@code long[]} of keys, each the object's
 * identity hash and the position of its {@link Entry} in an append-only log of the table. The keys
 * are primitives on purpose: a table of references took a young entry into an old array at a random
 * slot at every first meeting of an object, and each such store dirtied a card that G1's refinement
 * threads and every young collection then scanned (a synchronization-heavy program's refinement
 * threads took 2.9 s of its 20 s, docs/results/overhead-profile.md, "Session 44"); the log takes
 * the references in the order they come, so a card is dirtied once per 128 of them, and the
 * collector never scans the keys.
 *
 * <p>Lookups and insertions take no lock. A key only ever goes from 0 (empty) to its value, by a
 * compare-and-set after the entry was written to its log position, so two threads that meet the same
 * new object at once race for the same first empty slot of its probe sequence and the loser finds
 * the winner's entry there (its own log position is emptied again and no key names it). The
 * positions come from the ids: every id taken since the table was made is one position after the
 * entries copied into it.
 *
 * <p>Dead entries stay until the table is rebuilt, which happens when its log is full (three quarters
 * of the slots used): when a sample of the log finds a quarter or more of its entries dead, or half or
 * more of its positions empty (ids taken with no entry), the live entries are copied into a table sized
 * for them (at most three eighths full), the dead ones dropped; otherwise the table grows to twice the slots with every entry where it was in the log, without
 * reading one (a compaction would drop few, at the cost of a cache miss per entry). The rebuild holds this object's monitor and first seals the old table
 * (a volatile flag); every lookup and insertion reads the flag after it found or entered its entry,
 * and if it is set waits for the rebuild and retries in the new table. So an entry is either seen by
 * the rebuild's scan (its key was set before the seal: copied) or by nobody but its inserter, which
 * retries: no object can end up with two ids. Rebuilds are rare (each leaves room for at least as many
 * new entries as it copied) and read the keys, then the log, in order, and (a compaction) each live entry once.
 *
 * <p>The ids come from one atomic counter; a thread that loses a race for a slot has taken an id
 * that no object gets (ids are unique, not dense).
 */
final class ObjectIds {
    /**
     * One mapping: a weak reference to its object (so a cache may keep it), with the object's id and,
     * for a future or task the program submitted, its submission (SyncTasks): a future's join finds
     * the submission with its id, where a weak map beside this table took a locked put per submit
     * (20 % of a synchronization-heavy program's main thread) and an entry and bucket of its own
     * (docs/results/overhead-profile.md, "Session 46"). 40 bytes, as before the submission: the
     * identity hash it held instead lives in the table's key ({@link Table#keys}) and beside each
     * thread's cache of entries.
     */
    static final class Entry extends WeakReference<Object> {
        final long id;
        /**
         * The submission of the task this object is the future of (or is), or null. Written by the
         * submitting thread: after the submitting call for the future it returned, before it for a
         * task that is itself a Future (a fork/join task's worker reads it at compute(), after the
         * pool handed the task over); read by a joiner, which got the future through the program's
         * own synchronization from the submitter (or is it).
         */
        volatile SyncTask submission;

        Entry(Object object, long id) {
            super(object);
            this.id = id;
        }
    }

    /** Slots of the first table; a power of two. */
    private static final int INITIAL = 1 << 12;
    /** Entries a rebuild reads to tell a growing table from one whose entries die ({@link #mostlyLive}). */
    private static final int SAMPLE = 256;
    private static final VarHandle KEY = MethodHandles.arrayElementVarHandle(long[].class);

    private final AtomicLong nextId = new AtomicLong(1);
    /** The current table; replaced only once every live entry of the old one is in it. */
    private volatile Table table = new Table(new long[INITIAL], new Entry[INITIAL / 4 * 3], 0, 1);

    /** Keys, the log they point into, and the first id taken after the table was made. */
    private static final class Table {
        /** (identity hash << 32) | (log position + 1); 0 is an empty slot. */
        final long[] keys;
        /**
         * Entries by position: [0, copied) from the previous table, then one per id taken since {@link #firstId}. An
         * entry's identity hash is in its key only (a compaction reads it from there): a copy beside the log, in the
         * log's order, was four bytes a position held for the compactions alone.
         */
        final Entry[] log;
        final int copied;
        final long firstId;
        /** Set by a rebuild before it reads the keys: what is found or entered afterwards is looked for again in the next table. */
        volatile boolean sealed;

        Table(long[] keys, Entry[] log, int copied, long firstId) {
            this.keys = keys;
            this.log = log;
            this.copied = copied;
            this.firstId = firstId;
        }
    }

    long of(Object o) {
        return entry(o).id;
    }

    /** {@code o}'s entry: its id, and a weak reference to it that a cache may keep. */
    Entry entry(Object o) {
        int h = System.identityHashCode(o);
        for (;;) {
            Entry e = find(table, o, h);
            if (e != null) return e;
            // the table was sealed or full: wait for its rebuild and look again in the new one
            synchronized (this) {} // the rebuilder holds the monitor until the new table is published
        }
    }

    /**
     * {@code o}'s entry if it has one, else null; enters nothing (a join of a future nobody submitted
     * needs no id). A key names an entry only once the entry is in the log; the sealed check is
     * {@link #find}'s: an entry found in a table being replaced may be one its inserter enters again.
     */
    Entry existing(Object o) {
        int h = System.identityHashCode(o);
        for (;;) {
            Table t = table;
            int i = probe(t, o, h);
            Entry found = i >= 0 ? t.log[(int) t.keys[i] - 1] : null;
            if (!t.sealed) return found;
            synchronized (this) {} // the rebuilder holds the monitor until the new table is published
        }
    }

    /**
     * The slot of {@code o}'s key in {@code t} (its identity hash {@code h}), or the complement of the
     * first empty slot of its probe sequence when it has none. A key never changes once set, so the
     * caller may read the slot again without a volatile read.
     */
    private static int probe(Table t, Object o, int h) {
        long[] keys = t.keys;
        Entry[] log = t.log;
        int mask = keys.length - 1;
        for (int i = spread(h) & mask; ; i = i + 1 & mask) {
            long k = (long) KEY.getVolatile(keys, i);
            if (k == 0) return ~i;
            if ((int) (k >>> 32) == h && log[(int) k - 1].refersTo(o)) return i;
        }
    }

    /** {@code o}'s entry in {@code t}, entered in its first empty slot if absent; null if {@code t} is being replaced. */
    private Entry find(Table t, Object o, int h) {
        for (;;) {
            int i = probe(t, o, h);
            if (i >= 0) return t.sealed ? null : t.log[(int) t.keys[i] - 1];
            long id = nextId.getAndIncrement();
            long taken = id - t.firstId;
            Entry[] log = t.log;
            if (taken >= log.length - t.copied) { // the log is full: a rebuild is due (or done)
                rebuild(t);
                return null;
            }
            int pos = t.copied + (int) taken;
            Entry mine = new Entry(o, id);
            log[pos] = mine; // published by the key's compare-and-set (a volatile write)
            if ((long) KEY.compareAndExchange(t.keys, ~i, 0L, (long) h << 32 | pos + 1) == 0) {
                if (pos == log.length - 1) rebuild(t);
                return t.sealed ? null : mine;
            }
            log[pos] = null; // no key names it: let it go; mine's id is left unused
            // another thread took the slot first, perhaps for o: probe again
        }
    }

    /**
     * Replaces {@code old} by a larger table holding all its entries when few of them are dead ({@link #mostlyLive}),
     * otherwise by a table holding its live entries, at most three eighths full.
     */
    private synchronized void rebuild(Table old) {
        if (table != old) return;
        old.sealed = true;
        if (old.keys.length < 1 << 30 && mostlyLive(old.log)) {
            grow(old);
        } else {
            compact(old);
        }
    }

    /**
     * Whether fewer than a quarter of a sample of {@code log}'s entries (up to {@link #SAMPLE} positions, spread over
     * it) have been found dead by the collector, and fewer than half of its positions are empty. A program whose
     * objects with ids live long (a producer far ahead of its consumers: every order waiting holds its futures) has
     * its table grow at every rebuild, and compacting read every entry for the few it could drop: 20 % of such a
     * program's main thread (docs/results/overhead-profile.md, "Session 48 (cf)"). An empty position is an id taken
     * with no entry: a submission's ({@link #fresh}) or a lost race's. Growing keeps those too, and a program that
     * submits the same task again and again takes ids without entries: sampling the entries alone, its table doubled
     * at every rebuild, sized by every submission ever made, not by its live objects. An entry being written counts
     * as an empty position.
     */
    private static boolean mostlyLive(Entry[] log) {
        int step = Math.max(1, log.length / SAMPLE), positions = 0, empty = 0, dead = 0;
        for (int p = step >>> 1; p < log.length; p += step) {
            positions++;
            Entry e = log[p];
            if (e == null) empty++;
            else if (e.refersTo(null)) dead++;
        }
        return 4 * dead < positions - empty && 2 * empty < positions;
    }

    /**
     * Twice the slots, every entry kept at its log position: the keys are moved as they are (each holds its hash and
     * position), the log copied in bulk, no entry read. The keys are read first: an entry whose key is
     * read is in the log by then (written before its key's compare-and-set), and one whose key came later is in the
     * copy too or its inserter retries (the table is sealed). A position no key names (a lost race's, emptied after
     * the copy) stays unnamed until a compaction drops it. Dead entries stay until then as well: at most about a
     * quarter of the table, or {@link #mostlyLive} would have compacted.
     */
    private void grow(Table old) {
        long[] keys = old.keys;
        int length = keys.length << 1;
        long[] fresh = new long[length];
        int mask = length - 1;
        for (int i = 0; i < keys.length; i++) {
            long k = (long) KEY.getVolatile(keys, i);
            if (k == 0) continue;
            int j = spread((int) (k >>> 32)) & mask;
            while (fresh[j] != 0) j = j + 1 & mask;
            fresh[j] = k;
        }
        int used = old.log.length;
        table = new Table(fresh, Arrays.copyOf(old.log, length / 4 * 3), used, nextId.get());
    }

    /** Replaces {@code old}, sealed, by a table holding its live entries, at most three eighths full. */
    private void compact(Table old) {
        long[] keys = old.keys;
        Entry[] log = old.log;
        // The positions some key names, with their hashes, then the log in order: the entries were
        // copied by the collector in the log's order, so reading them in it is close to sequential (in
        // the keys' order every entry was a cache miss). A position no key names is a lost race's,
        // being emptied.
        long[] named = new long[(log.length + 63) >>> 6];
        int[] hashes = new int[log.length]; // by position, then (in place, n <= p) by the live entry's new position
        for (int i = 0; i < keys.length; i++) {
            long k = (long) KEY.getVolatile(keys, i);
            if (k == 0) continue;
            int p = (int) k - 1;
            named[p >>> 6] |= 1L << p;
            hashes[p] = (int) (k >>> 32);
        }
        Entry[] live = new Entry[log.length];
        int n = 0;
        for (int p = 0; p < log.length; p++) {
            if ((named[p >>> 6] & 1L << p) == 0) continue;
            Entry e = log[p];
            if (!e.refersTo(null)) {
                hashes[n] = hashes[p];
                live[n++] = e;
            }
        }
        int length = INITIAL;
        while (3L * length < 8L * n && length < 1 << 30) length <<= 1;
        long[] fresh = new long[length];
        int mask = length - 1;
        for (int p = 0; p < n; p++) {
            int h = hashes[p];
            int j = spread(h) & mask;
            while (fresh[j] != 0) j = j + 1 & mask;
            fresh[j] = (long) h << 32 | p + 1;
        }
        table = new Table(fresh, Arrays.copyOf(live, length / 4 * 3), n, nextId.get());
    }

    /** Identity hashes are well spread already; fold the high bits in for small tables. */
    private static int spread(int h) {
        return h ^ h >>> 16;
    }

    /** An id that belongs to no object: for a sync object that is not one (a task's submission). */
    long fresh() {
        return nextId.getAndIncrement();
    }

    /**
     * Slots of the current table (tests): bounded by the objects with an id that the collector has not
     * found dead yet, the live ones and those dropped since the last collection that cleared them.
     */
    int slots() {
        return table.keys.length;
    }
}
