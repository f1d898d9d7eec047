package dev.wholetrace.workloads.races;

/**
 * A volatile array field does not make the elements volatile: two threads read the volatile
 * {@code slots} (an acquire, no release) and write {@code slots[0]} and {@code slots[1]}, each
 * reading the element the other writes. Race on elements of {@code slots}.
 */
public final class VolatileArrayYes {
    public static final String[] RACES = {"VolatileArrayYes.slots[]"};

    static volatile int[] slots;

    static void work(int mine) {
        for (int i = 0; i < 100; i++) slots[mine] = slots[1 - mine] + 1;
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
