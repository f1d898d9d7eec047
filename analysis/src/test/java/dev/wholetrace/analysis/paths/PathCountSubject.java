package dev.wholetrace.analysis.paths;

/**
 * The program {@link PathEventCountTest} records: a counted loop in {@code main} that calls a
 * one-block method (recorded) and {@code Math.abs} (not recorded) at each of its iterations, then a loop
 * that calls nothing.
 */
public final class PathCountSubject {
    static final int ITERATIONS = 1000;

    private PathCountSubject() {}

    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            sum += Math.abs(twice(i) - 7);
        }
        for (int i = 0; i < ITERATIONS; i++) {
            sum ^= i;
        }
        System.out.println(sum);
    }

    static int twice(int i) {
        return 2 * i;
    }
}
