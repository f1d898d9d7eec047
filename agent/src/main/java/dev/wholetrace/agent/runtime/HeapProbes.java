package dev.wholetrace.agent.runtime;

import dev.wholetrace.core.event.Addresses;
import dev.wholetrace.core.event.SyncKind;
import dev.wholetrace.core.record.ThreadRecorder;
import dev.wholetrace.core.record.TraceRecorder;
import java.lang.reflect.Array;

/**
 * Heap-access probes: turn (object, offset) into a trace address and record the load or store.
 * Object identity comes from {@link ObjectIds} (exact, no hash collisions) behind a one-entry
 * cache per thread, so a loop over one array or one object's fields takes the shared map's lock
 * once, not at every access. The injected id fields the agent issue asks for will replace the map.
 */
public final class HeapProbes {
    /**
     * Per thread: its recorder handle and the last object it touched with that object's id. The
     * strong reference keeps at most one object per thread alive a little longer; it also means a
     * cached id can never belong to an object that died and was replaced at the same address.
     */
    private static final class State {
        TraceRecorder recorder;
        ThreadRecorder handle;
        Object last;
        long lastId;
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

    /** The calling thread's state, its handle for {@code r} and {@code object}'s id in it. */
    private static State state(TraceRecorder r, Object object) {
        State s = STATE.get();
        if (s.recorder != r) {
            s.recorder = r;
            s.handle = r.thread();
            s.last = null;
        }
        if (s.last != object) {
            s.lastId = Probes.OBJECTS.of(object);
            s.last = object;
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
