package dev.wholetrace.workloads;

/**
 * The optional size argument every workload takes: a positive work multiplier, default 1 (the
 * small run the tests check). Benchmarks pass more so the work dominates JVM start-up.
 */
public final class Size {
    private Size() {}

    /** args[0] as a positive int, or 1 when absent. */
    public static int of(String[] args) {
        if (args.length == 0) return 1;
        int size;
        try {
            size = Integer.parseInt(args[0]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("size must be a positive integer, not " + args[0], e);
        }
        if (size < 1) throw new IllegalArgumentException("size must be a positive integer, not " + size);
        return size;
    }
}
