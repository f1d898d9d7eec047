package dev.wholetrace.bench;

import java.util.List;

/**
 * One program of {@code bench overhead}: a main class in workloads/target/wholetrace-workloads.jar
 * and its size argument. Every variant (plain, JaCoCo, each mode) runs the same size, chosen so
 * the plain run lasts at least 5 s on the idle 2-core development machine (bench/README.md has
 * the calibration); the report flags a median plain run under 5 s. {@code quickSize} is the
 * size under --quick, 0 when --quick leaves the program out.
 */
record OverheadWorkload(String name, String mainClass, int size, int quickSize, String scales) {
    static final String HELLO = "dev.wholetrace.workloads.Hello";

    /** Plain at least 5 s: the library drivers (dev.wholetrace.workloads.libs) and the SOR kernel. */
    static final List<OverheadWorkload> PROGRAMS = List.of(
            new OverheadWorkload("guava", "dev.wholetrace.workloads.libs.GuavaDriver", 15_000, 10,
                    "hashed items 1000xSIZE, 3 threads x 2000xSIZE striped-lock updates"),
            new OverheadWorkload("jackson", "dev.wholetrace.workloads.libs.JacksonDriver", 300, 0,
                    "3 threads x 40xSIZE serialize/parse rounds"),
            new OverheadWorkload("math3", "dev.wholetrace.workloads.libs.Math3Driver", 1_100, 1,
                    "SIZE rounds of decompositions, FFT and 2 sampling threads"),
            new OverheadWorkload("h2", "dev.wholetrace.workloads.libs.H2Driver", 120, 0,
                    "4 threads x 150xSIZE inserts, then queries"),
            new OverheadWorkload("sor", "dev.wholetrace.workloads.kernels.Sor", 9_000, 2,
                    "10xSIZE red-black iterations, 4 threads, 256x256, CyclicBarrier"));

    /**
     * The growth table's driver and its sizes for a plain run of about 5 s, 20 s and 60 s of CPU
     * (math3, mostly on one thread; its rounds get cheaper as the JIT warms up). Calibrated on the
     * 2-core Xeon development machine of 2026-11-27: plain CPU 3.4 s at 1100 rounds, 8.3 s at 4000,
     * 15.3 s at 12000, 57.6 s at 62000 (the sizes 1100 / 4000 / 12000 used before were calibrated
     * on another machine and gave 3 / 8 / 15 s here). --quick runs tiny sizes only to exercise the table.
     */
    static final String GROWTH_DRIVER = "math3";
    static final List<Integer> GROWTH_SIZES = List.of(2_000, 17_500, 62_000);
    static final List<Integer> GROWTH_QUICK_SIZES = List.of(1, 2, 4);

    static OverheadWorkload named(String name) {
        for (OverheadWorkload w : PROGRAMS) if (w.name.equals(name)) return w;
        throw new IllegalArgumentException("no program " + name + " (guava, jackson, math3, h2, sor)");
    }

    int size(boolean quick) {
        return quick ? quickSize : size;
    }
}
