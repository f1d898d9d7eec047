package dev.wholetrace.workloads.races;

/**
 * Two threads increment one instance field, each increment inside {@code synchronized (p)}: the
 * monitor orders every pair of increments; main reads the total after joining both.
 */
public final class FieldCounterSyncNo {
    public static final String[] RACES = {};

    int count;

    public static void main(String[] args) throws Exception {
        FieldCounterSyncNo p = new FieldCounterSyncNo();
        Runnable work = () -> {
            for (int i = 0; i < 1000; i++) {
                synchronized (p) {
                    p.count++;
                }
            }
        };
        Thread a = new Thread(work);
        Thread b = new Thread(work);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count=" + p.count);
    }
}
