package dev.wholetrace.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench trace}: random access to sync segments of .wtrace files against their length, and
 * the recorder's throughput against a same-run baseline of the uninstrumented event loop.
 */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = {"Benchmarks the parallel trace: (1) random access to one sync segment "
                + "(ThreadTrace.segment(m, m+1) iterated, and syncPosition) in synthetic COR traces of 10^6 and 10^9 events "
                + "and a recorded RedBlackSor trace, plus file size and load time; (2) TraceRecorder throughput in COR, CDR "
                + "and ALL for 1, 2 (and 4) program threads against the same loop writing into a plain long[] ring.",
                "Writes trace.md, trace.csv and trace.png to the output directory."})
final class TraceCommand implements Callable<Integer> {
    @Option(names = "--quick", description = "Fewer samples, shorter recordings, no 4-thread runs (about 2 minutes).")
    boolean quick;

    @Option(names = "--out", defaultValue = "docs/results", description = "Where trace.md/.csv/.png go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--work", defaultValue = "bench/work", description = "Generated traces (default: ${DEFAULT-VALUE}).")
    Path work;

    static final long SEED = 0x5EED_7ACEL;
    /** Synthetic trace loop counts (outermost first): 2 threads x 500 or 500,000 units of 1000 events. */
    static final int[] SMALL_LOOPS = {1, 1, 1, 5, 10, 10};
    static final int[] LARGE_LOOPS = {5, 10, 10, 10, 10, 10};
    static final int SYNTHETIC_THREADS = 2;
    /** Events per baseline run, all threads: it is far faster than recording, so it runs longer for a stable time. */
    static final long BASELINE_EVENTS = 24_000_000L;

    static long blackhole;
    private final Log log = new Log();

    @Override
    public Integer call() throws Exception {
        Path dir = work.toAbsolutePath().normalize().resolve("trace");
        Files.createDirectories(out);
        Files.createDirectories(dir);
        Machine machine = Machine.describe();
        log.info("bench trace (%s) on %s", quick ? "quick" : "full", machine.summary());

        CpuMeter.Sample phase = CpuMeter.now();
        List<SegmentAccessBench.Extraction> traces = new SegmentAccessBench(log, quick).run(dir);
        double extractionLoad = CpuMeter.otherCores(phase, CpuMeter.now());

        phase = CpuMeter.now();
        List<RecorderThroughputBench.Throughput> rates = new RecorderThroughputBench(log, quick).run(dir);
        double recorderLoad = CpuMeter.otherCores(phase, CpuMeter.now());

        TraceReport report = new TraceReport(machine, quick, traces, rates, ProgramWorkload.mix(10_000_000), log.elapsed(),
                extractionLoad, recorderLoad);
        report.write(out, log);
        System.out.println(report.markdown());
        log.info("done in %.1f s; wrote %s (blackhole %d)", log.elapsed(), out, blackhole & 1);
        return 0;
    }

    // ---- helpers -----------------------------------------------------------------------------------

    static double median(double[] v) {
        return CompressorCommand.median(v);
    }

    /** The q-quantile (nearest rank) of the first n values. */
    static double quantile(long[] values, int n, double q) {
        if (n == 0) return Double.NaN;
        long[] s = Arrays.copyOf(values, n);
        Arrays.sort(s);
        return s[Math.max(0, (int) Math.ceil(q * n) - 1)];
    }
}
