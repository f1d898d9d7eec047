package dev.wholetrace.bench;

import dev.wholetrace.model.event.TraceMode;
import java.util.List;

/**
 * One traced program of {@code bench overhead}: a main class in workloads/target/wholetrace-workloads.jar
 * and the size argument it gets per mode. CDR and ALL record every load and store and are far
 * slower than COR (ALL slowest), so they run smaller sizes; the plain baseline then runs at that
 * size too. {@code quickSize} is the size of every mode under --quick, 0 when --quick leaves the
 * program out.
 */
record OverheadWorkload(String name, String mainClass, int corSize, int cdrSize, int allSize, int quickSize) {
    static final String HELLO = "dev.wholetrace.workloads.Hello";

    /**
     * The library drivers (dev.wholetrace.workloads.libs) and the SOR kernel, sized by measuring on the 2-core
     * development machine (bench/README.md). Plain, the COR sizes take 0.7-0.9 s. A traced run
     * costs 2-18 s at size 1 already (instrumenting the library, then running its instrumented
     * code cold), so the sizes are a compromise with a full run of about 15 minutes; ALL also
     * needs a small math3 to stay within -Xmx1g (size 30 ran out of heap in the recorder).
     * --quick keeps only the two drivers whose traced start-up is short.
     */
    static final List<OverheadWorkload> PROGRAMS = List.of(
            new OverheadWorkload("guava", "dev.wholetrace.workloads.libs.GuavaDriver", 200, 100, 100, 10),
            new OverheadWorkload("jackson", "dev.wholetrace.workloads.libs.JacksonDriver", 4, 2, 1, 0),
            new OverheadWorkload("math3", "dev.wholetrace.workloads.libs.Math3Driver", 60, 10, 3, 1),
            new OverheadWorkload("h2", "dev.wholetrace.workloads.libs.H2Driver", 4, 2, 1, 0),
            // A compute kernel (dev.wholetrace.workloads.kernels): 4 threads, 10 × size red-black SOR
            // iterations on 256 × 256. Plain, size 50 takes about 0.5 s; traced, COR is ~7×, CDR ~35×
            // and ALL ~180× at size 10 (every access of every cell), hence the smaller sizes.
            new OverheadWorkload("sor", "dev.wholetrace.workloads.kernels.Sor", 50, 10, 2, 2));

    /** The size in mode (DOR runs the CDR size), or 0 when the program does not run. */
    int size(TraceMode mode, boolean quick) {
        if (quick) return quickSize;
        return switch (mode) {
            case COR -> corSize;
            case DOR, CDR -> cdrSize;
            case ALL -> allSize;
        };
    }
}
