package dev.wholetrace.workloads.races;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Publication of a fresh object through an AtomicReference: the writer fills the object's {@code
 * val} and then {@code compareAndSet}s it in; the reader spins on {@code get()} and reads the
 * object's {@code val}. No race.
 */
public final class AtomicReferencePublishNo {
    public static final String[] RACES = {};

    private static final AtomicReference<AtomicReferencePublishNo> SLOT = new AtomicReference<>();

    private int val;
    private int seen;

    public static void main(String[] args) throws Exception {
        SLOT.set(null);
        AtomicReferencePublishNo result = new AtomicReferencePublishNo();
        Thread writer = new Thread(() -> {
            AtomicReferencePublishNo o = new AtomicReferencePublishNo();
            o.val = 55;
            if (!SLOT.compareAndSet(null, o)) throw new AssertionError();
        });
        Thread reader = new Thread(() -> {
            AtomicReferencePublishNo o;
            while ((o = SLOT.get()) == null) Thread.yield();
            result.seen = o.val;
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("seen=" + result.seen);
    }
}
