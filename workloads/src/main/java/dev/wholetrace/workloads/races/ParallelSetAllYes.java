package dev.wholetrace.workloads.races;

import java.util.Arrays;

/**
 * {@code Arrays.parallelSetAll} over two elements whose generator counts its calls in the shared
 * {@code calls}. The two calls meet first (volatile flags, at most 5 s), so they always run at the
 * same time on two threads; each then increments {@code calls}. Race on {@code calls}.
 */
public final class ParallelSetAllYes {
    public static final String[] RACES = {"ParallelSetAllYes.calls"};

    static int calls;
    static volatile boolean first;
    static volatile boolean second;

    static int generate(int i) {
        if (i == 0) first = true;
        else second = true;
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!(i == 0 ? second : first) && System.nanoTime() < deadline) Thread.yield();
        calls++;
        return i * 10;
    }

    public static void main(String[] args) throws Exception {
        calls = 0;
        first = false;
        second = false;
        int[] values = new int[2];
        Arrays.parallelSetAll(values, ParallelSetAllYes::generate);
        if (values[1] != 10 || calls < 1 || calls > 2) throw new AssertionError();
        System.out.println("done");
    }
}
