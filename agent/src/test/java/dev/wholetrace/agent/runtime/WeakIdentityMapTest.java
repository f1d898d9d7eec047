package dev.wholetrace.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The weak identity map and the counting filter its get() answers absent keys from without its lock. */
class WeakIdentityMapTest {
    /** Random puts, replacements, deaths and collections against an IdentityHashMap: never a wrong answer. */
    @Test
    void answersAsAnIdentityMapThroughGrowsExpungesAndSaturatedCounters() {
        for (long seed = 1; seed <= 5; seed++) {
            Random random = new Random(seed);
            WeakIdentityMap<Object, Integer> map = new WeakIdentityMap<>();
            Map<Object, Integer> expected = new IdentityHashMap<>();
            List<Object> keys = new ArrayList<>();
            for (int step = 0; step < 100_000; step++) {
                int op = random.nextInt(100);
                if (op < 40 || keys.isEmpty()) {
                    Object k = new Object();
                    map.put(k, step);
                    expected.put(k, step);
                    if (random.nextInt(3) > 0) keys.add(k); // a third die at once: expunged later
                } else if (op < 50) { // a new value for a live key
                    Object k = keys.get(random.nextInt(keys.size()));
                    map.put(k, -step);
                    expected.put(k, -step);
                } else if (op < 60) {
                    Object k = keys.remove(random.nextInt(keys.size()));
                    expected.remove(k);
                } else if (op < 99) {
                    Object k = keys.get(random.nextInt(keys.size()));
                    assertEquals(expected.get(k), map.get(k), "seed " + seed + ", step " + step);
                    assertNull(map.get(new Object()), "a key never put");
                } else if (step % 20 == 0) { // about 50 collections a seed
                    System.gc();
                    Map<Object, Integer> live = new IdentityHashMap<>(); // what is not in keys may be collected now
                    for (Object k : keys) live.put(k, expected.get(k));
                    expected = live;
                }
            }
            for (Object k : keys) assertEquals(expected.get(k), map.get(k), "seed " + seed);
        }
    }

    /** Many keys with the same counter (one identity hash's bits over and over): saturation never loses one. */
    @Test
    void manyKeysOnFewCountersAreAllFound() {
        WeakIdentityMap<Object, Integer> map = new WeakIdentityMap<>();
        List<Object> keys = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            Object k = new Object();
            keys.add(k);
            map.put(k, i);
        }
        for (int i = 0; i < keys.size(); i++) assertEquals(i, map.get(keys.get(i)));
    }

    @Test
    void keepsNoKeyAlive() {
        WeakIdentityMap<Object, Integer> map = new WeakIdentityMap<>();
        Object k = new Object();
        map.put(k, 1);
        WeakReference<Object> ref = new WeakReference<>(k);
        k = null;
        for (int round = 0; round < 50 && ref.get() != null; round++) {
            System.gc();
            for (int i = 0; i < 1_000; i++) map.put(new Object(), i);
        }
        assertNull(ref.get(), "the map kept its key alive");
        assertTrue(map.get(new Object()) == null);
    }

    /** A key whose counter is 0 is answered without the map's lock: a get while another thread holds it returns. */
    @Test
    void absentKeysAreAnsweredWithoutTheLock() throws Exception {
        WeakIdentityMap<Object, Integer> map = new WeakIdentityMap<>();
        int[] answered = new int[1];
        synchronized (map) {
            Thread getter = new Thread(() -> {
                for (int i = 0; i < 100; i++) if (map.get(new Object()) == null) answered[0]++;
            });
            getter.start();
            getter.join(10_000);
            assertEquals(100, answered[0], "a get of an absent key waited for the lock");
        }
    }

    // entry() with a compute that adds to the same map (the lock is re-entrant, so nothing stops it):
    // the new entry lands in the table as it is after compute, and a key compute added itself is not
    // added twice. No caller does this today; the map must stay right if one does.
    @Test
    void anEntryWhoseComputeGrowsTheMapIsFoundAfterwards() {
        WeakIdentityMap<Object, String> map = new WeakIdentityMap<>();
        List<Object> others = new ArrayList<>();
        Object key = new Object();
        WeakIdentityMap.Entry<Object, String> e = map.entry(key, k -> {
            for (int i = 0; i < 200; i++) { // the table starts with 64 buckets: it grows twice in here
                Object o = new Object();
                others.add(o);
                map.put(o, "other " + i);
            }
            return "key";
        });
        assertThat(e.value).isEqualTo("key");
        assertThat(map.get(key)).isEqualTo("key");
        assertThat(map.entry(key, k -> "computed again")).isSameAs(e);
        for (int i = 0; i < others.size(); i++) assertThat(map.get(others.get(i))).isEqualTo("other " + i);
    }

    @Test
    void aKeyThatComputeAddedItselfIsNotAddedTwice() {
        WeakIdentityMap<Object, String> map = new WeakIdentityMap<>();
        Object key = new Object();
        List<WeakIdentityMap.Entry<Object, String>> inner = new ArrayList<>();
        WeakIdentityMap.Entry<Object, String> e = map.entry(key, k -> {
            inner.add(map.entry(k, k2 -> "inner"));
            return "outer";
        });
        assertThat(e).isSameAs(inner.get(0));
        assertThat(map.get(key)).isEqualTo("inner");
        assertThat(map.entry(key, k -> "again")).isSameAs(e);
    }
}
