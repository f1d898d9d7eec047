package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.recorder.TraceRecorder;
import java.lang.reflect.Array;

/**
 * Heap-access probes: turn (object, offset) into a trace address and record the load or store.
 * Object identity comes from {@link ObjectIds} (exact, no hash collisions, no lock) behind a
 * per-thread cache of its entries ({@link ThreadState}), so a loop over a few arrays or objects
 * (a[i] = b[i] + c[i]) goes to the shared table only when it meets an object for the first time.
 */
public final class HeapProbes {
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
            ThreadState s = ThreadState.of(r, object);
            s.handle.sync(kind, site, Addresses.of(s.lastId, offset), 0);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** {@link #volatileAccess(Object, long, int, SyncKind)} from a JDK hook, with the bridge's thread array (ThreadState.of). */
    static void volatileAccess(Object[] thread, Object object, long offset, int site, SyncKind kind) {
        TraceRecorder r = Probes.recorder();
        if (r == null || object == null) return;
        try {
            ThreadState s = ThreadState.of(thread, r, object);
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
        return ThreadState.of(r).firstClassUse(slot);
    }

    /**
     * {@code object}'s id through the calling thread's cache (the sync probes' path to ObjectIds:
     * a hot lock taken in a loop is then not a lookup in the shared table every time).
     */
    static long objectId(TraceRecorder r, Object object) {
        return ThreadState.of(r, object).lastId;
    }

    /** A sync operation on {@code object}, through the calling thread's cached handle and id. */
    static void sync(TraceRecorder r, SyncKind kind, int site, Object object, long aux) {
        ThreadState s = ThreadState.of(r, object);
        s.handle.sync(kind, site, s.lastId, aux);
    }

    /** A load or store of (object, offset); package-private for the pseudo-locations of {@link CollectionProbes}. */
    static void access(Object object, long offset, int site, boolean store) {
        TraceRecorder r = Probes.recorder();
        if (r == null || object == null) return; // a null receiver throws right after, in the program
        try {
            ThreadState s = ThreadState.of(r, object);
            long address = Addresses.of(s.lastId, offset);
            if (store) s.handle.store(site, address);
            else s.handle.load(site, address);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }
}
