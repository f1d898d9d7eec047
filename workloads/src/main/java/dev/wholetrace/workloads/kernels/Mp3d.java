package dev.wholetrace.workloads.kernels;

/** Placeholder until the kernel lands (issue 5). */
public final class Mp3d implements Kernel {
    @Override
    public String run(int threads, int size, int steps) {
        throw new UnsupportedOperationException("Mp3d is not written yet");
    }
}
