package dev.wholetrace.agent.runtime;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Unique ids for objects, without identityHashCode collisions: weak identity maps from object to
 * a counter value (a dead object's entry goes; its id is never reused). This is the slow path of
 * object identity: HeapProbes keeps a small per-thread cache of this map's entries in front of it.
 *
 * <p>The map is split into {@value #STRIPES} stripes by identity hash, each with its own lock: a
 * program whose threads keep meeting new objects (every volatile access of a fresh object comes
 * here) would otherwise queue all its threads on one lock — profiled on the H2 driver, 8 s of its
 * threads' time went into waiting for it (docs/results/overhead-profile.md). The ids come from
 * one atomic counter, so they stay unique across stripes.
 */
final class ObjectIds {
    /** A power of two. */
    private static final int STRIPES = 64;

    @SuppressWarnings("unchecked")
    private final WeakIdentityMap<Object, Long>[] stripes = new WeakIdentityMap[STRIPES];
    private final AtomicLong nextId = new AtomicLong(1);
    private final Function<Object, Long> next = k -> nextId.getAndIncrement();

    ObjectIds() {
        for (int i = 0; i < STRIPES; i++) stripes[i] = new WeakIdentityMap<>();
    }

    long of(Object o) {
        return entry(o).value;
    }

    /** {@code o}'s entry: its id, and a weak reference to it that a cache may keep. */
    WeakIdentityMap.Entry<Object, Long> entry(Object o) {
        int h = System.identityHashCode(o);
        // High bits choose the stripe: the stripe's own table indexes by the low ones.
        return stripes[(h ^ h >>> 16) >>> 10 & (STRIPES - 1)].entry(o, next);
    }

    /** An id that belongs to no object: for a sync object that is not one (a task's submission). */
    long fresh() {
        return nextId.getAndIncrement();
    }
}
