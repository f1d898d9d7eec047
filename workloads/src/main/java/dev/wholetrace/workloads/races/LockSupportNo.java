package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.LockSupport;

/**
 * The park/unpark idiom: park may return spuriously and promises no ordering, so the waiter parks
 * in a loop on the volatile {@code ready}; main writes {@code data}, sets {@code ready} and
 * unparks the waiter, which then reads {@code data}. The volatile orders it. No race.
 */
public final class LockSupportNo {
    public static final String[] RACES = {};

    static int data;
    static int seen;
    static volatile boolean ready;

    public static void main(String[] args) throws Exception {
        data = 0;
        seen = 0;
        ready = false;
        Thread waiter = new Thread(() -> {
            while (!ready) LockSupport.park();
            seen = data;
        });
        waiter.start();
        data = 42;
        ready = true;
        LockSupport.unpark(waiter);
        waiter.join();
        System.out.println("seen=" + seen);
    }
}
