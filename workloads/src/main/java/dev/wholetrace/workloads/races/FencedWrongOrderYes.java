package dev.wholetrace.workloads.races;

import java.lang.invoke.VarHandle;

/**
 * The fenced publication of {@code FencedPublishNo} with the data written after it: the writer does
 * {@code VarHandle.releaseFence(); seq = 0;} and only then writes {@code data}; the reader spins on
 * {@code seq} with {@code VarHandle.acquireFence()} and reads {@code data}. The fences order nothing
 * written after the release. Race on {@code data}.
 */
public final class FencedWrongOrderYes {
    public static final String[] RACES = {"FencedWrongOrderYes.data"};

    long seq = -1;
    int data;

    public static void main(String[] args) throws Exception {
        FencedWrongOrderYes p = new FencedWrongOrderYes();
        Thread writer = new Thread(() -> {
            VarHandle.releaseFence();
            p.seq = 0;
            p.data = 42;
        });
        Thread reader = new Thread(() -> {
            long s;
            while (true) {
                s = p.seq;
                VarHandle.acquireFence();
                if (s >= 0) break;
                Thread.yield();
            }
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
