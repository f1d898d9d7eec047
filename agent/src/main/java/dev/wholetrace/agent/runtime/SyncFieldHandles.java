package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;

/**
 * Atomic field updaters ({@code AtomicIntegerFieldUpdater}, {@code AtomicLongFieldUpdater}, {@code
 * AtomicReferenceFieldUpdater}) and VarHandles on fields: their atomic accesses are volatile
 * accesses of the field they name, at the field's own address (the object's id or, for a static
 * field, its class object's, and the field's slot), the address a direct access of the volatile
 * field is recorded at. A handle does not say which field it names, so the instrumenter
 * recognises the program's {@code newUpdater(C.class, "f")} and {@code findVarHandle(C.class, "f",
 * T.class)} calls with constant arguments (and {@code ConstantBootstraps.fieldVarHandle}'s) and
 * {@link #named} remembers, in a weak identity map, the field's slot for the handle they returned.
 * A VarHandle on an instance field made elsewhere (in a library the agent does not instrument, or
 * from computed arguments) is resolved at its first access from its own description ({@code
 * describeConstable}: the field's name; its declaring class found from the receiver type up); an
 * updater or a static-field VarHandle made elsewhere records nothing (docs/agent.md). A read
 * acquires after it, a write releases before it, a read-modify-write (CAS, even a failed one, as
 * for the atomics) does both.
 */
public final class SyncFieldHandles {
    /**
     * The field a handle names: its slot's offset, and its class for a static field (null for an
     * instance field); or, for an array-element VarHandle, the element's size ({@code elementSize}
     * &gt; 0: the address is the element's, (array id, index × size), as a plain element access's).
     */
    record Field(Class<?> staticOwner, long offset, int elementSize) {
        Field(Class<?> staticOwner, long offset) {
            this(staticOwner, offset, 0);
        }
    }

    /** A VarHandle the agent cannot resolve (a field handle made where it did not see the constants): remembered so, not asked again. */
    private static final Field UNKNOWN = new Field(null, -1, 0);

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

    /** Before a VarHandle write or read-modify-write of {@code object} (an array: its element {@code index}). */
    public static void handleWrite(Object handle, Object object, int index, int site) {
        handleAccess(handle, object, index, site, SyncKind.VOLATILE_WRITE);
    }

    /** After a VarHandle read or read-modify-write (its result, of any type, stays on the program's stack). */
    public static void handleRead(Object handle, Object object, int index, int site) {
        handleAccess(handle, object, index, site, SyncKind.VOLATILE_READ);
    }

    /**
     * A VarHandle access: a field handle the program made where the agent saw it ({@link #named}), or
     * one made anywhere that says what it is, resolved at its first access, once per handle
     * ({@code MethodHandles.arrayElementVarHandle}'s, and an instance field's: {@link #resolve}).
     */
    private static void handleAccess(Object handle, Object object, int index, int site, SyncKind kind) {
        if (handle == null || Probes.recorder() == null) return;
        Field f;
        try {
            WeakIdentityMap<Object, Field> handles = RuntimeState.get().fieldHandles;
            f = handles.get(handle);
            if (f == null) {
                f = resolve(handle);
                handles.put(handle, f);
            }
        } catch (Throwable e) {
            Probes.fail(e);
            return;
        }
        if (f == UNKNOWN) return;
        if (f.elementSize() == 0) {
            HeapProbes.volatileAccess(f.staticOwner() != null ? f.staticOwner() : object, f.offset(), site, kind);
        } else if (object != null && object.getClass().isArray() && index >= 0 && index < java.lang.reflect.Array.getLength(object)) {
            HeapProbes.volatileAccess(object, (long) index * f.elementSize(), site, kind); // out of bounds: the access throws, nothing happened
        }
    }

    /**
     * A handle first met at an access: an array-element VarHandle (coordinates: an array and an int
     * index; its variable is the component) by its element size; an instance field's (one coordinate,
     * the receiver) by {@link #instanceField}; otherwise unknown.
     */
    private static Field resolve(Object handle) {
        if (!(handle instanceof java.lang.invoke.VarHandle vh)) return UNKNOWN;
        java.util.List<Class<?>> c = vh.coordinateTypes();
        if (c.size() == 2 && c.get(0).isArray() && c.get(1) == int.class && c.get(0).getComponentType() == vh.varType()) {
            return new Field(null, 0, ElementSizes.of(vh.varType()));
        }
        if (c.size() == 1 && !c.get(0).isArray()) return instanceField(vh, c.get(0));
        return UNKNOWN;
    }

    /**
     * The instance field a VarHandle made where the agent did not see its constants names: the JDK
     * describes a field handle by the field's name (empty for a hidden class's); the declaring class is
     * the first class from the receiver type up that declares a non-static field of that name and type
     * (the one the handle's offset lies in, unless a subclass hides a field of the same name and type).
     * A handle on an inherited field (made on a subclass) has no description: unknown.
     */
    private static Field instanceField(java.lang.invoke.VarHandle vh, Class<?> receiver) {
        java.util.Optional<java.lang.invoke.VarHandle.VarHandleDesc> d;
        try {
            d = vh.describeConstable();
        } catch (InternalError | RuntimeException e) {
            // a field the receiver type inherits: the JDK (17 to 25) seeks the handle's offset among the
            // receiver's own fields and throws; the program's failure to describe, not the agent's, so
            // the handle stays unknown rather than stopping the recording
            return UNKNOWN;
        }
        FieldOffsets names = RuntimeState.get().fieldOffsets();
        if (d.isEmpty() || names == null) return UNKNOWN;
        String name = d.get().constantName();
        for (Class<?> k = receiver; k != null; k = k.getSuperclass()) {
            for (java.lang.reflect.Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name) && f.getType() == vh.varType() && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    return new Field(null, names.offset(k.getName().replace('.', '/'), name));
                }
            }
        }
        return UNKNOWN;
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
