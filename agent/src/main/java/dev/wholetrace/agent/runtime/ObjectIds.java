package dev.wholetrace.agent.runtime;

import java.util.function.Function;

/**
 * Unique ids for objects, without identityHashCode collisions: a weak identity map from object to
 * a counter value (a dead object's entry goes; its id is never reused). This is the slow path of
 * object identity: HeapProbes keeps a small per-thread cache of this map's entries in front of it.
 */
final class ObjectIds {
    private final WeakIdentityMap<Object, Long> ids = new WeakIdentityMap<>();
    private long nextId = 1; // guarded by the map's lock: only its compute function touches it
    private final Function<Object, Long> next = k -> nextId++;

    long of(Object o) {
        return entry(o).value;
    }

    /** {@code o}'s entry: its id, and a weak reference to it that a cache may keep. */
    WeakIdentityMap.Entry<Object, Long> entry(Object o) {
        return ids.entry(o, next);
    }

    /** An id that belongs to no object: for a sync object that is not one (a task's submission). */
    long fresh() {
        synchronized (ids) { // the map's lock, which guards nextId
            return nextId++;
        }
    }
}
