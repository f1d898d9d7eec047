package dev.wholetrace.workloads.handover;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;

/**
 * Recording cost of fork/join (docs/agent.md, "Fork/join inside the JDK"): an application
 * RecursiveTask that sums 2,000,000 longs by forking and joining down to 1,000-element leaves (and
 * invokeAll for the other half), then a parallel stream's sum of squares. Prints both sums.
 */
public final class ForkJoinHandover {
    static final class Sum extends RecursiveTask<Long> {
        final long[] a;
        final int lo;
        final int hi;

        Sum(long[] a, int lo, int hi) {
            this.a = a;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= 1_000) {
                long s = 0;
                for (int i = lo; i < hi; i++) s += a[i];
                return s;
            }
            int mid = (lo + hi) >>> 1;
            Sum left = new Sum(a, lo, mid), right = new Sum(a, mid, hi);
            if ((hi - lo) % 3 == 0) {
                invokeAll(left, right);
                return left.join() + right.join();
            }
            left.fork();
            long r = right.compute();
            return left.join() + r;
        }
    }

    private ForkJoinHandover() {}

    public static void main(String[] args) {
        long[] a = new long[2_000_000];
        for (int i = 0; i < a.length; i++) a[i] = i % 1000;
        long tasks = ForkJoinPool.commonPool().invoke(new Sum(a, 0, a.length));
        long stream = IntStream.range(0, 2_000_000).parallel().mapToLong(i -> (long) (i % 100) * (i % 100)).sum();
        System.out.println(tasks + " " + stream);
    }
}
