package dev.wholetrace.workloads.races;

/**
 * Two threads call a {@code synchronized} instance method that increments a field: the method's
 * monitor ({@code this}) orders the increments; main reads after joining.
 */
public final class SynchronizedMethodNo {
    public static final String[] RACES = {};

    private int count;

    synchronized void increment() {
        count++;
    }

    synchronized int count() {
        return count;
    }

    public static void main(String[] args) throws Exception {
        SynchronizedMethodNo p = new SynchronizedMethodNo();
        Runnable work = () -> {
            for (int i = 0; i < 1000; i++) p.increment();
        };
        Thread a = new Thread(work);
        Thread b = new Thread(work);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count=" + p.count());
    }
}
