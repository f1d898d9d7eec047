package dev.wholetrace.workloads.races;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The release comes before the data: the writer does {@code READY.setRelease(this, true)} and
 * then writes {@code data}; the reader spins on {@code READY.getAcquire} and reads {@code data}.
 * Race on {@code data}.
 */
public final class VarHandleYes {
    public static final String[] RACES = {"VarHandleYes.data"};

    static final VarHandle READY;

    static {
        try {
            READY = MethodHandles.lookup().findVarHandle(VarHandleYes.class, "ready", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    boolean ready;
    int data;

    public static void main(String[] args) throws Exception {
        VarHandleYes p = new VarHandleYes();
        Thread writer = new Thread(() -> {
            READY.setRelease(p, true);
            p.data = 42;
        });
        Thread reader = new Thread(() -> {
            while (!(boolean) READY.getAcquire(p)) Thread.yield();
            int d = p.data; // 0 or 42
            if (d != 0 && d != 42) throw new AssertionError();
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
