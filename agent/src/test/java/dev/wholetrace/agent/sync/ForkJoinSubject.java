package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

/** Fork/join programs, run instrumented by ForkJoinTest. */
public final class ForkJoinSubject {
    private ForkJoinSubject() {}

    /**
     * Sums squares of [from, to) by halving: the left half is forked, the right half computed
     * directly, then the left joined (the classic pattern). Each leaf also writes its partial sum
     * into a shared array slot of its own, read by main after invoke: no other sync.
     */
    static final class Sum extends RecursiveTask<Long> {
        final int from;
        final int to;
        final long[] leaves;

        Sum(int from, int to, long[] leaves) {
            this.from = from;
            this.to = to;
            this.leaves = leaves;
        }

        @Override
        protected Long compute() {
            if (to - from <= 4) {
                long s = 0;
                for (int i = from; i < to; i++) s += (long) i * i;
                leaves[from / 4] = s;
                return s;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(from, mid, leaves);
            Sum right = new Sum(mid, to, leaves);
            left.fork();
            long r = right.compute();
            return left.join() + r;
        }
    }

    /** Returns [pool.invoke's sum, sum of the leaves' slots, number of forks]. */
    public static List<Object> sum(int n) {
        long[] leaves = new long[n / 4];
        ForkJoinPool pool = new ForkJoinPool(3);
        long total = pool.invoke(new Sum(0, n, leaves));
        pool.shutdown();
        long fromLeaves = 0;
        for (long v : leaves) fromLeaves += v;
        List<Object> out = new ArrayList<>();
        out.add(total);
        out.add(fromLeaves);
        return out;
    }

    /** A RecursiveAction that throws: its run still ends, and join rethrows; returns the message. */
    static final class Failing extends RecursiveAction {
        @Override
        protected void compute() {
            throw new IllegalStateException("failing task");
        }
    }

    public static String failing() {
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            ForkJoinTask<Void> task = pool.submit(new Failing());
            try {
                task.join();
                return "no exception";
            } catch (IllegalStateException e) {
                return e.getMessage();
            }
        } finally {
            pool.shutdown();
        }
    }
}
