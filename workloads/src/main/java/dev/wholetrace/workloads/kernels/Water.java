package dev.wholetrace.workloads.kernels;

/** Placeholder until the kernel lands (issue 5). */
public final class Water implements Kernel {
    @Override
    public String run(int threads, int size, int steps) {
        throw new UnsupportedOperationException("Water is not written yet");
    }
}
