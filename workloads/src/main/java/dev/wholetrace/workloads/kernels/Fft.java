package dev.wholetrace.workloads.kernels;

/** Placeholder until the kernel lands (issue 5). */
public final class Fft implements Kernel {
    @Override
    public String run(int threads, int size, int steps) {
        throw new UnsupportedOperationException("Fft is not written yet");
    }
}
