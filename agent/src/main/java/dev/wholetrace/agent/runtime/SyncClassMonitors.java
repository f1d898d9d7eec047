package dev.wholetrace.agent.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The monitor ids of static synchronized methods (their class objects), by the slot the
 * instrumenter gave each such method. Read without a lock on every call; written once per slot.
 * Only the id is kept, not the class, so a cached class can still be unloaded.
 */
final class SyncClassMonitors {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    private static volatile long[] ids = new long[64];

    private SyncClassMonitors() {}

    /** The id cached for {@code slot}, or 0 if none yet. */
    static long id(int slot) {
        long[] a = ids;
        return slot >= 0 && slot < a.length ? (long) SLOT.getAcquire(a, slot) : 0;
    }

    /** Caches and returns the id of {@code owner}, the class whose static synchronized method has {@code slot}. */
    static long resolve(int slot, Class<?> owner) {
        long id = Probes.OBJECTS.of(owner);
        if (slot < 0) return id;
        synchronized (SyncClassMonitors.class) {
            long[] a = ids;
            if (slot >= a.length) {
                a = Arrays.copyOf(a, Math.max(a.length * 2, slot + 1));
                ids = a;
            }
            SLOT.setRelease(a, slot, id);
        }
        return id;
    }
}
