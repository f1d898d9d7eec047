package dev.wholetrace.bench;

import static dev.wholetrace.bench.TracedProgram.KERNELS;
import static dev.wholetrace.bench.TracedProgram.LAUNCHER;

import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.analysis.timeline.Timeline;
import dev.wholetrace.analysis.timeline.TimelineExport;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.html.HtmlReport;
import dev.wholetrace.report.stats.StatsReport;
import dev.wholetrace.report.timeline.TimelineFormats;
import dev.wholetrace.report.timeline.TimelineWriter;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench timeline}: what drawing a recorded execution costs (issue 18). Each kernel is
 * recorded once in COR (a child JVM under the agent); then, in this JVM, on the opened trace, each
 * variant is timed over several repetitions (median; the first is a warm-up): the Perfetto export
 * of every sync operation, the Chrome JSON export of every operation (small traces only) and at
 * its default limit (aggregated above it), a Perfetto window of 50,000 operations, and the HTML
 * report (no races: COR has no accesses). Output bytes and time per sync operation say how both
 * grow with the trace. Writes docs/results/timeline.md and timeline.csv.
 */
@Command(name = "timeline", mixinStandardHelpOptions = true,
        description = {"Export (Perfetto, Chrome JSON) and HTML report size and time per kernel trace, up to the largest (mp3d).",
                "", "Example: bench/run timeline --quick"})
final class TimelineBenchCommand implements Callable<Integer> {
    /** The CLI's defaults (ExportCommand): Chrome JSON draws this many operations one by one, Perfetto a million. */
    static final long CHROME_DEFAULT_MAX_OPS = 100_000;
    static final long PERFETTO_DEFAULT_MAX_OPS = 1_000_000;
    /** Above this many operations the Chrome export of every one is skipped (about 650 bytes an operation). */
    static final long CHROME_ALL_LIMIT = 250_000;
    static final long WINDOW = 50_000;

    @Mixin
    ChildJvmOptions jvm = new ChildJvmOptions();

    @Option(names = "--quick", description = "Only sor and water at their default sizes (a smoke test of the harness).")
    boolean quick;

    @Option(names = "--reps", defaultValue = "3", description = "Timed runs per variant after one warm-up; the median is reported (default: ${DEFAULT-VALUE}).")
    int reps;

    private final Log log = new Log();

    static List<TracedProgram> programs(boolean quick) {
        List<TracedProgram> all = new ArrayList<>(List.of(
                new TracedProgram("sor", LAUNCHER, KERNELS, "sor", "4", "-", "-"),
                new TracedProgram("water", LAUNCHER, KERNELS, "water", "4", "-", "-"),
                new TracedProgram("fft", LAUNCHER, KERNELS, "fft", "4", "-", "-"),
                new TracedProgram("lu", LAUNCHER, KERNELS, "lu", "4", "-", "-"),
                new TracedProgram("mp3d", LAUNCHER, KERNELS, "mp3d", "4", "-", "-"),
                new TracedProgram("mp3d-large", LAUNCHER, KERNELS, "mp3d", "4", "100000", "4")));
        return quick ? all.subList(0, 2) : all;
    }

    /** One variant's result on one trace: median seconds and output bytes (-1: not run, with why). */
    record Variant(String name, double seconds, long bytes, String note) {}

    record Row(String program, long operations, long traceBytes, List<Variant> variants) {}

    @Override
    public Integer call() throws Exception {
        if (reps < 1) throw new IllegalArgumentException("--reps must be at least 1");
        Path dir = jvm.prepare("timeline");
        MeasuredChild child = new MeasuredChild(dir);
        List<Row> rows = new ArrayList<>();
        for (TracedProgram p : programs(quick)) {
            Path trace = dir.resolve(p.name() + ".wtrace");
            Files.deleteIfExists(trace);
            log.info("%s: recording (COR)", p.name());
            MeasuredChild.Run run = child.run(TracedJvm.command("-Xmx2g", jvm.agent, trace, TraceMode.COR, p.include(), jvm.workloads, p.main(), p.args()),
                    jvm.timeout);
            if (run.exit() != 0 || !Files.isRegularFile(trace)) throw new IllegalStateException(p.name() + " failed: " + run.err());
            rows.add(measure(p.name(), trace, dir));
            Files.deleteIfExists(trace);
        }
        ResultsPage.write(jvm.out.resolve("timeline.md"), markdown(rows));
        Files.writeString(jvm.out.resolve("timeline.csv"), csv(rows), StandardCharsets.UTF_8);
        log.info("wrote %s and %s", jvm.out.resolve("timeline.md"), jvm.out.resolve("timeline.csv"));
        return 0;
    }

    private Row measure(String name, Path file, Path dir) throws Exception {
        ParallelTrace trace = ParallelTrace.open(file);
        long ops = trace.syncOrder().size();
        List<Variant> variants = new ArrayList<>();
        variants.add(export(name, "perfetto, every operation", trace, TimelineFormats.PERFETTO, new TimelineExport(Math.max(ops, 1)), dir));
        variants.add(ops > CHROME_ALL_LIMIT
                ? new Variant("chrome, every operation", 0, -1, "skipped above " + CHROME_ALL_LIMIT + " operations (JSON viewers cannot open it)")
                : export(name, "chrome, every operation", trace, TimelineFormats.CHROME, new TimelineExport(Math.max(ops, 1)), dir));
        variants.add(export(name, "chrome, default --max-ops " + CHROME_DEFAULT_MAX_OPS, trace, TimelineFormats.CHROME,
                new TimelineExport(CHROME_DEFAULT_MAX_OPS), dir));
        variants.add(ops <= WINDOW
                ? new Variant("perfetto, a window of " + WINDOW, 0, -1, "the trace has fewer operations")
                : export(name, "perfetto, a window of " + WINDOW, trace, TimelineFormats.PERFETTO,
                        new TimelineExport(PERFETTO_DEFAULT_MAX_OPS, ops / 2, ops / 2 + WINDOW - 1), dir));
        variants.add(report(name, file, trace, dir));
        return new Row(name, ops, Files.size(file), variants);
    }

    private Variant export(String program, String label, ParallelTrace trace, OutputFormat format, TimelineExport export, Path dir) throws Exception {
        TimelineWriter writer = TimelineFormats.FORMATS.writer(format);
        Variant v = timed(label, dir.resolve("export.out"), out -> {
            Timeline timeline = export.analyze(trace);
            try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
                timeline.replay(writer.open(o));
            }
        });
        log.info("%s %s: %.2f s, %,d bytes", program, label, v.seconds(), v.bytes());
        return v;
    }

    private Variant report(String name, Path file, ParallelTrace trace, Path dir) throws Exception {
        HtmlReport html = new HtmlReport(new HtmlReport.Options(HtmlReport.DEFAULT_MAX_OPS, false, List.of()));
        Variant v = timed("HTML report (default --max-ops " + HtmlReport.DEFAULT_MAX_OPS + ", no races)", dir.resolve("report.html"), out -> {
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8))) {
                html.write(new StatsReport(file.getFileName().toString(), trace, new StatsAnalysis().analyze(trace)), w);
            }
        });
        log.info("%s HTML report: %.2f s, %,d bytes", name, v.seconds(), v.bytes());
        return v;
    }

    /** What a variant writes into a file. */
    private interface Writing {
        void into(Path out) throws Exception;
    }

    /** One warm-up and {@code reps} timed runs of {@code writing}: the median seconds and the file's bytes. */
    private Variant timed(String label, Path out, Writing writing) throws Exception {
        double[] seconds = new double[reps];
        long bytes = 0;
        for (int r = -1; r < reps; r++) {
            long t0 = System.nanoTime();
            writing.into(out);
            if (r >= 0) seconds[r] = (System.nanoTime() - t0) / 1e9;
            bytes = Files.size(out);
        }
        Files.deleteIfExists(out);
        return new Variant(label, CompressorCommand.median(seconds), bytes, "");
    }

    private String markdown(List<Row> rows) {
        StringBuilder s = new StringBuilder("# bench timeline: exports and the HTML report, size and time\n\n");
        s.append("Generated by `bench/run timeline` (do not edit by hand). ").append(Machine.describe().summary()).append("\n\n");
        s.append(String.format(Locale.ROOT, "Each kernel recorded once in COR with 4 threads (mp3d-large: 100,000 particles, 4 steps); then, in one JVM "
                + "on the opened trace, each variant run once to warm up and %d times timed (median): the analysis (`TimelineExport`) "
                + "and the writer streaming into a file, as `wholetrace export` does, without the JVM's start. The HTML report "
                + "is `wholetrace report` without races. Load average at the start: %s.%n%n", reps, Machine.loadAverage().split(" ")[0]));
        s.append("| program | sync operations | trace bytes | variant | seconds | bytes | bytes / operation | µs / operation | note |\n");
        s.append("|---|---:|---:|---|---:|---:|---:|---:|---|\n");
        for (Row r : rows) {
            for (Variant v : r.variants()) {
                boolean ran = v.bytes() >= 0;
                s.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %s | %s | %s | %s | %s | %s |%n", r.program(), r.operations(), r.traceBytes(),
                        v.name(), ran ? String.format(Locale.ROOT, "%.3f", v.seconds()) : "-", ran ? String.format(Locale.ROOT, "%,d", v.bytes()) : "-",
                        ran && r.operations() > 0 ? String.format(Locale.ROOT, "%.1f", (double) v.bytes() / r.operations()) : "-",
                        ran && r.operations() > 0 ? String.format(Locale.ROOT, "%.2f", v.seconds() * 1e6 / r.operations()) : "-", v.note()));
            }
        }
        double lo = Double.MAX_VALUE;
        double hi = 0;
        double fast = Double.MAX_VALUE;
        double slow = 0;
        long largestReport = 0;
        for (Row r : rows) {
            for (Variant v : r.variants()) {
                if (v.name().startsWith("perfetto, every") && r.operations() >= 1000) {
                    lo = Math.min(lo, (double) v.bytes() / r.operations());
                    hi = Math.max(hi, (double) v.bytes() / r.operations());
                    fast = Math.min(fast, v.seconds() * 1e6 / r.operations());
                    slow = Math.max(slow, v.seconds() * 1e6 / r.operations());
                }
                if (v.name().startsWith("HTML")) largestReport = Math.max(largestReport, v.bytes());
            }
        }
        s.append("\nReading it: ");
        if (hi > 0) {
            s.append(String.format(Locale.ROOT, "the Perfetto file of every operation takes %.0f to %.0f bytes per sync operation on the traces "
                    + "with at least 1,000 of them, so it grows linearly with the trace; its time per operation ranged from %.1f to "
                    + "%.1f µs, %s; ", lo, hi, fast, slow, slow > 1.5 * fast
                    ? String.format(Locale.ROOT, "%.1f times apart: not flat at this load, so the time is not shown to grow linearly (rerun on an idle machine)", slow / fast)
                    : "flat within 50 %"));
        }
        s.append("Chrome JSON takes about three times as many bytes per operation, which is why `export --format chrome` aggregates "
                + "above 100,000 operations by default and Perfetto is the format for big traces. ");
        s.append(String.format(Locale.ROOT, "The largest HTML report here is %,d bytes: the page is bounded (aggregated above 5,000 operations, "
                + "the grammar explorer and tables limited: docs/report.md), about 1 MB of it the inlined charting library.%n", largestReport));
        return s.toString();
    }

    private static String csv(List<Row> rows) {
        StringBuilder s = new StringBuilder("program,operations,trace_bytes,variant,seconds,bytes,note\n");
        for (Row r : rows) {
            for (Variant v : r.variants()) {
                s.append(String.format(Locale.ROOT, "%s,%d,%d,\"%s\",%.4f,%d,\"%s\"%n", r.program(), r.operations(), r.traceBytes(), v.name(),
                        v.seconds(), v.bytes(), v.note()));
            }
        }
        return s.toString();
    }

}
