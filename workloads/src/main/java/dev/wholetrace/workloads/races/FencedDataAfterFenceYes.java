package dev.wholetrace.workloads.races;

import java.lang.invoke.VarHandle;

/**
 * The fenced publication of {@code FencedPublishNo} with the data written between the release fence and
 * the flag: the writer does {@code VarHandle.releaseFence(); data = 42; seq = 0;}, the reader spins on
 * {@code seq} with {@code VarHandle.acquireFence()} and reads {@code data}. The fence orders nothing
 * written after it. The first store after the fence is {@code data}, not the flag the reader's fence
 * reads: nothing is paired (docs/agent.md, "Fences"). Races on {@code data} and on the unpaired {@code seq}.
 */
public final class FencedDataAfterFenceYes {
    public static final String[] RACES = {"FencedDataAfterFenceYes.data", "FencedDataAfterFenceYes.seq"};

    long seq = -1;
    int data;

    public static void main(String[] args) throws Exception {
        FencedDataAfterFenceYes p = new FencedDataAfterFenceYes();
        Thread writer = new Thread(() -> {
            VarHandle.releaseFence();
            p.data = 42;
            p.seq = 0;
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
