package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * A RecursiveTask that subclasses the application's own task class (the compute() is declared
 * two levels below RecursiveTask): main fills {@code data}; each task forks its left half,
 * computes its right half and joins the left; a leaf writes its sum into {@code partial}; main
 * reads {@code partial} after {@code invoke}. No race.
 */
public final class ForkJoinSubclassNo {
    public static final String[] RACES = {};

    static int[] data;
    static long[] partial;

    /** The application's base class of its tasks: a range of {@code data}. */
    abstract static class RangeTask extends RecursiveTask<Long> {
        final int from;
        final int to;

        RangeTask(int from, int to) {
            this.from = from;
            this.to = to;
        }
    }

    static final class Sum extends RangeTask {
        Sum(int from, int to) {
            super(from, to);
        }

        @Override
        protected Long compute() {
            if (to - from <= 8) {
                long sum = 0;
                for (int i = from; i < to; i++) sum += data[i];
                partial[from / 8] = sum;
                return sum;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(from, mid);
            left.fork();
            return new Sum(mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) throws Exception {
        data = new int[64];
        partial = new long[8];
        for (int i = 0; i < data.length; i++) data[i] = i;
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            long total = pool.invoke(new Sum(0, data.length));
            System.out.println("total=" + total + " last=" + partial[7]);
        } finally {
            pool.shutdown();
        }
    }
}
