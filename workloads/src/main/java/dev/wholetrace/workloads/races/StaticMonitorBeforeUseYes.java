package dev.wholetrace.workloads.races;

/**
 * {@link SyncStaticVsInstanceYes} on the schedule that once hid its race: the {@code static
 * synchronized} writer runs to its end before the instance-synchronized one first touches the
 * class. The second thread's first static access acquires the class's initialization, which must
 * not carry the first thread's unlocks of the class monitor (a different lock from the
 * initialization's, JLS 12.4.2). Main waits with a sleep, which orders nothing. Race on {@code count}.
 */
public final class StaticMonitorBeforeUseYes {
    public static final String[] RACES = {"StaticMonitorBeforeUseYes.count"};

    static int count;

    synchronized void incrementHere() {
        count++;
    }

    static synchronized void incrementStatic() {
        count++;
    }

    public static void main(String[] args) throws Exception {
        count = 0;
        StaticMonitorBeforeUseYes p = new StaticMonitorBeforeUseYes();
        Thread first = new Thread(() -> {
            for (int i = 0; i < 100; i++) incrementStatic();
        });
        Thread second = new Thread(() -> {
            for (int i = 0; i < 100; i++) p.incrementHere();
        });
        first.start();
        Thread.sleep(300); // not a happens-before edge: only the schedule
        second.start();
        first.join();
        second.join();
        System.out.println("done");
    }
}
