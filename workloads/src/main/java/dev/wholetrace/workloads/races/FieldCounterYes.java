package dev.wholetrace.workloads.races;

/**
 * Two threads increment one instance field with no synchronization between them: every {@code
 * count++} is a read and a write, unordered with the other thread's. Race on {@code count}.
 */
public final class FieldCounterYes {
    public static final String[] RACES = {"FieldCounterYes.count"};

    int count;

    public static void main(String[] args) throws Exception {
        FieldCounterYes p = new FieldCounterYes();
        Thread a = new Thread(() -> {
            for (int i = 0; i < 1000; i++) p.count++;
        });
        Thread b = new Thread(() -> {
            for (int i = 0; i < 1000; i++) p.count++;
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done"); // the count itself depends on the schedule (lost updates)
    }
}
