package dev.wholetrace.workloads;

import dev.wholetrace.workloads.kernels.Kernels;

/**
 * The kernels' command line, for a JVM of their own (the one {@code wholetrace workload --record}
 * and the benchmarks trace): {@code Workload NAME [THREADS [SIZE [STEPS]]]}, defaults from
 * {@link Kernels} (also for a {@code -}). Prints the kernel's result line; a bad argument or a failed validation is one
 * line on stderr and exit code 2 or 1.
 */
public final class Workload {
    private Workload() {}

    public static void main(String[] args) throws InterruptedException {
        if (args.length < 1 || args.length > 4) {
            System.err.println("usage: Workload NAME [THREADS [SIZE [STEPS]]]; NAME is one of " + Kernels.names());
            System.exit(2);
        }
        String line;
        try {
            Kernels kernel = Kernels.byName(args[0]);
            int threads = args.length > 1 ? parse(args[1], "THREADS", 4) : 4;
            int size = args.length > 2 ? parse(args[2], "SIZE", kernel.defaultSize) : kernel.defaultSize;
            int steps = args.length > 3 ? parse(args[3], "STEPS", kernel.defaultSteps) : kernel.defaultSteps;
            line = kernel.run(threads, size, steps);
        } catch (IllegalArgumentException e) {
            System.err.println("workload: " + e.getMessage());
            System.exit(2);
            return;
        } catch (IllegalStateException e) {
            System.err.println("workload: validation failed: " + e.getMessage());
            System.exit(1);
            return;
        }
        System.out.println(line);
    }

    private static int parse(String s, String what, int byDefault) {
        if (s.equals("-")) return byDefault;
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be an integer, not '" + s + "'");
        }
    }
}
