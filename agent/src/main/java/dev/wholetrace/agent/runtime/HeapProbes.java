package dev.wholetrace.agent.runtime;

import dev.wholetrace.core.event.Addresses;
import dev.wholetrace.core.record.TraceRecorder;
import java.lang.reflect.Array;

/**
 * Heap-access probes: turn (object, offset) into a trace address and record the load or store.
 * Object identity comes from {@link ObjectIds} (exact, no hash collisions); this is the slow path
 * the injected id fields and inline caches will replace.
 */
public final class HeapProbes {
    private HeapProbes() {}

    /** A field (or, for statics, the class object and the field's offset) was read. */
    public static void load(Object object, int offset, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null || object == null) return; // a null receiver throws right after, in the program
        try {
            r.thread().load(site, Addresses.of(Probes.OBJECTS.of(object), offset));
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    public static void store(Object object, int offset, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null || object == null) return;
        try {
            r.thread().store(site, Addresses.of(Probes.OBJECTS.of(object), offset));
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** Only accesses that happen are recorded: not one that throws NullPointer- or IndexOutOfBounds. */
    private static boolean inBounds(Object array, int index) {
        return array != null && index >= 0 && index < Array.getLength(array);
    }

    /** Element {@code index} of {@code array} was read; {@code size} bytes per element. */
    public static void load(Object array, int index, int size, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null || !inBounds(array, index)) return; // the program throws right after
        try {
            r.thread().load(site, Addresses.of(Probes.OBJECTS.of(array), (long) index * size));
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    public static void store(Object array, int index, int size, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null || !inBounds(array, index)) return;
        try {
            r.thread().store(site, Addresses.of(Probes.OBJECTS.of(array), (long) index * size));
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }
}
