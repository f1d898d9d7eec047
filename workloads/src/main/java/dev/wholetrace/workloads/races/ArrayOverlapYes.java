package dev.wholetrace.workloads.races;

/**
 * Two threads fill overlapping ranges of one array ({@code [0, 10)} and {@code [6, 16)}): elements
 * 6..9 are written by both, unordered. Race on elements of {@code data}.
 */
public final class ArrayOverlapYes {
    public static final String[] RACES = {"ArrayOverlapYes.data[]"};

    static int[] data;

    static void fill(int from, int to, int value) {
        for (int i = from; i < to; i++) data[i] = value;
    }

    public static void main(String[] args) throws Exception {
        data = new int[16];
        Thread a = new Thread(() -> fill(0, 10, 1));
        Thread b = new Thread(() -> fill(6, 16, 2));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done"); // data[6..9] hold 1 or 2, as the schedule has it
    }
}
