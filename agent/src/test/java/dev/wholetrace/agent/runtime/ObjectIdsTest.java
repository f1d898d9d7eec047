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
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
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
}
