package dev.wholetrace.agent.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * Values by slot, the small numbers the instrumenter hands out (a class with an initializer, a
 * static synchronized method): read without a lock on every probe call, written once per slot
 * (under the table's lock, growing it by copy).
 */
final class SlotTable<T> {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private volatile Object[] values = new Object[64];

    /**
     * The value at {@code slot}, or null if none yet. A plain read and an acquire fence, the
     * ordering of {@code SLOT.getAcquire} without the VarHandle, whose guards and casts stay real
     * calls wherever the JIT does not inline them (C1 code, large instrumented methods: this is
     * read by a probe in the program's code; overhead-profile.md, session 34).
     */
    @SuppressWarnings("unchecked")
    T get(int slot) {
        Object[] a = values;
        if (slot < 0 || slot >= a.length) return null;
        Object v = a[slot];
        VarHandle.acquireFence();
        return (T) v;
    }

    synchronized void set(int slot, T value) {
        Object[] a = values;
        if (slot >= a.length) {
            a = Arrays.copyOf(a, Math.max(a.length * 2, slot + 1));
            values = a;
        }
        SLOT.setRelease(a, slot, value);
    }

    synchronized void clear() {
        values = new Object[64];
    }
}
