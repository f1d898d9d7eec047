package dev.wholetrace.workloads.races;

/**
 * Figure 7 of the paper made correct: thread 1 writes {@code a[1] = 0} and then the volatile
 * {@code subscript = 1}; thread 2 waits for {@code subscript} (volatile reads) and reads
 * {@code a[x]}. The volatile pair orders the element's write before its read. No race.
 */
public final class SubscriptPublishNo {
    public static final String[] RACES = {};

    static volatile int subscript;
    static int[] a;
    static int y; // thread 2's result, read by main after the join

    public static void main(String[] args) throws Exception {
        subscript = 0;
        a = new int[] {5, 5};
        y = -1;
        Thread t1 = new Thread(() -> {
            a[1] = 0;
            subscript = 1;
        });
        Thread t2 = new Thread(() -> {
            int x;
            while ((x = subscript) == 0) Thread.yield();
            y = a[x];
        });
        t2.start();
        t1.start();
        t1.join();
        t2.join();
        System.out.println("y=" + y);
    }
}
