package dev.wholetrace.workloads.races;

import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;

/**
 * The CountedCompleter idiom of its javadoc: each task splits its range, {@code
 * addToPendingCount(1)} and forks the right half, keeps halving the left; a leaf writes {@code
 * out[i] = in[i] * 3} and calls {@code tryComplete()}; the root's {@code onCompletion} writes
 * {@code finished}. Main reads {@code out} and {@code finished} after {@code invoke} returned:
 * every task's completion happens-before the root's. No race.
 */
public final class CountedCompleterNo {
    public static final String[] RACES = {};

    static int[] in;
    static int[] out;
    static int finished;

    static final class Tripler extends CountedCompleter<Void> {
        private final int from;
        private final int to;

        Tripler(CountedCompleter<?> parent, int from, int to) {
            super(parent);
            this.from = from;
            this.to = to;
        }

        @Override
        public void compute() {
            int lo = from;
            int hi = to;
            while (hi - lo >= 2) {
                int mid = (lo + hi) >>> 1;
                addToPendingCount(1);
                new Tripler(this, mid, hi).fork();
                hi = mid;
            }
            if (hi > lo) out[lo] = in[lo] * 3;
            tryComplete();
        }

        @Override
        public void onCompletion(CountedCompleter<?> caller) {
            if (getCompleter() == null) finished = out.length;
        }
    }

    public static void main(String[] args) throws Exception {
        in = new int[32];
        out = new int[32];
        finished = 0;
        for (int i = 0; i < in.length; i++) in[i] = i;
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            pool.invoke(new Tripler(null, 0, in.length));
            System.out.println("out[31]=" + out[31] + " finished=" + finished);
        } finally {
            pool.shutdown();
        }
    }
}
