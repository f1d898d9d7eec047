package dev.wholetrace.workloads.races;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * VarHandles on plain fields, as lock-free code writes them: a writer sets {@code data} and then
 * {@code READY.setRelease(this, true)}; the reader spins on {@code READY.getAcquire} and reads
 * {@code data} (release/acquire). Two threads increment {@code count} under a spin lock made of
 * {@code LOCK.compareAndSet(this, 0, 1)} and {@code LOCK.setVolatile(this, 0)}. No race.
 */
public final class VarHandleNo {
    public static final String[] RACES = {};

    static final VarHandle READY;
    static final VarHandle LOCK;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            READY = lookup.findVarHandle(VarHandleNo.class, "ready", boolean.class);
            LOCK = lookup.findVarHandle(VarHandleNo.class, "lock", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

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
        VarHandleNo p = new VarHandleNo();
        Thread writer = new Thread(() -> {
            p.data = 42;
            READY.setRelease(p, true);
            for (int i = 0; i < 100; i++) p.increment();
        });
        Thread reader = new Thread(() -> {
            while (!(boolean) READY.getAcquire(p)) Thread.yield();
            p.seen = p.data;
            for (int i = 0; i < 100; i++) p.increment();
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("seen=" + p.seen + " count=" + p.count);
    }
}
