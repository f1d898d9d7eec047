package dev.wholetrace.workloads.races;

/**
 * Figure 7 with a volatile subscript but the old order: thread 1 writes the volatile {@code
 * subscript = 1} and then {@code a[1] = 0}; thread 2 waits for {@code subscript} and reads
 * {@code a[x]}. The subscript is no race (volatile), and the race on {@code a[1]} is a first race
 * of its own, not an artifact: the volatile pair orders nothing written after it.
 */
public final class SubscriptVolatileYes {
    public static final String[] RACES = {"SubscriptVolatileYes.a[]"};

    static volatile int subscript;
    static int[] a;

    public static void main(String[] args) throws Exception {
        subscript = 0;
        a = new int[] {5, 5};
        Thread t1 = new Thread(() -> {
            subscript = 1;
            a[1] = 0;
        });
        Thread t2 = new Thread(() -> {
            int x;
            while ((x = subscript) == 0) Thread.yield();
            int y = a[x];
            if (y != 0 && y != 5) throw new AssertionError();
        });
        t2.start();
        t1.start();
        t1.join();
        t2.join();
        System.out.println("done");
    }
}
