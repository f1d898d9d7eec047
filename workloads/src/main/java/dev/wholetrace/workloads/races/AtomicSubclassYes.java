package dev.wholetrace.workloads.races;

import java.util.concurrent.atomic.AtomicLong;

/**
 * An application subclass of AtomicLong whose hand-over is bypassed: the writer bumps the version
 * and only then writes the plain {@code data}; the reader waits for the version and reads {@code
 * data}. The write follows the release, so nothing orders it before the read. Race on {@code data}.
 */
public final class AtomicSubclassYes {
    public static final String[] RACES = {"AtomicSubclassYes.data"};

    /** A version counter with a name of its own, inheriting the atomic's methods. */
    static final class Version extends AtomicLong {
        long bump() {
            return incrementAndGet();
        }
    }

    private final Version version = new Version();
    private int data;
    private int seen;

    public static void main(String[] args) throws Exception {
        AtomicSubclassYes p = new AtomicSubclassYes();
        Thread writer = new Thread(() -> {
            p.version.bump();
            p.data = 23;
        });
        Thread reader = new Thread(() -> {
            while (p.version.get() == 0) Thread.yield();
            p.seen = p.data;
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("version=" + p.version.get());
    }
}
