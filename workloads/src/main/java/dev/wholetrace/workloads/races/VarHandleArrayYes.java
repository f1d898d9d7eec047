package dev.wholetrace.workloads.races;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An array-element VarHandle's hand-over bypassed: the writer publishes slot 0 with {@code
 * FLAGS.setRelease(flags, 0, 1)} and then writes {@code items[0]}; the reader spins on {@code
 * FLAGS.getAcquire(flags, 0)} and reads it. The write comes after the release. Race on {@code
 * items[]}.
 */
public final class VarHandleArrayYes {
    public static final String[] RACES = {"VarHandleArrayYes.items[]"};

    static final VarHandle FLAGS = MethodHandles.arrayElementVarHandle(int[].class);

    static int[] flags;
    static int[] items;

    public static void main(String[] args) throws Exception {
        flags = new int[1];
        items = new int[1];
        Thread writer = new Thread(() -> {
            FLAGS.setRelease(flags, 0, 1);
            items[0] = 42;
        });
        int[] seen = {0};
        Thread reader = new Thread(() -> {
            while ((int) FLAGS.getAcquire(flags, 0) == 0) Thread.yield();
            seen[0] = items[0]; // 0 or 42
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        if (seen[0] != 0 && seen[0] != 42) throw new AssertionError();
        System.out.println("done");
    }
}
