package dev.wholetrace.workloads.races;

import java.lang.invoke.VarHandle;

/**
 * Publication with fences on plain fields, as LMAX Disruptor 4's {@code Sequence} does it (and Log4j 2's
 * asynchronous loggers through it): the writer fills {@code data}, then {@code VarHandle.releaseFence()}
 * and a plain write of {@code seq}; the reader spins on a plain read of {@code seq} followed by
 * {@code VarHandle.acquireFence()}, then reads {@code data}. The fences order the hand-over (docs/agent.md,
 * "Fences"). No race.
 */
public final class FencedPublishNo {
    public static final String[] RACES = {};

    long seq = -1;
    int data;

    long get() {
        long v = seq;
        VarHandle.acquireFence();
        return v;
    }

    void set(long v) {
        VarHandle.releaseFence();
        seq = v;
    }

    public static void main(String[] args) throws Exception {
        FencedPublishNo p = new FencedPublishNo();
        int[] seen = new int[1];
        Thread writer = new Thread(() -> {
            p.data = 42;
            p.set(0);
        });
        Thread reader = new Thread(() -> {
            while (p.get() < 0) Thread.yield();
            seen[0] = p.data;
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("seen=" + seen[0]);
    }
}
