package dev.wholetrace.workloads.races;

/**
 * Two threads write two different fields of one object ({@code left} and {@code right}): the same
 * object, different variables. No race.
 */
public final class AdjacentFieldsNo {
    public static final String[] RACES = {};

    int left;
    int right;

    public static void main(String[] args) throws Exception {
        AdjacentFieldsNo p = new AdjacentFieldsNo();
        Thread a = new Thread(() -> {
            for (int i = 0; i < 1000; i++) p.left += 2;
        });
        Thread b = new Thread(() -> {
            for (int i = 0; i < 1000; i++) p.right += 3;
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("left=" + p.left + " right=" + p.right);
    }
}
