package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;

/**
 * The read and write locks of a ReadWriteLock are two objects, but one lock: a writer's unlock
 * must order a later reader's lock. When application code calls readLock() or writeLock(), the
 * view is remembered here with its ReadWriteLock's id, and lock operations on a view are recorded
 * on that id with aux = {@link SyncKind#LOCK_SHARED} or {@link SyncKind#LOCK_EXCLUSIVE}. The value holds an id, not the
 * ReadWriteLock, so a view never keeps its lock alive through this map.
 */
final class SyncReadWriteLocks {
    private SyncReadWriteLocks() {}

    /** Remembers {@code view} as {@code readWriteLock}'s in {@code mode}; nothing when not recording. */
    static void viewCreated(Object readWriteLock, Object view, long mode) {
        if (Probes.recorder() == null || readWriteLock == null || view == null) return;
        try {
            RuntimeState state = RuntimeState.get();
            // Looked up first: a lock hands out the same view at every readLock()/writeLock() call, and the
            // computing lambda captures its arguments, an allocation per call (60 bytes an order, 24 MB of the
            // pool threads' allocation on issue 15's Shop; overhead-profile.md, "Session 43")
            if (state.lockViews.get(view) != null) return;
            state.lockViews.computeIfAbsent(view, v -> new long[] {state.objects.of(readWriteLock), mode});
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** {ReadWriteLock id, aux} if {@code lock} is a known view, else null. */
    static long[] view(Object lock) {
        return RuntimeState.get().lockViews.get(lock);
    }
}
