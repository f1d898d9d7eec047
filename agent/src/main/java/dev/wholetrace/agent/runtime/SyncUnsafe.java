package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * {@code sun.misc.Unsafe}'s volatile, ordered and atomic accesses, as libraries make them (Netty and
 * the JCTools queues it ships, Agrona, older Caffeine): volatile accesses of the field or array
 * element that the (object, offset) pair names, at the address a direct access of it is recorded at,
 * so that an {@code putOrderedObject} of a queue slot and the consumer's {@code getObjectVolatile}
 * of it meet, as an {@code AtomicReferenceArray}'s {@code lazySet} and {@code get} do.
 *
 * <p>An offset says nothing by itself: the program gets it from {@code objectFieldOffset(Field)} or
 * {@code staticFieldOffset(Field)}, and {@link #fieldOffset}/{@link #staticFieldOffset}, called
 * after those calls, remember which field it names, per declaring class. An access with an offset
 * the agent never saw handed out records nothing (a missed edge can show a race that is not there;
 * it never hides one). Array elements need no such call: the element is (offset − base) / scale,
 * with the JVM's base and scale read from {@code sun.misc.Unsafe}'s own constants — reading them
 * calls no Unsafe method, which on JDK 24+ would print the program a warning it does not print
 * without the agent. A read acquires after it, a write ({@code putXVolatile}, {@code putOrderedX})
 * releases before it, a read-modify-write (CAS, even a failed one, {@code getAndAdd}, {@code
 * getAndSet}) does both, as for the atomics; plain {@code getX}/{@code putX} and the fences are not
 * recorded (docs/agent.md, "Not modelled").
 */
public final class SyncUnsafe {
    /** An offset the program got for a field: whether static, and the field's offset in the agent's address range. */
    private record Known(long unsafeOffset, boolean isStatic, long offset) {}

    /** Per declaring class, the offsets handed out for its fields; replaced whole (rare: class initialisers). */
    private static final class ClassOffsets {
        volatile Known[] known = new Known[0];

        synchronized void add(Known k) {
            Known[] old = known;
            for (Known o : old) if (o.unsafeOffset() == k.unsafeOffset() && o.isStatic() == k.isStatic()) return;
            Known[] grown = java.util.Arrays.copyOf(old, old.length + 1);
            grown[old.length] = k;
            known = grown;
        }

        /** The field at {@code unsafeOffset}, or −1. A class has a handful: a scan beats a hash. */
        long find(long unsafeOffset, boolean isStatic) {
            for (Known k : known) if (k.unsafeOffset() == unsafeOffset && k.isStatic() == isStatic) return k.offset();
            return -1;
        }
    }

    private static final ClassValue<ClassOffsets> OFFSETS = new ClassValue<>() {
        @Override
        protected ClassOffsets computeValue(Class<?> type) {
            return new ClassOffsets();
        }
    };

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
            FieldOffsets names = RuntimeState.get().fieldOffsets();
            if (names == null) return;
            Class<?> declaring = field.getDeclaringClass();
            long offset = names.offset(declaring.getName().replace('.', '/'), field.getName());
            OFFSETS.get(declaring).add(new Known(unsafeOffset, isStatic, offset));
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
        if (object instanceof Class<?> holder) { // a static field: HotSpot's staticFieldBase is the class
            long offset = OFFSETS.get(holder).find(unsafeOffset, true);
            if (offset >= 0) return offset;
        }
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            long offset = OFFSETS.get(c).find(unsafeOffset, false);
            if (offset >= 0) return offset;
        }
        return -1;
    }

    /** The JVM's array layout, from {@code sun.misc.Unsafe}'s public constants (read once, on the first array access). */
    private static final class ArrayLayout {
        private static final Class<?>[] COMPONENTS = {boolean.class, byte.class, short.class, char.class, int.class, long.class,
            float.class, double.class, Object.class};
        private static final String[] NAMES = {"BOOLEAN", "BYTE", "SHORT", "CHAR", "INT", "LONG", "FLOAT", "DOUBLE", "OBJECT"};
        /** The agent's element sizes, as a plain element access's address (SyncFieldHandles' array-element handles). */
        private static final int[] SIZES = {1, 1, 2, 2, 4, 8, 4, 8, 4};
        private static final int[] BASE = new int[COMPONENTS.length];
        private static final int[] SCALE = new int[COMPONENTS.length];

        static {
            try {
                Class<?> unsafe = Class.forName("sun.misc.Unsafe"); // loaded: the program is calling it
                for (int i = 0; i < NAMES.length; i++) {
                    BASE[i] = unsafe.getField("ARRAY_" + NAMES[i] + "_BASE_OFFSET").getInt(null);
                    SCALE[i] = unsafe.getField("ARRAY_" + NAMES[i] + "_INDEX_SCALE").getInt(null);
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                java.util.Arrays.fill(SCALE, 0); // unknown layout: array accesses record nothing
            }
        }

        static long elementOffset(Object array, Class<?> component, long unsafeOffset) {
            int k = component.isPrimitive() ? indexOf(component) : COMPONENTS.length - 1;
            if (k < 0 || SCALE[k] <= 0) return -1;
            long from = unsafeOffset - BASE[k];
            if (from < 0 || from % SCALE[k] != 0) return -1; // not an element's start: a byte-wise access the agent does not model
            long index = from / SCALE[k];
            return index < Array.getLength(array) ? index * SIZES[k] : -1;
        }

        private static int indexOf(Class<?> primitive) {
            for (int i = 0; i < COMPONENTS.length - 1; i++) if (COMPONENTS[i] == primitive) return i;
            return -1;
        }
    }
}
