package dev.wholetrace.workloads.races;

import java.util.concurrent.Semaphore;

/**
 * A binary semaphore as a mutex: each increment of the shared field is between {@code acquire}
 * and {@code release} of a one-permit semaphore (and a {@code tryAcquire} loop in one thread). No
 * race.
 */
public final class SemaphoreMutexNo {
    public static final String[] RACES = {};

    private final Semaphore mutex = new Semaphore(1);
    private int count;

    public static void main(String[] args) throws Exception {
        SemaphoreMutexNo p = new SemaphoreMutexNo();
        Thread a = new Thread(() -> {
            for (int i = 0; i < 500; i++) {
                try {
                    p.mutex.acquire();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                p.count++;
                p.mutex.release();
            }
        });
        Thread b = new Thread(() -> {
            for (int i = 0; i < 500; i++) {
                while (!p.mutex.tryAcquire()) Thread.yield();
                p.count++;
                p.mutex.release();
            }
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count=" + p.count);
    }
}
