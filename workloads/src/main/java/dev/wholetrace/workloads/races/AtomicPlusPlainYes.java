package dev.wholetrace.workloads.races;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * An atomic counter does not protect the plain field next to it: each thread {@code
 * incrementAndGet}s the AtomicInteger and then writes the plain {@code last}. A thread's write of
 * {@code last} follows its own atomic update, so no atomic operation orders it against the other
 * thread's. Race on {@code last}.
 */
public final class AtomicPlusPlainYes {
    public static final String[] RACES = {"AtomicPlusPlainYes.last"};

    private final AtomicInteger hits = new AtomicInteger();
    private int last;

    void hit(int id) {
        hits.incrementAndGet();
        last = id;
    }

    public static void main(String[] args) throws Exception {
        AtomicPlusPlainYes p = new AtomicPlusPlainYes();
        Thread a = new Thread(() -> p.hit(1));
        Thread b = new Thread(() -> p.hit(2));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("hits=" + p.hits.get());
    }
}
