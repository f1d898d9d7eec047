package dev.wholetrace.bench;

/**
 * A program a benchmark records: its name in the tables, main class, the agent's include pattern
 * (null: the agent's default) and its arguments.
 */
record TracedProgram(String name, String main, String include, String... args) {
    /** The include pattern of the workloads' kernels. */
    static final String KERNELS = "dev.wholetrace.workloads.kernels.*";
    /** The workloads' launcher: {@code Workload KERNEL THREADS SIZE STEPS}. */
    static final String LAUNCHER = "dev.wholetrace.workloads.Workload";
}
