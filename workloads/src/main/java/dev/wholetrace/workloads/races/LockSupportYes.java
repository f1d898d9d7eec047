package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.LockSupport;

/**
 * A hand-over through park/unpark alone: main writes {@code data} and unparks the waiter, which
 * parks once and reads {@code data}. LockSupport promises no happens-before (park may return
 * spuriously, or at once because of an earlier unpark), so the read is unordered with the write.
 * Race on {@code data}.
 */
public final class LockSupportYes {
    public static final String[] RACES = {"LockSupportYes.data"};

    static int data;

    public static void main(String[] args) throws Exception {
        data = 0;
        Thread waiter = new Thread(() -> {
            LockSupport.park();
            int d = data; // 0 or 42
            if (d != 0 && d != 42) throw new AssertionError();
        });
        waiter.start();
        data = 42;
        LockSupport.unpark(waiter);
        waiter.join();
        System.out.println("done");
    }
}
