package dev.wholetrace.agent.runtime;

import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.util.Arrays;

/**
 * One thread's part of the runtime state ({@link RuntimeState#threads}): its recorder handle, a
 * cache of object ids in front of the shared {@link ObjectIds} (the last object touched, then a
 * direct-mapped table indexed by identity hash, so a loop over a few arrays or objects takes the
 * shared map's lock only when it meets an object for the first time or two objects collide), the
 * classes it has used (ClassInitProbes) and its passes of each barrier (SyncBarrierEpisodes). The
 * cache holds the map's entries, which are weak references: it keeps no object of the program alive.
 */
final class ThreadState {
    /** Entries of the id cache; a power of two. */
    private static final int CACHED_IDS = 256;

    private TraceRecorder recorder;
    /** The calling thread's handle of the recorder this state was last used with. */
    ThreadRecorder handle;
    /** The entry of the last object touched; its id is {@code lastId}. */
    private WeakIdentityMap.Entry<Object, Long> last;
    long lastId;
    @SuppressWarnings("unchecked")
    private final WeakIdentityMap.Entry<Object, Long>[] ids = new WeakIdentityMap.Entry[CACHED_IDS];
    /** By class slot: this thread used the class since its end, or initialized it (ClassInitProbes). */
    private boolean[] classesUsed = new boolean[0];
    /** Barrier id → how many awaits of it this thread completed (SyncBarrierEpisodes). */
    final SyncBarrierEpisodes.LongCounts barrierPasses = new SyncBarrierEpisodes.LongCounts();

    /** The calling thread's state, with its handle for {@code r} (a new recorder starts afresh). */
    static ThreadState of(TraceRecorder r) {
        ThreadState s = RuntimeState.get().threads.get();
        if (s.recorder != r) {
            s.recorder = r;
            s.handle = r.thread();
            s.last = null;
            s.classesUsed = new boolean[0];
        }
        return s;
    }

    /** The calling thread's state, its handle for {@code r} and {@code object}'s id in {@link #lastId}. */
    static ThreadState of(TraceRecorder r, Object object) {
        ThreadState s = of(r);
        WeakIdentityMap.Entry<Object, Long> e = s.last;
        if (e == null || e.get() != object) {
            int slot = System.identityHashCode(object) & (CACHED_IDS - 1);
            e = s.ids[slot];
            if (e == null || e.get() != object) s.ids[slot] = e = RuntimeState.get().objects.entry(object);
            s.last = e;
            s.lastId = e.value;
        }
        return s;
    }

    /** Whether this is the thread's first use of class slot {@code slot}; marks it used. One array read once it is. */
    boolean firstClassUse(int slot) {
        boolean[] used = classesUsed;
        if (slot < used.length && used[slot]) return false;
        if (slot >= used.length) classesUsed = used = Arrays.copyOf(used, Math.max(2 * used.length, slot + 16));
        used[slot] = true;
        return true;
    }
}
