package dev.wholetrace.agent.runtime;

/**
 * Unique ids for objects, without identityHashCode collisions: a weak identity map from object to
 * a counter value (a dead object's entry goes; its id is never reused). This is the slow path of
 * object identity (HeapProbes keeps a one-entry cache per thread in front of it); injected id
 * fields will replace it for instrumented classes.
 */
final class ObjectIds {
    private final WeakIdentityMap<Object, Long> ids = new WeakIdentityMap<>();
    private long nextId = 1;

    long of(Object o) {
        Long id = ids.get(o); // a known object: no lambda, no allocation
        return id != null ? id : ids.computeIfAbsent(o, k -> nextId++); // nextId is guarded by the map's lock
    }

    /** An id that belongs to no object: for a sync object that is not one (a task's submission). */
    long fresh() {
        synchronized (ids) { // the map's lock, which guards nextId
            return nextId++;
        }
    }
}
