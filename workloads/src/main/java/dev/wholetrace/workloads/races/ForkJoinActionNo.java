package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * A RecursiveAction squares an array in place: each task forks its left half and handles its right
 * half itself (disjoint elements), then joins; main reads the array after {@code invoke}. Explicit
 * fork/join, not {@code invokeAll(a, b)}, whose forks happen inside the JDK. No race.
 */
public final class ForkJoinActionNo extends RecursiveAction {
    public static final String[] RACES = {};

    static long[] cells;

    private final int from;
    private final int to;

    ForkJoinActionNo(int from, int to) {
        this.from = from;
        this.to = to;
    }

    @Override
    protected void compute() {
        if (to - from <= 4) {
            for (int i = from; i < to; i++) cells[i] *= cells[i];
            return;
        }
        int mid = (from + to) >>> 1;
        ForkJoinActionNo left = new ForkJoinActionNo(from, mid);
        left.fork();
        new ForkJoinActionNo(mid, to).compute();
        left.join();
    }

    public static void main(String[] args) throws Exception {
        cells = new long[32];
        for (int i = 0; i < cells.length; i++) cells[i] = i;
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            pool.invoke(new ForkJoinActionNo(0, cells.length));
        } finally {
            pool.shutdown();
        }
        long sum = 0;
        for (long c : cells) sum += c;
        System.out.println("sum=" + sum);
    }
}
