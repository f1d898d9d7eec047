package dev.wholetrace.workloads.races;

/**
 * Double-checked locking done right: {@code instance} is volatile, so the unlocked check is a
 * volatile read; the instance's {@code value}, written by its constructor before the volatile
 * write, is read by both threads through either path (volatile read or the lock). No race.
 */
public final class DoubleCheckedVolatileNo {
    public static final String[] RACES = {};

    private static final Object LOCK = new Object();
    private static volatile DoubleCheckedVolatileNo instance;

    private final int value;
    private int seen; // the main instance's; see main

    private DoubleCheckedVolatileNo(int value) {
        this.value = value;
    }

    static DoubleCheckedVolatileNo instance() {
        DoubleCheckedVolatileNo o = instance;
        if (o == null) {
            synchronized (LOCK) {
                o = instance;
                if (o == null) {
                    o = new DoubleCheckedVolatileNo(31);
                    instance = o;
                }
            }
        }
        return o;
    }

    public static void main(String[] args) throws Exception {
        instance = null;
        DoubleCheckedVolatileNo a = new DoubleCheckedVolatileNo(0);
        DoubleCheckedVolatileNo b = new DoubleCheckedVolatileNo(0);
        Thread ta = new Thread(() -> a.seen = instance().value);
        Thread tb = new Thread(() -> b.seen = instance().value);
        ta.start();
        tb.start();
        ta.join();
        tb.join();
        System.out.println("seen=" + a.seen + "," + b.seen);
    }
}
