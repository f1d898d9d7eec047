package dev.wholetrace.workloads.races;

/**
 * Each thread increments {@code count} inside {@code synchronized (lock)} (no race), then records
 * its id in {@code last} after leaving the block: the last write of each thread follows its last
 * unlock, so nothing orders the two. Race on {@code last}.
 */
public final class WriteOutsideSyncYes {
    public static final String[] RACES = {"WriteOutsideSyncYes.last"};

    private final Object lock = new Object();
    private int count;
    private int last;

    void work(int id) {
        for (int i = 0; i < 100; i++) {
            synchronized (lock) {
                count++;
            }
        }
        last = id;
    }

    public static void main(String[] args) throws Exception {
        WriteOutsideSyncYes p = new WriteOutsideSyncYes();
        Thread a = new Thread(() -> p.work(1));
        Thread b = new Thread(() -> p.work(2));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count=" + p.count); // last is 1 or 2
    }
}
