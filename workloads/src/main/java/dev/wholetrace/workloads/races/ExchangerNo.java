package dev.wholetrace.workloads.races;

import java.util.concurrent.Exchanger;

/**
 * The classic double-buffering exchange: a filler fills a buffer and exchanges it for the empty one
 * an emptier hands back, twice; the emptier sums each full buffer it receives and clears it before
 * handing it back. Each buffer is touched by one thread between two exchanges. No race.
 */
public final class ExchangerNo {
    public static final String[] RACES = {};

    static long total;

    public static void main(String[] args) throws Exception {
        Exchanger<int[]> exchanger = new Exchanger<>();
        Thread filler = new Thread(() -> {
            int[] buffer = new int[4];
            try {
                for (int round = 1; round <= 2; round++) {
                    for (int i = 0; i < buffer.length; i++) buffer[i] = round * i;
                    buffer = exchanger.exchange(buffer);
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread emptier = new Thread(() -> {
            int[] buffer = new int[4];
            long sum = 0;
            try {
                for (int round = 1; round <= 2; round++) {
                    buffer = exchanger.exchange(buffer);
                    for (int i = 0; i < buffer.length; i++) {
                        sum += buffer[i];
                        buffer[i] = 0;
                    }
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            total = sum;
        });
        filler.start();
        emptier.start();
        filler.join();
        emptier.join();
        System.out.println(total);
    }
}
