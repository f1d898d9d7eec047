package dev.wholetrace.agent.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The runtime's weak identity map: identity keys, values kept across rebuilds, no key kept alive. */
class WeakIdentityMapTest {
    /** A key whose equals and hashCode say every key is the same: the map must use identity. */
    private static final class SameKey {
        @Override
        public boolean equals(Object o) {
            return o instanceof SameKey;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    @Test
    void mapsByIdentityAcrossRebuilds() {
        WeakIdentityMap<Object, Integer> map = new WeakIdentityMap<>();
        Object[] keys = new Object[50_000]; // many rebuilds of the 64-slot first table
        for (int i = 0; i < keys.length; i++) {
            keys[i] = new SameKey();
            map.put(keys[i], i);
        }
        for (int i = 0; i < keys.length; i++) assertEquals(i, map.get(keys[i]), "key " + i);
        assertNull(map.get(new SameKey()));
        for (int i = 0; i < keys.length; i += 2) map.put(keys[i], -i); // replaced, not added
        for (int i = 0; i < keys.length; i++) assertEquals(i % 2 == 0 ? -i : i, map.get(keys[i]), "key " + i);
    }

    @Test
    void computesOnlyAbsentValues() {
        WeakIdentityMap<Object, Object> map = new WeakIdentityMap<>();
        AtomicInteger calls = new AtomicInteger();
        Object key = new Object();
        Object value = map.computeIfAbsent(key, k -> {
            calls.incrementAndGet();
            return new Object();
        });
        assertSame(value, map.computeIfAbsent(key, k -> {
            calls.incrementAndGet();
            return new Object();
        }));
        assertEquals(1, calls.get());
        // a computation that adds to the map itself (and makes it rebuild) still leaves its value under its key
        Object outer = new Object();
        Object[] inner = new Object[100];
        map.computeIfAbsent(outer, k -> {
            for (int i = 0; i < inner.length; i++) map.put(inner[i] = new Object(), i);
            return "outer";
        });
        assertEquals("outer", map.get(outer));
        for (int i = 0; i < inner.length; i++) assertEquals(i, map.get(inner[i]));
    }

    @Test
    void keepsNoKeyAlive() throws Exception {
        WeakIdentityMap<Object, Object> map = new WeakIdentityMap<>();
        Object kept = new Object();
        map.put(kept, "kept");
        Object gone = new Object();
        map.put(gone, new byte[1024]);
        WeakReference<Object> ref = new WeakReference<>(gone);
        gone = null;
        for (int round = 0; round < 50 && ref.get() != null; round++) {
            System.gc();
            for (int i = 0; i < 1_000; i++) map.put(new Object(), i); // dead keys, and rebuilds that drop them
        }
        assertNull(ref.get(), "the map kept a key alive");
        assertEquals("kept", map.get(kept));
    }
}
