package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Probes of the atomics' accessors (AtomicBoolean, AtomicInteger, AtomicLong, AtomicReference and
 * the three atomic arrays), matched by exact owner: an atomic's value is a volatile variable at
 * address (the atomic's id, 0), an array's element at (the array's id, index × 8). A read is a
 * volatile read after it, a write a volatile write before it, a read-modify-write both (see
 * docs/agent.md for why a failed CAS still counts as a write). One recorder call per probe, through
 * the per-thread cache of the last object's id ({@link ThreadState}): no allocation.
 */
public final class SyncAtomics {
    private SyncAtomics() {}

    /** Before a write or read-modify-write of an atomic's value. */
    public static void write(Object atomic, int site) {
        HeapProbes.volatileAccess(atomic, 0, site, SyncKind.VOLATILE_WRITE);
    }

    /** After a read or read-modify-write of an atomic's value, which returned {@code value}. Returns it. */
    public static boolean read(Object atomic, boolean value, int site) {
        HeapProbes.volatileAccess(atomic, 0, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static int read(Object atomic, int value, int site) {
        HeapProbes.volatileAccess(atomic, 0, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static long read(Object atomic, long value, int site) {
        HeapProbes.volatileAccess(atomic, 0, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static float read(Object atomic, float value, int site) {
        HeapProbes.volatileAccess(atomic, 0, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static double read(Object atomic, double value, int site) {
        HeapProbes.volatileAccess(atomic, 0, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static Object read(Object atomic, Object value, int site) {
        HeapProbes.volatileAccess(atomic, 0, site, SyncKind.VOLATILE_READ);
        return value;
    }

    /** Before setState or compareAndSetState of a program's AbstractQueuedSynchronizer (or AbstractQueuedLongSynchronizer). */
    public static void stateWrite(Object synchronizer, int site) {
        HeapProbes.volatileAccess(synchronizer, SyntheticOffsets.SYNCHRONIZER_STATE, site, SyncKind.VOLATILE_WRITE);
    }

    /** After getState returned {@code value}. Returns it. */
    public static int stateRead(Object synchronizer, int value, int site) {
        HeapProbes.volatileAccess(synchronizer, SyntheticOffsets.SYNCHRONIZER_STATE, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static long stateRead(Object synchronizer, long value, int site) {
        HeapProbes.volatileAccess(synchronizer, SyntheticOffsets.SYNCHRONIZER_STATE, site, SyncKind.VOLATILE_READ);
        return value;
    }

    /** After compareAndSetState returned {@code value}. Returns it. */
    public static boolean stateRead(Object synchronizer, boolean value, int site) {
        HeapProbes.volatileAccess(synchronizer, SyntheticOffsets.SYNCHRONIZER_STATE, site, SyncKind.VOLATILE_READ);
        return value;
    }

    /** Before a write or read-modify-write of element {@code index}: nothing if it is out of bounds (the call throws). */
    public static void elementWrite(Object array, int index, int site) {
        if (index >= 0 && index < length(array)) HeapProbes.volatileAccess(array, (long) index * 8, site, SyncKind.VOLATILE_WRITE);
    }

    /** After a read or read-modify-write of element {@code index} returned {@code value} (so the index was valid). Returns it. */
    public static boolean elementRead(Object array, boolean value, int index, int site) {
        HeapProbes.volatileAccess(array, (long) index * 8, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static int elementRead(Object array, int value, int index, int site) {
        HeapProbes.volatileAccess(array, (long) index * 8, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static long elementRead(Object array, long value, int index, int site) {
        HeapProbes.volatileAccess(array, (long) index * 8, site, SyncKind.VOLATILE_READ);
        return value;
    }

    public static Object elementRead(Object array, Object value, int index, int site) {
        HeapProbes.volatileAccess(array, (long) index * 8, site, SyncKind.VOLATILE_READ);
        return value;
    }

    /** The atomic array's length; 0 for null (the call throws NullPointerException). */
    private static int length(Object array) {
        if (array instanceof AtomicIntegerArray a) return a.length();
        if (array instanceof AtomicLongArray a) return a.length();
        if (array instanceof AtomicReferenceArray<?> a) return a.length();
        return 0;
    }
}
