package dev.wholetrace.workloads.races;

/**
 * Two threads call a {@code static synchronized} method that increments a static field: the
 * class object's monitor orders the increments. Main resets the field before starting the threads
 * (ordered by the start) and reads it after joining them.
 */
public final class SynchronizedStaticMethodNo {
    public static final String[] RACES = {};

    static int count;

    static synchronized void increment() {
        count++;
    }

    public static void main(String[] args) throws Exception {
        count = 0;
        Thread a = new Thread(() -> {
            for (int i = 0; i < 1000; i++) increment();
        });
        Thread b = new Thread(() -> {
            for (int i = 0; i < 1000; i++) increment();
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count=" + count);
    }
}
