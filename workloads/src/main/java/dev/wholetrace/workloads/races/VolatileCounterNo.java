package dev.wholetrace.workloads.races;

/**
 * Two threads do {@code count++} on a volatile field: an atomicity violation (updates get lost),
 * but not a data race, since volatile accesses are synchronization, not data accesses. The
 * printed line does not show the count, which depends on the schedule. No race.
 */
public final class VolatileCounterNo {
    public static final String[] RACES = {};

    static volatile int count;

    public static void main(String[] args) throws Exception {
        count = 0;
        Runnable work = () -> {
            for (int i = 0; i < 1000; i++) count++;
        };
        Thread a = new Thread(work);
        Thread b = new Thread(work);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count<=2000 " + (count <= 2000));
    }
}
