package dev.wholetrace.workloads.kernels;

import java.util.concurrent.atomic.AtomicReference;

/**
 * A kernel's worker threads: created and started together, joined, and the first failure of any
 * of them stops the others and is rethrown.
 *
 * <p>Stopping is by interrupt: a worker waiting at a CyclicBarrier breaks it (the others waiting
 * get BrokenBarrierException), one still computing breaks it at its next await, so nobody waits
 * forever for the failed worker. {@code barrier.reset()} would not do: it releases only the workers
 * already waiting and opens a fresh generation, where one arriving a moment later waits for ever.
 */
final class Workers {
    /** What worker {@code id} of {@code threads} does. */
    interface Body {
        void run(int id) throws Exception;
    }

    private Workers() {}

    /**
     * Runs {@code body} on {@code threads} threads named {@code name-0}, {@code name-1}, … and waits
     * for all of them.
     *
     * @throws IllegalStateException carrying the first failure, if a worker failed
     */
    static void run(String name, int threads, Body body) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers[t] = new Thread(() -> {
                try {
                    body.run(id);
                } catch (Throwable e) {
                    if (failure.compareAndSet(null, e)) {
                        for (Thread w : workers) if (w != Thread.currentThread()) w.interrupt();
                    }
                }
            }, name + "-" + t);
        }
        for (Thread w : workers) w.start(); // all created first: the first to fail interrupts every other
        for (Thread w : workers) w.join();
        Throwable f = failure.get();
        if (f != null) {
            throw new IllegalStateException(name + ": " + (f instanceof IllegalStateException && f.getMessage() != null ? f.getMessage()
                    : "a worker failed: " + f), f);
        }
    }
}
