package dev.wholetrace.workloads.races;

/**
 * Double-checked locking with a plain (non-volatile) field: whichever thread creates the instance
 * writes {@code instance} under the lock, and the other thread's first, unlocked check reads it
 * with nothing ordering the two, in every schedule. Race on {@code instance}. (The instance is a
 * plain Object, so no field of it is read through the racy reference.)
 */
public final class DoubleCheckedLockingYes {
    public static final String[] RACES = {"DoubleCheckedLockingYes.instance"};

    private static final Object LOCK = new Object();
    private static Object instance;

    static Object instance() {
        Object o = instance;
        if (o == null) {
            synchronized (LOCK) {
                o = instance;
                if (o == null) {
                    o = new Object();
                    instance = o;
                }
            }
        }
        return o;
    }

    public static void main(String[] args) throws Exception {
        instance = null;
        Thread a = new Thread(DoubleCheckedLockingYes::instance);
        Thread b = new Thread(DoubleCheckedLockingYes::instance);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
