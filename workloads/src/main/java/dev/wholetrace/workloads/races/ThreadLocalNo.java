package dev.wholetrace.workloads.races;

/**
 * Per-thread state: each thread counts in its own array from a ThreadLocal (created by {@code
 * withInitial} on the thread that first asks) and stores its count in its own element of {@code
 * results}. No array is shared. No race.
 */
public final class ThreadLocalNo {
    public static final String[] RACES = {};

    private static final ThreadLocal<int[]> SCRATCH = ThreadLocal.withInitial(() -> new int[1]);
    static int[] results;

    static void work(int me, int times) {
        int[] mine = SCRATCH.get();
        for (int i = 0; i < times; i++) mine[0]++;
        results[me] = mine[0];
    }

    public static void main(String[] args) throws Exception {
        results = new int[2];
        Thread a = new Thread(() -> work(0, 300));
        Thread b = new Thread(() -> work(1, 400));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("results=" + results[0] + "," + results[1]);
    }
}
