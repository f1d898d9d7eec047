package dev.wholetrace.workloads.races;

/**
 * A static field updated by a {@code synchronized} instance method (monitor: the object) and by a
 * {@code static synchronized} method (monitor: the class object): two different monitors, so the
 * updates are unordered. Race on {@code count}.
 */
public final class SyncStaticVsInstanceYes {
    public static final String[] RACES = {"SyncStaticVsInstanceYes.count"};

    static int count;

    synchronized void incrementHere() {
        count++;
    }

    static synchronized void incrementStatic() {
        count++;
    }

    public static void main(String[] args) throws Exception {
        count = 0;
        SyncStaticVsInstanceYes p = new SyncStaticVsInstanceYes();
        Thread a = new Thread(() -> {
            for (int i = 0; i < 500; i++) p.incrementHere();
        });
        Thread b = new Thread(() -> {
            for (int i = 0; i < 500; i++) incrementStatic();
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
