package dev.wholetrace.workloads.races;

/**
 * Two threads write interleaved elements of one array, one the even indices, the other the odd
 * ones: neighbours in memory but never the same element. No race.
 */
public final class ArrayStrideNo {
    public static final String[] RACES = {};

    static long[] data;

    static void fill(int first) {
        for (int i = first; i < data.length; i += 2) data[i] = 3L * i;
    }

    public static void main(String[] args) throws Exception {
        data = new long[32];
        Thread even = new Thread(() -> fill(0));
        Thread odd = new Thread(() -> fill(1));
        even.start();
        odd.start();
        even.join();
        odd.join();
        long sum = 0;
        for (long v : data) sum += v;
        System.out.println("sum=" + sum);
    }
}
