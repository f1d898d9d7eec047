package dev.wholetrace.workloads.races;

import java.util.stream.IntStream;

/**
 * Two elements of one parallel {@code forEach} update the shared {@code total}. They meet first
 * (each sets its own volatile flag and waits, at most 5 s, for the other's), so they always run at
 * the same time on two threads; each then adds to {@code total}. The flags order each element's
 * update after the other's flag, not after its update. Race on {@code total}.
 */
public final class ParallelStreamYes {
    public static final String[] RACES = {"ParallelStreamYes.total"};

    static int total;
    static volatile boolean first;
    static volatile boolean second;

    static void add(int i) {
        if (i == 0) first = true;
        else second = true;
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!(i == 0 ? second : first) && System.nanoTime() < deadline) Thread.yield();
        total += i + 1;
    }

    public static void main(String[] args) throws Exception {
        total = 0;
        first = false;
        second = false;
        IntStream.range(0, 2).parallel().forEach(ParallelStreamYes::add);
        int t = total; // 3, or 1 or 2 if an update was lost
        if (t < 1 || t > 3) throw new AssertionError();
        System.out.println("done");
    }
}
