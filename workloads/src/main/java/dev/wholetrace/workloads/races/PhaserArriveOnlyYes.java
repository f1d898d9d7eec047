package dev.wholetrace.workloads.races;

import java.util.concurrent.Phaser;

/**
 * A Phaser misused: each party writes its slot and {@code arrive()}s without awaiting the
 * advance, then reads the other's slot. An arrival publishes but acquires nothing. Race on
 * elements of {@code slots}.
 */
public final class PhaserArriveOnlyYes {
    public static final String[] RACES = {"PhaserArriveOnlyYes.slots[]"};

    static int[] slots;

    static void work(Phaser phaser, int me) {
        slots[me] = me + 1;
        phaser.arrive(); // should be arriveAndAwaitAdvance()
        int other = slots[1 - me];
        if (other != 0 && other != 2 - me) throw new AssertionError();
    }

    public static void main(String[] args) throws Exception {
        slots = new int[2];
        Phaser phaser = new Phaser(2);
        Thread a = new Thread(() -> work(phaser, 0));
        Thread b = new Thread(() -> work(phaser, 1));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
