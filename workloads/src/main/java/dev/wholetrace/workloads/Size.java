package dev.wholetrace.workloads;

/**
 * The optional size argument every workload takes: a positive work multiplier, default 1 (the
 * small run the tests check). Benchmarks pass more so the work dominates JVM start-up. Some
 * drivers also take a thread count after it.
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

    /**
     * args[1] as a positive thread count, or byDefault when absent: the drivers' optional second
     * argument, which bench/run prediction sets (1, 2, 4, 8 threads) and nothing else does.
     */
    public static int threads(String[] args, int byDefault) {
        if (args.length < 2) return byDefault;
        int threads;
        try {
            threads = Integer.parseInt(args[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("threads must be a positive integer, not " + args[1], e);
        }
        if (threads < 1) throw new IllegalArgumentException("threads must be a positive integer, not " + threads);
        return threads;
    }
}
