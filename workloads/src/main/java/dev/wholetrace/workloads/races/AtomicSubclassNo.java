package dev.wholetrace.workloads.races;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Publication through an application subclass of AtomicBoolean (as Jetty's AtomicBiInteger extends
 * AtomicLong): javac names {@code Flag} as the owner of {@code get()} and {@code set(true)}, which
 * are AtomicBoolean's all the same. The writer sets the plain {@code data} and raises the flag; the
 * reader spins until the flag is up and reads {@code data}. No race.
 */
public final class AtomicSubclassNo {
    public static final String[] RACES = {};

    /** A flag with names of its own, inheriting the atomic's methods. */
    static final class Flag extends AtomicBoolean {
        void raise() {
            set(true);
        }

        boolean raised() {
            return get();
        }
    }

    private final Flag ready = new Flag();
    private int data;
    private int seen;

    public static void main(String[] args) throws Exception {
        AtomicSubclassNo p = new AtomicSubclassNo();
        Thread writer = new Thread(() -> {
            p.data = 23;
            p.ready.raise();
        });
        Thread reader = new Thread(() -> {
            while (!p.ready.compareAndSet(true, true)) Thread.yield(); // called on the subclass from outside it
            p.seen = p.data;
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("seen=" + p.seen + " raised=" + p.ready.raised());
    }
}
