package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Divide and conquer with a RecursiveTask: main fills {@code data} before {@code invoke}; each
 * task forks its left half, computes its right half itself and joins the left one; a task also
 * writes its partial sum into its own element of {@code partial}, read by main after {@code
 * invoke} returned. fork/compute/join order everything. No race.
 */
public final class ForkJoinNo extends RecursiveTask<Long> {
    public static final String[] RACES = {};

    static int[] data;
    static long[] partial;

    private final int from;
    private final int to;

    ForkJoinNo(int from, int to) {
        this.from = from;
        this.to = to;
    }

    @Override
    protected Long compute() {
        long sum = 0;
        if (to - from <= 8) {
            for (int i = from; i < to; i++) sum += data[i];
        } else {
            int mid = (from + to) >>> 1;
            ForkJoinNo left = new ForkJoinNo(from, mid);
            left.fork();
            sum = new ForkJoinNo(mid, to).compute() + left.join();
        }
        if (to - from == 8) partial[from / 8] = sum;
        return sum;
    }

    public static void main(String[] args) throws Exception {
        data = new int[64];
        partial = new long[8];
        for (int i = 0; i < data.length; i++) data[i] = i;
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            long total = pool.invoke(new ForkJoinNo(0, data.length));
            System.out.println("total=" + total + " last=" + partial[7]);
        } finally {
            pool.shutdown();
        }
    }
}
