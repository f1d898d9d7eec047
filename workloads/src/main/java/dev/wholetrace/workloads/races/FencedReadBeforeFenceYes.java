package dev.wholetrace.workloads.races;

import java.lang.invoke.VarHandle;

/**
 * The fenced publication of {@code FencedPublishNo} with the data read between the flag and the acquire
 * fence: the writer does {@code data = 42; VarHandle.releaseFence(); seq = 0;}, the reader reads
 * {@code s = seq; d = data; VarHandle.acquireFence();}. The fence orders nothing
 * read before it. The last load before the fence is {@code data}, not the flag the writer's fence
 * publishes: nothing is paired (docs/agent.md, "Fences"). Races on {@code data} and on the unpaired {@code seq}.
 */
public final class FencedReadBeforeFenceYes {
    public static final String[] RACES = {"FencedReadBeforeFenceYes.data", "FencedReadBeforeFenceYes.seq"};

    long seq = -1;
    int data;

    public static void main(String[] args) throws Exception {
        FencedReadBeforeFenceYes p = new FencedReadBeforeFenceYes();
        Thread writer = new Thread(() -> {
            p.data = 42;
            VarHandle.releaseFence();
            p.seq = 0;
        });
        // One read, not a spin: a data read in a loop that the racy flag keeps going is reported as an
        // artifact of the flag's race, and whether the loop goes round depends on the schedule.
        Thread reader = new Thread(() -> {
            long s = p.seq;
            int d = p.data; // 0 or 42
            VarHandle.acquireFence();
            if (s >= 0 && d != 42 && d != 0) throw new AssertionError();
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
