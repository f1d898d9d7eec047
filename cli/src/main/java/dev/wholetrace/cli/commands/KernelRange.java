package dev.wholetrace.cli.commands;

import java.util.Locale;

/**
 * The sizes {@code workload} accepts per kernel, checked before a JVM is started for it. The
 * kernels themselves live in the workloads jar, which the CLI does not link; their names and
 * smallest sizes are repeated here (a CLI test checks them against the workloads' {@code Kernels}),
 * and the largest sizes are the CLI's: what a kernel does within a few hundred MB of heap and
 * minutes of recording, so that a typo cannot start an hour-long run or an out-of-memory error.
 */
enum KernelRange {
    FFT("log2 of the number of complex points", 4, 22),
    LU("matrix order", 16, 2048),
    MP3D("particles", 64, 2_000_000),
    WATER("molecules", 8, 4096),
    SOR("grid side", 3, 4096);

    /** Worker threads: each is a platform thread that synchronises with all the others. */
    static final int MAX_THREADS = 512;
    /** Iterations or time steps. */
    static final int MAX_STEPS = 10_000;

    final String unit;
    final int minSize;
    final int maxSize;

    KernelRange(String unit, int minSize, int maxSize) {
        this.unit = unit;
        this.minSize = minSize;
        this.maxSize = maxSize;
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kernel called {@code name} (any case), or a one-line usage error listing the kernels. */
    static KernelRange byName(String name) {
        for (KernelRange k : values()) if (k.label().equalsIgnoreCase(name)) return k;
        StringBuilder names = new StringBuilder();
        for (KernelRange k : values()) names.append(names.length() == 0 ? "" : ", ").append(k.label());
        throw new IllegalArgumentException("no workload '" + name + "'; the workloads are " + names);
    }

    /** Checks threads, size and steps (null: the kernel's default) against the ranges. */
    void check(int threads, Integer size, Integer steps) {
        if (threads < 1) throw new IllegalArgumentException("--threads must be at least 1, not " + threads);
        if (threads > MAX_THREADS) throw new IllegalArgumentException("--threads must be at most " + MAX_THREADS + ", not " + threads);
        if (size != null && size < minSize) {
            throw new IllegalArgumentException("--size must be at least " + minSize + " for " + label() + " (" + unit + "), not " + size);
        }
        if (size != null && size > maxSize) {
            throw new IllegalArgumentException("--size must be at most " + maxSize + " for " + label() + " (" + unit + "), not " + size);
        }
        if (steps != null && (steps < 1 || steps > MAX_STEPS)) {
            throw new IllegalArgumentException("--steps must be 1 to " + MAX_STEPS + ", not " + steps);
        }
    }
}
