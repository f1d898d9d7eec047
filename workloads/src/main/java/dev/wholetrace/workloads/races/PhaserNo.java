package dev.wholetrace.workloads.races;

import java.util.concurrent.Phaser;

/**
 * A Phaser with two parties (registered by the constructor) used as a barrier: each thread writes
 * its slot, {@code arriveAndAwaitAdvance()}, reads the other's slot, arrives and awaits again,
 * overwrites its slot. Every conflicting pair is separated by one phase. No race.
 */
public final class PhaserNo {
    public static final String[] RACES = {};

    static int[] slots;
    static int[] sums;

    static void work(Phaser phaser, int me) {
        slots[me] = me + 1;
        phaser.arriveAndAwaitAdvance();
        sums[me] = slots[0] + slots[1];
        phaser.arriveAndAwaitAdvance();
        slots[me] = 0;
        phaser.arriveAndDeregister();
    }

    public static void main(String[] args) throws Exception {
        slots = new int[2];
        sums = new int[2];
        Phaser phaser = new Phaser(2);
        Thread a = new Thread(() -> work(phaser, 0));
        Thread b = new Thread(() -> work(phaser, 1));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("sums=" + sums[0] + "," + sums[1]);
    }
}
