package dev.wholetrace.workloads.races;

/**
 * Each thread increments the field {@code n} of its own object: the same field of the same class,
 * but different objects, so different variables. No race.
 */
public final class DistinctObjectsNo {
    public static final String[] RACES = {};

    int n;

    public static void main(String[] args) throws Exception {
        DistinctObjectsNo first = new DistinctObjectsNo();
        DistinctObjectsNo second = new DistinctObjectsNo();
        Thread a = new Thread(() -> {
            for (int i = 0; i < 1000; i++) first.n++;
        });
        Thread b = new Thread(() -> {
            for (int i = 0; i < 700; i++) second.n++;
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("n=" + first.n + "," + second.n);
    }
}
