package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;

/**
 * {@code sun.misc.Unsafe}'s volatile, ordered and atomic accesses, as libraries make them (Netty and
 * the JCTools queues it ships, Agrona, older Caffeine): volatile accesses of the field or array
 * element that the (object, offset) pair names, at the address a direct access of it is recorded at,
 * so that a {@code putOrderedObject} of a queue slot and the consumer's {@code getObjectVolatile}
 * of it meet, as an {@code AtomicReferenceArray}'s {@code lazySet} and {@code get} do.
 *
 * <p>An offset says nothing by itself: the program gets it from {@code objectFieldOffset(Field)} or
 * {@code staticFieldOffset(Field)}, and {@link #fieldOffset}/{@link #staticFieldOffset}, called
 * after those calls, remember which field it names, per declaring class ({@link Offsets}, kept by
 * the recording's {@link RuntimeState}). An access with an offset the agent never saw handed out
 * records nothing: a missed edge can show a race that is not there, never hide one. Array elements
 * need no such call: the element is (offset − base) / scale, with the JVM's base and scale read from
 * {@code sun.misc.Unsafe}'s own constants — reading them calls no Unsafe method, which on JDK 24+
 * would print the program a warning it does not print without the agent. A read acquires after it,
 * a write ({@code putXVolatile}, {@code putOrderedX}) releases before it, a read-modify-write does
 * both ({@code getAndAdd}, {@code getAndSet}, and a CAS even when it fails, as for the atomics:
 * docs/agent.md); plain {@code getX}/{@code putX} and the fences are not recorded (docs/agent.md,
 * "Not modelled").
 */
public final class SyncUnsafe {
    private SyncUnsafe() {}

    /** After {@code objectFieldOffset(field)} returned {@code unsafeOffset}. */
    public static void fieldOffset(long unsafeOffset, Field field) {
        learn(unsafeOffset, field, false);
    }

    /** After {@code staticFieldOffset(field)} returned {@code unsafeOffset}. */
    public static void staticFieldOffset(long unsafeOffset, Field field) {
        learn(unsafeOffset, field, true);
    }

    private static void learn(long unsafeOffset, Field field, boolean isStatic) {
        if (field == null || Probes.recorder() == null || Modifier.isStatic(field.getModifiers()) != isStatic) return;
        try {
            RuntimeState state = RuntimeState.get();
            FieldOffsets names = state.fieldOffsets();
            if (names == null) return;
            Class<?> declaring = field.getDeclaringClass();
            long offset = names.offset(declaring.getName().replace('.', '/'), field.getName());
            state.unsafeOffsets().get(declaring).add(unsafeOffset, isStatic, offset);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** Before a volatile or ordered write, or a read-modify-write, of {@code object} at {@code unsafeOffset}. */
    public static void write(Object object, long unsafeOffset, int site) {
        access(object, unsafeOffset, site, SyncKind.VOLATILE_WRITE);
    }

    /** After a volatile read, or a read-modify-write (its result stays on the program's stack). */
    public static void read(Object object, long unsafeOffset, int site) {
        access(object, unsafeOffset, site, SyncKind.VOLATILE_READ);
    }

    private static void access(Object object, long unsafeOffset, int site, SyncKind kind) {
        if (object == null || Probes.recorder() == null) return;
        long offset;
        try {
            offset = offsetOf(object, unsafeOffset);
        } catch (Throwable e) {
            Probes.fail(e);
            return;
        }
        if (offset >= 0) HeapProbes.volatileAccess(object, offset, site, kind);
    }

    /** The agent's offset of what ({@code object}, {@code unsafeOffset}) names, or −1 when not known. */
    private static long offsetOf(Object object, long unsafeOffset) {
        Class<?> type = object.getClass();
        if (type.isArray()) return ArrayLayout.elementOffset(object, type.getComponentType(), unsafeOffset);
        ClassValue<Offsets> offsets = RuntimeState.get().unsafeOffsets();
        if (object instanceof Class<?> holder) { // a static field: HotSpot's staticFieldBase is the class
            long offset = offsets.get(holder).find(unsafeOffset, true);
            if (offset != Offsets.ABSENT) return offset;
        }
        Offsets own = offsets.get(type);
        long offset = own.find(unsafeOffset, false);
        if (offset != Offsets.ABSENT) return offset;
        // first use of this offset on this class: find it where it is declared, then remember it
        // (or that it is unknown) on the class itself, so that the next access is one lookup
        offset = Offsets.UNKNOWN;
        for (Class<?> c = type.getSuperclass(); c != null && offset == Offsets.UNKNOWN; c = c.getSuperclass()) {
            long declared = offsets.get(c).find(unsafeOffset, false);
            if (declared >= 0) offset = declared;
        }
        own.add(unsafeOffset, false, offset);
        return offset;
    }

    /**
     * A class's offsets: for each offset the program got for one of its fields, or accessed on one
     * of its objects, the field's offset in the agent's address range ({@link #UNKNOWN}: none of its
     * classes declares it). A handful per class, so a scan, over an array replaced whole (rare:
     * class initialisers and first uses).
     */
    static final class Offsets {
        /** Not in the table. */
        static final long ABSENT = -2;
        /** Looked up and found in no class of the object: an access with it records nothing. */
        static final long UNKNOWN = -1;
        /** Triples (Unsafe offset, 1 if static else 0, agent offset). */
        private volatile long[] known = new long[0];

        synchronized void add(long unsafeOffset, boolean isStatic, long offset) {
            long[] old = known;
            for (int i = 0; i < old.length; i += 3) if (old[i] == unsafeOffset && old[i + 1] == (isStatic ? 1 : 0)) return;
            long[] grown = Arrays.copyOf(old, old.length + 3);
            grown[old.length] = unsafeOffset;
            grown[old.length + 1] = isStatic ? 1 : 0;
            grown[old.length + 2] = offset;
            known = grown;
        }

        long find(long unsafeOffset, boolean isStatic) {
            long[] k = known;
            for (int i = 0; i < k.length; i += 3) if (k[i] == unsafeOffset && k[i + 1] == (isStatic ? 1 : 0)) return k[i + 2];
            return ABSENT;
        }
    }

    /** The JVM's array layout, from {@code sun.misc.Unsafe}'s public constants (read once, on the first array access). */
    private static final class ArrayLayout {
        private static final Class<?>[] COMPONENTS = {boolean.class, byte.class, short.class, char.class, int.class, long.class,
            float.class, double.class, Object.class};
        private static final String[] NAMES = {"BOOLEAN", "BYTE", "SHORT", "CHAR", "INT", "LONG", "FLOAT", "DOUBLE", "OBJECT"};
        private static final int[] BASE = new int[COMPONENTS.length];
        private static final int[] SCALE = new int[COMPONENTS.length];
        /** The agent's element size per component ({@link ElementSizes}), worked out once: the probes ask per access. */
        private static final int[] SIZE = new int[COMPONENTS.length];

        static {
            for (int i = 0; i < COMPONENTS.length; i++) SIZE[i] = ElementSizes.of(COMPONENTS[i]);
            try {
                Class<?> unsafe = Class.forName("sun.misc.Unsafe"); // loaded: the program is calling it
                for (int i = 0; i < NAMES.length; i++) {
                    BASE[i] = unsafe.getField("ARRAY_" + NAMES[i] + "_BASE_OFFSET").getInt(null);
                    SCALE[i] = unsafe.getField("ARRAY_" + NAMES[i] + "_INDEX_SCALE").getInt(null);
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                Arrays.fill(SCALE, 0);
                AgentLog.once("unsafe-arrays", "Unsafe's array layout is unknown (" + e + "): its accesses of array elements record nothing");
            }
        }

        static long elementOffset(Object array, Class<?> component, long unsafeOffset) {
            int k = component.isPrimitive() ? indexOf(component) : COMPONENTS.length - 1;
            if (k < 0 || SCALE[k] <= 0) return -1;
            long from = unsafeOffset - BASE[k];
            if (from < 0 || from % SCALE[k] != 0) return -1; // not an element's start: a byte-wise access the agent does not model
            long index = from / SCALE[k];
            return index < Array.getLength(array) ? index * SIZE[k] : -1;
        }

        private static int indexOf(Class<?> primitive) {
            for (int i = 0; i < COMPONENTS.length - 1; i++) if (COMPONENTS[i] == primitive) return i;
            return -1;
        }
    }
}
