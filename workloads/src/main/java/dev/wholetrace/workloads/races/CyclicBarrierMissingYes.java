package dev.wholetrace.workloads.races;

/**
 * The barrier left out: each thread writes its own slot and then reads the other's, with nothing
 * in between. Each slot is written by one thread and read by the other, unordered. Race on
 * elements of {@code slots}.
 */
public final class CyclicBarrierMissingYes {
    public static final String[] RACES = {"CyclicBarrierMissingYes.slots[]"};

    static int[] slots;

    static void work(int me) {
        slots[me] = me + 1;
        // a barrier belongs here
        int sum = slots[me] + slots[1 - me];
        if (sum < 1 || sum > 3) throw new AssertionError();
    }

    public static void main(String[] args) throws Exception {
        slots = new int[2];
        Thread a = new Thread(() -> work(0));
        Thread b = new Thread(() -> work(1));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
