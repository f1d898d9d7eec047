package dev.wholetrace.workloads.races;

import java.util.stream.IntStream;

/**
 * Parallel streams on the common pool, whose workers erase their thread-locals after every top-level task
 * (JDK 17 and later; the pool gets 3 workers here, as on a machine with 4 cores, before anything starts it):
 * each of 8 rounds counts into a plain array under its monitor from the pool's workers, and main reads the
 * counts once the round's {@code forEach} returned (the stream's completion orders the workers' runs before
 * it). A worker's second task must still be recorded as the same thread (docs/agent.md, "The common pool
 * erases thread-locals"). No race.
 */
public final class CommonPoolReuseNo {
    public static final String[] RACES = {};

    static final int[] counts = new int[7];

    public static void main(String[] args) {
        System.setProperty("java.util.concurrent.ForkJoinPool.common.parallelism", "3");
        long total = 0;
        for (int round = 0; round < 8; round++) {
            java.util.Arrays.fill(counts, 0);
            IntStream.range(0, 300).parallel().forEach(i -> {
                synchronized (counts) {
                    counts[i % 7]++;
                }
            });
            for (int c : counts) total += c;
        }
        System.out.println("total=" + total);
    }
}
