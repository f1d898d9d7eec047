package dev.wholetrace.workloads.races;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Publication through an AtomicBoolean: the writer sets the plain {@code data} and then {@code
 * ready.set(true)}; the reader spins on {@code ready.get()} and reads {@code data}. The atomic's
 * set and get are a volatile write and read. No race.
 */
public final class AtomicPublishNo {
    public static final String[] RACES = {};

    private final AtomicBoolean ready = new AtomicBoolean();
    private int data;
    private int seen;

    public static void main(String[] args) throws Exception {
        AtomicPublishNo p = new AtomicPublishNo();
        Thread writer = new Thread(() -> {
            p.data = 23;
            p.ready.set(true);
        });
        Thread reader = new Thread(() -> {
            while (!p.ready.get()) Thread.yield();
            p.seen = p.data;
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("seen=" + p.seen);
    }
}
