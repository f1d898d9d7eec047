package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;

/**
 * Atomic field updaters ({@code AtomicIntegerFieldUpdater}, {@code AtomicLongFieldUpdater}, {@code
 * AtomicReferenceFieldUpdater}) and VarHandles on fields: their atomic accesses are volatile
 * accesses of the field they name, at the field's own address (the object's id or, for a static
 * field, its class object's, and the field's slot), the address a direct access of the volatile
 * field is recorded at. A handle does not say which field it names, so the instrumenter
 * recognises the program's {@code newUpdater(C.class, "f")} and {@code findVarHandle(C.class, "f",
 * T.class)} calls with constant arguments and {@link #named} remembers, in a weak identity map,
 * the field's slot for the handle they returned. An access through a handle made elsewhere (in a
 * library the agent does not instrument, or from computed arguments) records nothing
 * (docs/agent.md). A read acquires after it, a write releases before it, a read-modify-write
 * (CAS, even a failed one, as for the atomics) does both.
 */
public final class SyncFieldHandles {
    /** The field a handle names: its slot's offset, and its class for a static field (null for an instance field). */
    record Field(Class<?> staticOwner, long offset) {}

    private SyncFieldHandles() {}

    /** After a {@code newUpdater} or {@code findVarHandle}/{@code findStaticVarHandle} call returned {@code handle}. */
    public static void named(Object handle, Class<?> staticOwner, int offset) {
        if (handle == null || Probes.recorder() == null) return;
        try {
            RuntimeState.get().fieldHandles.put(handle, new Field(staticOwner, offset));
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** Before a write or read-modify-write through {@code handle} of {@code object}'s field (object unused for a static one). */
    public static void write(Object handle, Object object, int site) {
        access(handle, object, site, SyncKind.VOLATILE_WRITE);
    }

    /** After a read or read-modify-write through {@code handle} returned {@code value}. Returns it. */
    public static int read(Object handle, int value, Object object, int site) {
        access(handle, object, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static long read(Object handle, long value, Object object, int site) {
        access(handle, object, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static boolean read(Object handle, boolean value, Object object, int site) {
        access(handle, object, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static Object read(Object handle, Object value, Object object, int site) {
        access(handle, object, site, SyncKind.VOLATILE_READ);
        return value;
    }

    /** After a VarHandle read or read-modify-write (its result, of any type, stays on the program's stack). */
    public static void read(Object handle, Object object, int site) {
        access(handle, object, site, SyncKind.VOLATILE_READ);
    }

    private static void access(Object handle, Object object, int site, SyncKind kind) {
        if (handle == null || Probes.recorder() == null) return;
        Field f;
        try {
            f = RuntimeState.get().fieldHandles.get(handle);
        } catch (Throwable e) {
            Probes.fail(e);
            return;
        }
        if (f == null) return; // made where the agent did not see it
        HeapProbes.volatileAccess(f.staticOwner() != null ? f.staticOwner() : object, f.offset(), site, kind);
    }
}
