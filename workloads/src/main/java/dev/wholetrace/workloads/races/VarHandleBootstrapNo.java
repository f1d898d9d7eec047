package dev.wholetrace.workloads.races;

import java.lang.invoke.ConstantBootstraps;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * VarHandles made the other ways libraries make them (Caffeine's queues and caches, JCTools):
 * {@code ConstantBootstraps.fieldVarHandle} and {@code staticFieldVarHandle} (JDK 15+, no checked
 * exception), and {@code findVarHandle} with a field name computed at run time. A writer sets
 * {@code data}, then {@code READY.setRelease(this, true)}; the reader spins on {@code getAcquire} and
 * reads it; two threads count under a spin lock made of {@code LOCK.compareAndSet} and {@code
 * setVolatile} (the computed handle); the writer publishes {@code note} through the static
 * {@code NOTED} flag. No race.
 */
public final class VarHandleBootstrapNo {
    public static final String[] RACES = {};

    static final VarHandle READY;
    static final VarHandle NOTED;
    static final VarHandle LOCK;

    static {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        READY = ConstantBootstraps.fieldVarHandle(lookup, "ready", VarHandle.class, VarHandleBootstrapNo.class, boolean.class);
        NOTED = ConstantBootstraps.staticFieldVarHandle(lookup, "noted", VarHandle.class, VarHandleBootstrapNo.class, boolean.class);
        try {
            LOCK = lookup.findVarHandle(VarHandleBootstrapNo.class, String.join("", "lo", "ck"), int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static boolean noted;
    static String note;
    boolean ready;
    int lock;
    int data;
    int seen;
    int count;

    void increment() {
        while (!LOCK.compareAndSet(this, 0, 1)) Thread.yield();
        count++;
        LOCK.setVolatile(this, 0);
    }

    public static void main(String[] args) throws Exception {
        NOTED.setVolatile(false);
        note = null;
        VarHandleBootstrapNo p = new VarHandleBootstrapNo();
        Thread writer = new Thread(() -> {
            p.data = 42;
            READY.setRelease(p, true);
            note = "written";
            NOTED.setRelease(true);
            for (int i = 0; i < 100; i++) p.increment();
        });
        Thread reader = new Thread(() -> {
            while (!(boolean) READY.getAcquire(p)) Thread.yield();
            p.seen = p.data;
            while (!(boolean) NOTED.getAcquire()) Thread.yield();
            p.seen += note.length();
            for (int i = 0; i < 100; i++) p.increment();
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("seen=" + p.seen + " count=" + p.count);
    }
}
