package dev.wholetrace.workloads.races;

/**
 * Publication through a volatile flag: the writer sets {@code data}, then the volatile {@code
 * ready}; the reader spins on {@code ready} (volatile reads: not data accesses) and then reads
 * {@code data}. The volatile write/read pair orders the two accesses of {@code data}. No race.
 */
public final class VolatilePublishNo {
    public static final String[] RACES = {};

    int data;
    volatile boolean ready;
    int seen; // the reader's result, read by main after the join

    public static void main(String[] args) throws Exception {
        VolatilePublishNo p = new VolatilePublishNo();
        Thread writer = new Thread(() -> {
            p.data = 42;
            p.ready = true;
        });
        Thread reader = new Thread(() -> {
            while (!p.ready) Thread.yield();
            p.seen = p.data;
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("seen=" + p.seen);
    }
}
