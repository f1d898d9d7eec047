package dev.wholetrace.workloads.races;

import java.lang.invoke.ConstantBootstraps;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A handle from {@code ConstantBootstraps.fieldVarHandle}, used late: the writer sets {@code ready}
 * with {@code setRelease} and only then writes {@code data}; the reader waits for the flag and reads
 * {@code data}. Race on {@code data} (the release orders nothing written after it).
 */
public final class VarHandleBootstrapYes {
    public static final String[] RACES = {"VarHandleBootstrapYes.data"};

    static final VarHandle READY = ConstantBootstraps.fieldVarHandle(MethodHandles.lookup(), "ready", VarHandle.class,
            VarHandleBootstrapYes.class, boolean.class);

    boolean ready;
    int data;

    public static void main(String[] args) throws Exception {
        VarHandleBootstrapYes p = new VarHandleBootstrapYes();
        Thread writer = new Thread(() -> {
            READY.setRelease(p, true);
            p.data = 42;
        });
        int[] seen = new int[1];
        Thread reader = new Thread(() -> {
            while (!(boolean) READY.getAcquire(p)) Thread.yield();
            seen[0] = p.data; // 0 or 42
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        if (seen[0] != 0 && seen[0] != 42) throw new AssertionError();
        System.out.println("done");
    }
}
