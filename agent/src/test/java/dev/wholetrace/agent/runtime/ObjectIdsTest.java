package dev.wholetrace.agent.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
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
}
