package dev.wholetrace.workloads.races;

/**
 * Class initialization publishes: the nested {@code Holder}'s static initializer fills {@code
 * Holder.TABLE}; two threads read its elements, whichever initializes the class first (the JVM
 * makes the other wait; the end of the initializer is ordered before every other thread's first
 * use of the class's statics). Each thread writes only its own field. No race.
 */
public final class StaticInitNo {
    public static final String[] RACES = {};

    static final class Holder {
        static final int[] TABLE = build();

        private static int[] build() {
            int[] t = new int[16];
            for (int i = 0; i < t.length; i++) t[i] = i * 3;
            return t;
        }
    }

    long sumA;
    long sumB;

    static long sum() {
        long s = 0;
        for (int v : Holder.TABLE) s += v;
        return s;
    }

    public static void main(String[] args) throws Exception {
        StaticInitNo p = new StaticInitNo();
        Thread a = new Thread(() -> p.sumA = sum());
        Thread b = new Thread(() -> p.sumB = sum());
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("sums=" + p.sumA + "," + p.sumB);
    }
}
