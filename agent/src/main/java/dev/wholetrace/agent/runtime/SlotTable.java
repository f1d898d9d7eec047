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

    /** The value at {@code slot}, or null if none yet. */
    @SuppressWarnings("unchecked")
    T get(int slot) {
        Object[] a = values;
        return slot >= 0 && slot < a.length ? (T) SLOT.getAcquire(a, slot) : null;
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
