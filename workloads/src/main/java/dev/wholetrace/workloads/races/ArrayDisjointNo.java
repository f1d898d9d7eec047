package dev.wholetrace.workloads.races;

/**
 * Two threads fill disjoint halves of one array ({@code [0, 8)} and {@code [8, 16)}); main sums it
 * after joining both. Same array, different elements: no race.
 */
public final class ArrayDisjointNo {
    public static final String[] RACES = {};

    static int[] data;

    static void fill(int from, int to) {
        for (int i = from; i < to; i++) data[i] = i * i;
    }

    public static void main(String[] args) throws Exception {
        data = new int[16];
        Thread a = new Thread(() -> fill(0, 8));
        Thread b = new Thread(() -> fill(8, 16));
        a.start();
        b.start();
        a.join();
        b.join();
        int sum = 0;
        for (int v : data) sum += v;
        System.out.println("sum=" + sum);
    }
}
