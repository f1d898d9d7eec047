package dev.wholetrace.workloads.races;

import java.util.concurrent.Phaser;

/**
 * A Phaser as a one-shot signal: its one party (the producer) writes {@code data} and {@code
 * arrive()}s, which advances phase 0; the consumer, not a party, {@code awaitAdvance(0)} and then
 * reads {@code data} (an arrival of a phase is ordered before the awaits of its advance, also
 * when the await comes after the advance and returns at once). No race.
 */
public final class PhaserAwaitAdvanceNo {
    public static final String[] RACES = {};

    static int data;
    static int seen;

    public static void main(String[] args) throws Exception {
        data = 0;
        seen = 0;
        Phaser phaser = new Phaser(1);
        Thread producer = new Thread(() -> {
            data = 64;
            phaser.arrive();
        });
        Thread consumer = new Thread(() -> {
            phaser.awaitAdvance(0);
            seen = data;
        });
        consumer.start();
        producer.start();
        producer.join();
        consumer.join();
        System.out.println("seen=" + seen);
    }
}
