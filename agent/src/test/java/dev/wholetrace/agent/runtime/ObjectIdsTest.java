package dev.wholetrace.agent.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;

/** The lock-free object-id table: one id per object, unique, stable across rebuilds, never keeping an object alive. */
class ObjectIdsTest {
    @Test
    void oneIdPerObjectAndUniqueAcrossRebuilds() {
        ObjectIds ids = new ObjectIds();
        Object[] objects = new Object[100_000]; // many rebuilds of the 4,096-slot first table
        long[] first = new long[objects.length];
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < objects.length; i++) {
            objects[i] = new Object();
            first[i] = ids.of(objects[i]);
            assertTrue(seen.add(first[i]), "id " + first[i] + " given twice");
        }
        for (int i = 0; i < objects.length; i++) assertEquals(first[i], ids.of(objects[i]), "object " + i);
        assertTrue(seen.add(ids.fresh()), "fresh ids are unique too");
    }

    @Test
    void threadsMeetingTheSameObjectsAtOnceAgreeOnTheirIds() throws Exception {
        ObjectIds ids = new ObjectIds();
        int threads = 4;
        Object[] objects = new Object[50_000];
        for (int i = 0; i < objects.length; i++) objects[i] = new Object();
        long[][] got = new long[threads][objects.length];
        ObjectIds.Entry[][] entries = new ObjectIds.Entry[threads][objects.length];
        CyclicBarrier start = new CyclicBarrier(threads);
        Thread[] ts = new Thread[threads];
        Throwable[] failed = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            int me = t;
            ts[t] = new Thread(() -> {
                try {
                    start.await();
                    // each thread its own order, so first meetings race everywhere
                    for (int k = 0; k < objects.length; k++) {
                        int i = me % 2 == 0 ? k : objects.length - 1 - k;
                        entries[me][i] = ids.entry(objects[i]);
                        got[me][i] = entries[me][i].id;
                    }
                } catch (Throwable e) {
                    failed[0] = e;
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        assertNull(failed[0]);
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < objects.length; i++) {
            for (int t = 1; t < threads; t++) assertEquals(got[0][i], got[t][i], "object " + i + ", thread " + t);
            for (int t = 0; t < threads; t++) assertSame(objects[i], entries[t][i].get());
            assertTrue(seen.add(got[0][i]), "id " + got[0][i] + " given to two objects");
            assertEquals(got[0][i], ids.of(objects[i]));
        }
    }

    @Test
    void keepsNoObjectAliveAndNeverReusesAnId() throws Exception {
        ObjectIds ids = new ObjectIds();
        Object kept = new Object();
        long keptId = ids.of(kept);
        Object gone = new Object();
        long goneId = ids.of(gone);
        WeakReference<Object> ref = new WeakReference<>(gone);
        gone = null;
        Set<Long> later = new HashSet<>();
        for (int round = 0; round < 50 && ref.get() != null; round++) {
            System.gc();
            for (int i = 0; i < 20_000; i++) later.add(ids.of(new Object())); // dead entries, and rebuilds that drop them
        }
        assertNull(ref.get(), "the table kept an object alive");
        for (int i = 0; i < 20_000; i++) later.add(ids.of(new Object()));
        assertTrue(!later.contains(goneId) && !later.contains(keptId), "an id was reused");
        assertEquals(keptId, ids.of(kept));
        assertNotEquals(keptId, goneId);
    }

    /**
     * A property over live and collected objects, with rebuilds and collections in between: an object's
     * id never changes while it lives, and no id is ever given to two objects (dead ones included).
     */
    @Test
    void idsStayStableForLiveObjectsAndUniqueOverCollectedOnes() {
        for (long seed = 1; seed <= 5; seed++) {
            Random random = new Random(seed);
            ObjectIds ids = new ObjectIds();
            List<Object> alive = new ArrayList<>();
            List<Long> aliveIds = new ArrayList<>();
            Map<Long, WeakReference<Object>> given = new HashMap<>(); // every id handed out, to the object it names
            for (int step = 0; step < 200_000; step++) {
                int op = random.nextInt(100);
                if (op < 60 || alive.isEmpty()) { // a new object, kept or dropped at once
                    Object o = new Object();
                    long id = ids.of(o);
                    WeakReference<Object> before = given.put(id, new WeakReference<>(o));
                    assertNull(before, "seed " + seed + ": id " + id + " given to a second object");
                    if (random.nextBoolean()) {
                        alive.add(o);
                        aliveIds.add(id);
                    }
                } else if (op < 90) { // a live object again: its first id
                    int i = random.nextInt(alive.size());
                    assertEquals(aliveIds.get(i), ids.of(alive.get(i)), "seed " + seed + ", step " + step);
                } else if (op < 99) { // a live object dies
                    int i = random.nextInt(alive.size());
                    alive.set(i, alive.get(alive.size() - 1));
                    aliveIds.set(i, aliveIds.get(aliveIds.size() - 1));
                    alive.remove(alive.size() - 1);
                    aliveIds.remove(aliveIds.size() - 1);
                } else if (step % 50 == 0) {
                    System.gc();
                }
            }
            for (int i = 0; i < alive.size(); i++) assertEquals(aliveIds.get(i), ids.of(alive.get(i)), "seed " + seed);
        }
    }

    /** Threads meeting shared objects and making garbage at once, through rebuilds and collections: they agree and never collide. */
    @Test
    void stressSharedAndPrivateObjectsWithRebuildsAndCollections() throws Exception {
        ObjectIds ids = new ObjectIds();
        int threads = 4;
        Object[] shared = new Object[20_000];
        for (int i = 0; i < shared.length; i++) shared[i] = new Object();
        long[][] sharedIds = new long[threads][shared.length];
        List<Set<Long>> privateIds = new ArrayList<>();
        CyclicBarrier start = new CyclicBarrier(threads);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            Set<Long> mine = new HashSet<>();
            privateIds.add(mine);
            int me = t;
            ts[t] = new Thread(() -> {
                try {
                    Random random = new Random(me);
                    start.await();
                    for (int round = 0; round < 4; round++) {
                        for (int k = 0; k < shared.length; k++) {
                            int i = (k * 7919 + me * 104_729 + round) % shared.length;
                            long id = ids.of(shared[i]);
                            if (round == 0) sharedIds[me][i] = id;
                            else assertEquals(sharedIds[me][i], id, "thread " + me + ", object " + i + " changed its id");
                            for (int g = random.nextInt(4); g > 0; g--) mine.add(ids.of(new Object())); // garbage: rebuilds drop it
                        }
                        if (me == 0) System.gc();
                    }
                } catch (Throwable e) {
                    failed.compareAndSet(null, e);
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        if (failed.get() != null) throw new AssertionError(failed.get());
        Set<Long> all = new HashSet<>();
        for (int i = 0; i < shared.length; i++) {
            for (int t = 1; t < threads; t++) assertEquals(sharedIds[0][i], sharedIds[t][i], "object " + i + ", thread " + t);
            assertTrue(all.add(sharedIds[0][i]), "id " + sharedIds[0][i] + " given to two shared objects");
        }
        for (Set<Long> mine : privateIds) {
            for (long id : mine) assertTrue(all.add(id), "id " + id + " given to two objects");
        }
    }

    /** An object with the id its first meeting gave it, handed between threads. */
    private record Named(Object object, long id) {}

    /**
     * A property under concurrency: threads make objects, keep some for a while and drop them, take ids without
     * entries (submissions), replace objects shared between them and collect now and then, so that compactions,
     * growths and collections clear entries while others look up and enter. Every live object keeps the id its first
     * meeting gave it, from whichever thread looks it up, and no id is given twice (so no two live objects share one).
     */
    @Test
    void threadsMakingKeepingAndDroppingObjectsKeepEveryLiveIdAndNeverShareOne() throws Exception {
        ObjectIds ids = new ObjectIds();
        int threads = 4;
        AtomicReferenceArray<Named> shared = new AtomicReferenceArray<>(512);
        List<List<Long>> given = new ArrayList<>();
        List<List<Named>> keptAtEnd = new ArrayList<>();
        CyclicBarrier start = new CyclicBarrier(threads);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            List<Long> mine = new ArrayList<>();
            List<Named> kept = new ArrayList<>();
            given.add(mine);
            keptAtEnd.add(kept);
            int me = t;
            ts[t] = new Thread(() -> {
                try {
                    Random random = new Random(100 + me);
                    start.await();
                    for (int step = 0; step < 300_000 && failed.get() == null; step++) {
                        int op = random.nextInt(100);
                        if (op < 40) { // a new object, kept or garbage at once
                            Object o = new Object();
                            long id = ids.of(o);
                            mine.add(id);
                            if (random.nextInt(3) == 0) kept.add(new Named(o, id));
                        } else if (op < 65 && !kept.isEmpty()) { // a kept one again
                            Named n = kept.get(random.nextInt(kept.size()));
                            assertEquals(n.id(), ids.of(n.object()), "thread " + me + ", step " + step);
                        } else if (op < 80 && !kept.isEmpty()) { // a kept one dies
                            kept.set(random.nextInt(kept.size()), kept.get(kept.size() - 1));
                            kept.remove(kept.size() - 1);
                        } else if (op < 90) { // a shared one: looked up, or replaced by a new one
                            int i = random.nextInt(shared.length());
                            Named n = shared.get(i);
                            if (n != null) assertEquals(n.id(), ids.of(n.object()), "thread " + me + ", shared " + i);
                            if (n == null || random.nextInt(4) == 0) {
                                Object o = new Object();
                                long id = ids.of(o);
                                mine.add(id);
                                shared.set(i, new Named(o, id));
                            }
                        } else if (op < 99) {
                            ids.fresh(); // a submission's id: a log position no entry fills
                        } else if (me == 0 && step % 20 == 0) {
                            System.gc();
                        }
                    }
                } catch (Throwable e) {
                    failed.compareAndSet(null, e);
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        if (failed.get() != null) throw new AssertionError(failed.get());
        Set<Long> all = new HashSet<>();
        for (List<Long> mine : given) for (long id : mine) assertTrue(all.add(id), "id " + id + " given twice");
        for (List<Named> kept : keptAtEnd) for (Named n : kept) assertEquals(n.id(), ids.of(n.object()));
        for (int i = 0; i < shared.length(); i++) {
            Named n = shared.get(i);
            if (n != null) assertEquals(n.id(), ids.of(n.object()), "shared " + i);
        }
    }

    /** The table is sized by the live objects, not by all the objects that ever had an id. */
    @Test
    void tableStaysBoundedByLiveObjects() {
        ObjectIds ids = new ObjectIds();
        Object[] kept = new Object[1_000];
        for (int i = 0; i < kept.length; i++) ids.of(kept[i] = new Object());
        int most = 0;
        for (int i = 0; i < 3_000_000; i++) {
            ids.of(new Object());
            if (i % 100_000 == 0) System.gc();
            most = Math.max(most, ids.slots());
        }
        // 100,000 objects between collections at most three eighths of a table: 2^20 slots would be the
        // bound; without dropping the dead ones 3,001,000 entries would need 2^23
        assertTrue(most <= 1 << 20, "the table grew to " + most + " slots");
        for (Object o : kept) assertTrue(ids.of(o) > 0);
    }

    /**
     * A table whose objects all stay alive grows at its rebuilds, keeping every entry where it was (no entry read);
     * once a quarter of its entries are dead, the next rebuild compacts instead and sizes the table for the live ones.
     */
    @Test
    void aTableOfLiveObjectsGrowsAndALaterRebuildDropsTheDeadItCarried() {
        ObjectIds ids = new ObjectIds();
        List<Object> first = new ArrayList<>();
        long[] firstIds = enterNew(ids, 200_000, first);
        // 200,000 entries need a log of more than 196,608 positions: 2^19 slots (grown at every rebuild: all live)
        assertEquals(1 << 19, ids.slots());
        for (int i = 0; i < firstIds.length; i++) assertEquals(firstIds[i], ids.of(first.get(i)));
        first.clear();
        System.gc(); // the 200,000 die: more than a quarter of the next rebuild's entries
        List<Object> second = new ArrayList<>();
        long[] secondIds = enterNew(ids, 250_000, second);
        // compacted to the 193,216 live ones at the rebuild: 2^19 slots again; growing would have made 2^20
        assertEquals(1 << 19, ids.slots());
        for (int i = 0; i < secondIds.length; i++) assertEquals(secondIds[i], ids.of(second.get(i)));
    }

    /** {@code n} new objects, kept in {@code into}, and their ids in that order. */
    private static long[] enterNew(ObjectIds ids, int n, List<Object> into) {
        long[] got = new long[n];
        for (int i = 0; i < n; i++) {
            Object o = new Object();
            into.add(o);
            got[i] = ids.of(o);
        }
        return got;
    }

    /**
     * Ids taken without an entry (a submission's, {@link ObjectIds#fresh}) are log positions no entry fills: a table
     * whose few entries all live must not grow for them. Re-executing the same task keeps one entry and takes an id per
     * submit; a rebuild that sampled the entries only (the holes skipped) found them all live and doubled the table at
     * every rebuild, its size growing with every submission the program ever made (2^22 slots here, 48 MB).
     */
    @Test
    void idsTakenWithoutAnEntryDoNotGrowATableOfLiveObjects() {
        ObjectIds ids = new ObjectIds();
        List<Object> kept = new ArrayList<>();
        List<Long> keptIds = new ArrayList<>();
        int most = 0;
        for (int i = 0; i < 2_000_000; i++) {
            ids.fresh();
            if (i % 64 == 0) { // now and then a new object that lives on
                Object o = new Object();
                kept.add(o);
                keptIds.add(ids.of(o));
                most = Math.max(most, ids.slots());
            }
        }
        // 31,250 live entries fit three eighths of 2^17 slots; the 2,031,250 positions taken would need 2^22
        assertTrue(most <= 1 << 17, "the table grew to " + most + " slots for " + kept.size() + " live entries");
        for (int i = 0; i < kept.size(); i++) assertEquals(keptIds.get(i), ids.of(kept.get(i)), "object " + i);
    }

    /**
     * A lookup without entering: null for an object never met (and it is still not entered afterwards),
     * the entry otherwise; a submission kept with an entry stays with it across rebuilds.
     */
    @Test
    void existingEntersNothingAndSubmissionsStayWithTheirEntries() {
        ObjectIds ids = new ObjectIds();
        Object[] futures = new Object[20_000];
        SyncTask[] tasks = new SyncTask[futures.length];
        for (int i = 0; i < futures.length; i++) {
            futures[i] = new Object();
            assertNull(ids.existing(futures[i]), "never met");
            tasks[i] = new SyncTask(ids.fresh(), i);
            ids.entry(futures[i]).submission = tasks[i];
        }
        Object stranger = new Object();
        assertNull(ids.existing(stranger));
        for (int i = 0; i < 200_000; i++) ids.of(new Object()); // garbage: rebuilds of the table
        assertNull(ids.existing(stranger), "looking did not enter it");
        for (int i = 0; i < futures.length; i++) {
            ObjectIds.Entry e = ids.existing(futures[i]);
            assertSame(futures[i], e.get());
            assertSame(tasks[i], e.submission, "future " + i);
            assertEquals(ids.of(futures[i]), e.id);
        }
    }

    /**
     * A submitter hands futures to several joiners while other threads fill the table (rebuilds at
     * any point between a submit and its joins): every joiner finds, by a lookup that enters nothing,
     * the entry the submitter wrote to and the submission it wrote last (a future submitted again
     * names its second submission once that is handed over), and the id the future has.
     */
    @Test
    void joinersOnOtherThreadsFindEverySubmissionThroughRebuilds() throws Exception {
        ObjectIds ids = new ObjectIds();
        int joiners = 3;
        int futures = 30_000;
        List<BlockingQueue<Object[]>> queues = new ArrayList<>();
        for (int j = 0; j < joiners; j++) queues.add(new ArrayBlockingQueue<>(64));
        AtomicReference<Throwable> failed = new AtomicReference<>();
        AtomicBoolean done = new AtomicBoolean();
        List<Thread> ts = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            ts.add(new Thread(() -> { // garbage with ids: the table is rebuilt again and again
                try {
                    while (!done.get()) ids.of(new Object());
                } catch (Throwable e) {
                    failed.compareAndSet(null, e);
                }
            }));
        }
        ts.add(new Thread(() -> {
            try {
                Object previous = null;
                for (int i = 0; i < futures; i++) {
                    Object future = i % 7 == 3 && previous != null ? previous : new Object(); // now and then submitted twice
                    SyncTask task = new SyncTask(ids.fresh(), i);
                    ids.entry(future).submission = task;
                    Object[] handed = {future, task};
                    for (BlockingQueue<Object[]> q : queues) {
                        while (!q.offer(handed, 100, TimeUnit.MILLISECONDS)) if (failed.get() != null) return; // a joiner stopped
                    }
                    previous = future;
                }
                for (BlockingQueue<Object[]> q : queues) {
                    while (!q.offer(new Object[0], 100, TimeUnit.MILLISECONDS)) if (failed.get() != null) return;
                }
            } catch (Throwable e) {
                failed.compareAndSet(null, e);
            }
        }));
        for (BlockingQueue<Object[]> q : queues) {
            ts.add(new Thread(() -> {
                try {
                    for (;;) {
                        Object[] handed = q.poll(100, TimeUnit.MILLISECONDS);
                        if (handed == null && failed.get() != null || handed != null && handed.length == 0) return;
                        if (handed == null) continue;
                        ObjectIds.Entry e = ids.existing(handed[0]);
                        assertTrue(e != null && e.refersTo(handed[0]), "a submitted future has its entry");
                        SyncTask seen = e.submission;
                        // the submitter may have submitted it again since: never an older submission than the one handed
                        assertTrue(seen.id >= ((SyncTask) handed[1]).id, "submission " + seen.id + " older than " + ((SyncTask) handed[1]).id);
                        assertEquals(ids.of(handed[0]), e.id);
                    }
                } catch (Throwable e) {
                    failed.compareAndSet(null, e);
                }
            }));
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts.subList(2, ts.size())) t.join();
        done.set(true);
        for (Thread t : ts) t.join();
        if (failed.get() != null) throw new AssertionError(failed.get());
    }

    /**
     * A lookup racing with the first entry of the same object: it finds nothing or the very entry
     * the inserter got (never one of a table being replaced that the inserter then entered again).
     */
    @Test
    void aLookupRacingWithTheFirstEntryFindsNothingOrTheSameEntry() throws Exception {
        ObjectIds ids = new ObjectIds();
        int rounds = 20_000;
        Object[] objects = new Object[rounds];
        for (int i = 0; i < rounds; i++) objects[i] = new Object();
        ObjectIds.Entry[] entered = new ObjectIds.Entry[rounds];
        ObjectIds.Entry[] found = new ObjectIds.Entry[rounds];
        CyclicBarrier start = new CyclicBarrier(2);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread inserter = new Thread(() -> {
            try {
                start.await();
                for (int i = 0; i < rounds; i++) {
                    entered[i] = ids.entry(objects[i]);
                    for (int g = 0; g < 8; g++) ids.of(new Object()); // rebuilds during the race
                }
            } catch (Throwable e) {
                failed.compareAndSet(null, e);
            }
        });
        Thread looker = new Thread(() -> {
            try {
                start.await();
                for (int pass = 0; pass < 3; pass++) {
                    for (int i = 0; i < rounds; i++) {
                        ObjectIds.Entry e = ids.existing(objects[i]);
                        if (e == null) continue;
                        if (found[i] == null) found[i] = e;
                        else assertSame(found[i], e, "object " + i + " found with two entries");
                    }
                }
            } catch (Throwable e) {
                failed.compareAndSet(null, e);
            }
        });
        inserter.start();
        looker.start();
        inserter.join();
        looker.join();
        if (failed.get() != null) throw new AssertionError(failed.get());
        for (int i = 0; i < rounds; i++) {
            if (found[i] != null) assertSame(entered[i], found[i], "object " + i);
            assertSame(entered[i], ids.existing(objects[i]), "object " + i);
        }
    }
}
