package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Divide and conquer with {@code ForkJoinTask.invokeAll(left, right)}, which forks inside the JDK:
 * main fills {@code data}; each leaf writes {@code out[i] = data[i] * 2} over its range; main reads
 * {@code out} after {@code invoke} returned. invokeAll forks its tasks (the fork happens-before
 * their run) and returns when they are done (their run happens-before its return). No race.
 */
public final class ForkJoinInvokeAllNo {
    public static final String[] RACES = {};

    static int[] data;
    static int[] out;

    static final class Doubling extends RecursiveAction {
        private final int from;
        private final int to;

        Doubling(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= 8) {
                for (int i = from; i < to; i++) out[i] = data[i] * 2;
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Doubling(from, mid), new Doubling(mid, to));
        }
    }

    public static void main(String[] args) throws Exception {
        data = new int[64];
        out = new int[64];
        for (int i = 0; i < data.length; i++) data[i] = i;
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            pool.invoke(new Doubling(0, data.length));
            System.out.println("out[63]=" + out[63]);
        } finally {
            pool.shutdown();
        }
    }
}
