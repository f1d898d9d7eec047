package dev.wholetrace.workloads.races;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An array-element VarHandle ({@code MethodHandles.arrayElementVarHandle}) as a lock-free buffer
 * uses one: a writer fills {@code items[i]} and publishes slot i with {@code
 * FLAGS.setRelease(flags, i, 1)}; the reader spins on {@code FLAGS.getAcquire(flags, i)} and reads
 * {@code items[i]}. Two threads increment {@code counts[0]} under a spin lock made of {@code
 * FLAGS.compareAndSet(flags, 3, 0, 1)} and {@code FLAGS.setVolatile(flags, 3, 0)}. No race.
 */
public final class VarHandleArrayNo {
    public static final String[] RACES = {};

    static final VarHandle FLAGS = MethodHandles.arrayElementVarHandle(int[].class);

    static int[] flags;
    static int[] items;
    static int[] counts;

    static void increment() {
        while (!FLAGS.compareAndSet(flags, 3, 0, 1)) Thread.yield();
        counts[0]++;
        FLAGS.setVolatile(flags, 3, 0);
    }

    public static void main(String[] args) throws Exception {
        flags = new int[4];
        items = new int[3];
        counts = new int[1];
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 3; i++) {
                items[i] = 10 * (i + 1);
                FLAGS.setRelease(flags, i, 1);
            }
            for (int i = 0; i < 100; i++) increment();
        });
        int[] sum = {0};
        Thread reader = new Thread(() -> {
            for (int i = 0; i < 3; i++) {
                while ((int) FLAGS.getAcquire(flags, i) == 0) Thread.yield();
                sum[0] += items[i];
            }
            for (int i = 0; i < 100; i++) increment();
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("sum=" + sum[0] + " count=" + counts[0]);
    }
}
