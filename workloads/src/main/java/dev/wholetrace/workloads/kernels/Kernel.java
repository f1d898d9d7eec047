package dev.wholetrace.workloads.kernels;

/**
 * A SPLASH-style compute kernel: a published parallel algorithm run by a number of worker threads
 * on a problem size, synchronised the way the original is (CyclicBarrier where it has barriers,
 * locks where it locks), validating its own result.
 *
 * <p>Implementations keep their data in plain arrays and fields (what the agent traces as shared
 * memory) and start their own worker threads, so a recorded run shows the original's structure:
 * the main thread forks the workers, they meet at barriers, the main thread joins them.
 */
public interface Kernel {
    /**
     * Runs the kernel to completion and checks the result.
     *
     * @param threads worker threads, at least 1
     * @param size the problem size in the kernel's own unit ({@link Kernels#sizeUnit})
     * @param steps iterations or time steps, at least 1 ({@link Kernels#defaultSteps})
     * @return the line the kernel prints: its parameters and the validated result (a checksum or a
     *     residual); the same for every thread count when the algorithm is deterministic
     * @throws IllegalArgumentException if the size or steps are out of the kernel's range
     * @throws IllegalStateException if the result fails validation
     */
    String run(int threads, int size, int steps) throws InterruptedException;
}
