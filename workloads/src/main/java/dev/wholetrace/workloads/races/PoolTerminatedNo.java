package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/**
 * Two other ways to wait for an executor's end before reading what its tasks wrote: {@code shutdown()} then a
 * loop polling {@code isTerminated()} (a fixed thread pool, then a ForkJoinPool), and ForkJoinPool's own
 * {@code close()} (JDK 19+, which waits without awaitTermination; on 17 awaitTermination stands in). No race.
 */
public final class PoolTerminatedNo {
    public static final String[] RACES = {};

    static final int[] fromPool = new int[12];
    static final int[] fromForkJoin = new int[12];
    static final int[] fromClosed = new int[12];

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        for (int i = 0; i < fromPool.length; i++) {
            int k = i;
            pool.execute(() -> fromPool[k] = k);
        }
        pool.shutdown();
        while (!pool.isTerminated()) Thread.onSpinWait();
        int sum = 0;
        for (int v : fromPool) sum += v;
        ForkJoinPool forkJoin = new ForkJoinPool(3);
        for (int i = 0; i < fromForkJoin.length; i++) {
            int k = i;
            forkJoin.execute(() -> fromForkJoin[k] = 2 * k);
        }
        forkJoin.shutdown();
        while (!forkJoin.isTerminated()) Thread.onSpinWait();
        for (int v : fromForkJoin) sum += v;
        ForkJoinPool closed = new ForkJoinPool(3);
        for (int i = 0; i < fromClosed.length; i++) {
            int k = i;
            closed.execute(() -> fromClosed[k] = 3 * k);
        }
        close(closed);
        for (int v : fromClosed) sum += v;
        System.out.println("sum=" + sum);
    }

    private static void close(ForkJoinPool pool) throws Exception {
        try {
            ForkJoinPool.class.getMethod("close").invoke(pool);
        } catch (NoSuchMethodException beforeJdk19) {
            pool.shutdown();
            if (!pool.awaitTermination(30, TimeUnit.SECONDS)) throw new AssertionError("not terminated");
        }
    }
}
