package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * Heap-access probes: turn (object, offset) into a trace address and record the load or store.
 * Object identity comes from {@link ObjectIds} (exact, no hash collisions, one lock) behind a
 * per-thread cache of its entries: the last object touched, then a direct-mapped table indexed by
 * identity hash, so a loop over a few arrays or objects (a[i] = b[i] + c[i]) takes the shared
 * map's lock only when it meets an object for the first time or two objects collide. The cache
 * holds the map's entries, which are weak references: it keeps no object of the program alive.
 */
public final class HeapProbes {
    /** Entries of the per-thread id cache; a power of two. */
    private static final int CACHED_IDS = 256;

    /** Per thread: its recorder handle, the id cache, and which classes it has used (ClassInitProbes). */
    private static final class State {
        TraceRecorder recorder;
        ThreadRecorder handle;
        /** The entry of the last object touched; its id is {@code lastId}. */
        WeakIdentityMap.Entry<Object, Long> last;
        long lastId;
        @SuppressWarnings("unchecked")
        final WeakIdentityMap.Entry<Object, Long>[] ids = new WeakIdentityMap.Entry[CACHED_IDS];
        /** By class slot: this thread used the class since its end, or initialized it (ClassInitProbes). */
        boolean[] classesUsed = new boolean[0];
    }

    private static final ThreadLocal<State> STATE = ThreadLocal.withInitial(State::new);

    private HeapProbes() {}

    /** A field (or, for statics, the class object and the field's offset) was read. */
    public static void load(Object object, int offset, int site) {
        access(object, offset, site, false);
    }

    public static void store(Object object, int offset, int site) {
        access(object, offset, site, true);
    }

    /** Element {@code index} of {@code array} was read; {@code size} bytes per element. */
    public static void load(Object array, int index, int size, int site) {
        if (inBounds(array, index)) access(array, (long) index * size, site, false);
    }

    public static void store(Object array, int index, int size, int site) {
        if (inBounds(array, index)) access(array, (long) index * size, site, true);
    }

    /** After a volatile read: an acquire on the field's location (the class object for statics). */
    public static void volatileRead(Object object, int offset, int site) {
        volatileAccess(object, offset, site, SyncKind.VOLATILE_READ);
    }

    /** Before a volatile write: a release on the field's location. */
    public static void volatileWrite(Object object, int offset, int site) {
        volatileAccess(object, offset, site, SyncKind.VOLATILE_WRITE);
    }

    /** A volatile access of {@code object} at {@code offset} (also the atomics' values, see SyncAtomics). */
    static void volatileAccess(Object object, long offset, int site, SyncKind kind) {
        TraceRecorder r = Probes.recorder();
        if (r == null || object == null) return;
        try {
            State s = state(r, object);
            s.handle.sync(kind, site, Addresses.of(s.lastId, offset), 0);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** Only accesses that happen are recorded: not one that throws NullPointer- or IndexOutOfBounds. */
    private static boolean inBounds(Object array, int index) {
        return array != null && index >= 0 && index < Array.getLength(array);
    }

    /**
     * Whether this is the calling thread's first use of class slot {@code slot} while recording
     * into {@code r}; marks it used. One array read once the slot is marked.
     */
    static boolean firstClassUse(TraceRecorder r, int slot) {
        State s = state(r);
        boolean[] used = s.classesUsed;
        if (slot < used.length && used[slot]) return false;
        if (slot >= used.length) s.classesUsed = used = Arrays.copyOf(used, Math.max(2 * used.length, slot + 16));
        used[slot] = true;
        return true;
    }

    /** The calling thread's state, with its handle for {@code r} (a new recorder starts afresh). */
    private static State state(TraceRecorder r) {
        State s = STATE.get();
        if (s.recorder != r) {
            s.recorder = r;
            s.handle = r.thread();
            s.last = null;
            s.classesUsed = new boolean[0];
        }
        return s;
    }

    /**
     * {@code object}'s id through the calling thread's cache (the sync probes' path to ObjectIds:
     * a hot lock taken in a loop is then not a lookup under the shared map's lock every time).
     */
    static long objectId(TraceRecorder r, Object object) {
        return state(r, object).lastId;
    }

    /** A sync operation on {@code object}, through the calling thread's cached handle and id. */
    static void sync(TraceRecorder r, SyncKind kind, int site, Object object, long aux) {
        State s = state(r, object);
        s.handle.sync(kind, site, s.lastId, aux);
    }

    /** The calling thread's state, its handle for {@code r} and {@code object}'s id in it. */
    private static State state(TraceRecorder r, Object object) {
        State s = state(r);
        WeakIdentityMap.Entry<Object, Long> e = s.last;
        if (e == null || e.get() != object) {
            int slot = System.identityHashCode(object) & (CACHED_IDS - 1);
            e = s.ids[slot];
            if (e == null || e.get() != object) s.ids[slot] = e = Probes.OBJECTS.entry(object);
            s.last = e;
            s.lastId = e.value;
        }
        return s;
    }

    private static void access(Object object, long offset, int site, boolean store) {
        TraceRecorder r = Probes.recorder();
        if (r == null || object == null) return; // a null receiver throws right after, in the program
        try {
            State s = state(r, object);
            long address = Addresses.of(s.lastId, offset);
            if (store) s.handle.store(site, address);
            else s.handle.load(site, address);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }
}
