package dev.wholetrace.workloads.races;

/**
 * Main fills an array before starting two threads that only read it (read-read is no conflict);
 * each thread stores its sum in a field of its own, which main reads after the joins. No race.
 */
public final class ArrayReadOnlyNo {
    public static final String[] RACES = {};

    static int[] table;
    long sumA;
    long sumB;

    static long sum(int from) {
        long s = 0;
        for (int i = from; i < table.length; i++) s += table[i];
        return s;
    }

    public static void main(String[] args) throws Exception {
        table = new int[20];
        for (int i = 0; i < table.length; i++) table[i] = i + 1;
        ArrayReadOnlyNo p = new ArrayReadOnlyNo();
        Thread a = new Thread(() -> p.sumA = sum(0));
        Thread b = new Thread(() -> p.sumB = sum(10));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("sums=" + p.sumA + "," + p.sumB);
    }
}
