package dev.wholetrace.workloads.kernels;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * The kernels of parallel-wpp-compression Table 1, by name, with their default inputs (the paper's
 * where it gives one). {@code wholetrace workload NAME} and {@code bench compression} find them here.
 */
public enum Kernels {
    FFT("SPLASH-2 1-D six-step fast Fourier transform", "log2 of the number of complex points", 16, 1, 4, Fft::new),
    LU("SPLASH-2 blocked dense LU factorisation (16 x 16 blocks)", "matrix order", 256, 1, 16, Lu::new),
    MP3D("SPLASH particle flow in a wind tunnel, cell locks", "particles", 50_000, 5, 64, Mp3d::new),
    WATER("SPLASH n-squared molecular dynamics, per-molecule locks", "molecules", 64, 3, 8, Water::new),
    SOR("TreadMarks red-black successive over-relaxation", "grid side", 100, 10, 3, Sor::new);

    /** What the original computes, and where it comes from. */
    public final String description;
    /** What {@code size} counts. */
    public final String sizeUnit;
    public final int defaultSize;
    public final int defaultSteps;
    /** The smallest size the kernel accepts. */
    public final int minSize;
    private final Supplier<Kernel> factory;

    Kernels(String description, String sizeUnit, int defaultSize, int defaultSteps, int minSize, Supplier<Kernel> factory) {
        this.description = description;
        this.sizeUnit = sizeUnit;
        this.defaultSize = defaultSize;
        this.defaultSteps = defaultSteps;
        this.minSize = minSize;
        this.factory = factory;
    }

    /** The name users type: lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public Kernel create() {
        return factory.get();
    }

    /** The kernel called {@code name} (any case). */
    public static Kernels byName(String name) {
        for (Kernels k : values()) if (k.label().equalsIgnoreCase(name)) return k;
        throw new IllegalArgumentException("no workload '" + name + "'; the workloads are " + names());
    }

    /** "fft, lu, mp3d, water, sor". */
    public static String names() {
        StringBuilder s = new StringBuilder();
        for (Kernels k : values()) s.append(s.length() == 0 ? "" : ", ").append(k.label());
        return s.toString();
    }

    /** Runs the kernel after checking the arguments: the one entry point of the launchers. */
    public String run(int threads, int size, int steps) throws InterruptedException {
        if (threads < 1) throw new IllegalArgumentException("--threads must be at least 1, not " + threads);
        if (size < minSize) throw new IllegalArgumentException(label() + ": --size must be at least " + minSize + " (" + sizeUnit + "), not " + size);
        if (steps < 1) throw new IllegalArgumentException("--steps must be at least 1, not " + steps);
        return create().run(threads, size, steps);
    }
}
