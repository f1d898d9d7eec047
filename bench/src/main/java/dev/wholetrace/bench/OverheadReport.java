package dev.wholetrace.bench;

import dev.wholetrace.bench.OverheadCommand.RunRow;
import dev.wholetrace.bench.OverheadCommand.Series;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.report.Csv;
import dev.wholetrace.report.MarkdownTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** Writes overhead.md, overhead.csv, overhead-runs.csv and overhead.png. */
final class OverheadReport {
    /** The targets for the geometric mean of the wall slowdowns. */
    static final Map<TraceMode, Double> TARGETS = Map.of(TraceMode.COR, 3.0, TraceMode.CDR, 10.0);

    private final Machine machine;
    private final boolean quick;
    private final int reps;
    private final List<TraceMode> modes;
    private final List<Series> series;
    private final List<RunRow> rows;
    private final double seconds;
    private final double otherLoad;
    private final String heap;
    private String markdown;

    OverheadReport(Machine machine, boolean quick, int reps, List<TraceMode> modes, List<Series> series,
                   List<RunRow> rows, double seconds, double otherLoad, String heap) {
        this.machine = machine;
        this.quick = quick;
        this.reps = reps;
        this.modes = modes;
        this.series = series;
        this.rows = rows;
        this.seconds = seconds;
        this.otherLoad = otherLoad;
        this.heap = heap;
    }

    // ---- statistics --------------------------------------------------------------------------------

    static double median(List<? extends Number> v) {
        if (v.isEmpty()) return Double.NaN;
        double[] a = new double[v.size()];
        for (int i = 0; i < a.length; i++) a[i] = v.get(i).doubleValue();
        return CompressorCommand.median(a);
    }

    static double slowdown(Series s) {
        return median(s.tracedWall) / median(s.plainWall);
    }

    static double cpuRatio(Series s) {
        return median(s.tracedCpu) / median(s.plainCpu);
    }

    /** Smallest (k = 0) or largest (k = 1) traced/plain wall ratio of one rep. */
    static double pairedRatio(Series s, int k) {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < s.tracedWall.size(); i++) {
            double r = s.tracedWall.get(i) / s.plainWall.get(i);
            lo = Math.min(lo, r);
            hi = Math.max(hi, r);
        }
        return k == 0 ? lo : hi;
    }

    static double eventsPerSecond(Series s) {
        return median(s.events) / median(s.tracedWall);
    }

    /** Geometric mean of the wall slowdowns of the drivers (not hello) in one mode. */
    double geomean(TraceMode mode) {
        double logSum = 0;
        int n = 0;
        for (Series s : drivers()) {
            if (s.mode != mode) continue;
            logSum += Math.log(slowdown(s));
            n++;
        }
        return n == 0 ? Double.NaN : Math.exp(logSum / n);
    }

    private List<Series> drivers() {
        return series.stream().filter(s -> !s.program.isHello()).toList();
    }

    private List<Series> hello() {
        return series.stream().filter(s -> s.program.isHello()).toList();
    }

    // ---- output ------------------------------------------------------------------------------------

    void write(Path out, Log log) throws IOException {
        Files.writeString(out.resolve("overhead.md"), markdown(), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("overhead.csv"), csv(), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("overhead-runs.csv"), runsCsv(), StandardCharsets.UTF_8);
        try {
            plot(out.resolve("overhead.png"));
        } catch (Throwable e) { // headless AWT or font trouble must not lose the tables
            log.info("plot skipped: %s", e);
        }
    }

    String csv() {
        Csv csv = new Csv("program,mode,size,reps,plain_wall_median_s,traced_wall_median_s,slowdown,"
                + "ratio_min,ratio_max,plain_cpu_median_s,traced_cpu_median_s,cpu_ratio,trace_bytes_median,events_median,events_per_s");
        for (Series s : series) {
            csv.row(s.program.name(), s.mode.label(), s.size == 0 ? "" : Integer.toString(s.size),
                    Integer.toString(s.tracedWall.size()),
                    Report.num(median(s.plainWall)), Report.num(median(s.tracedWall)), Report.num(slowdown(s)), Report.num(pairedRatio(s, 0)),
                    Report.num(pairedRatio(s, 1)), Report.num(median(s.plainCpu)), Report.num(median(s.tracedCpu)), Report.num(cpuRatio(s)),
                    whole(median(s.bytes)), whole(median(s.events)), Report.num(eventsPerSecond(s)));
        }
        for (TraceMode m : modes) csv.row("geomean", m.label(), "", "", "", "", Report.num(geomean(m)), "", "", "", "", "", "", "", "");
        return csv.toString();
    }

    String runsCsv() {
        Csv csv = new Csv("rep,program,mode,size,wall_s,cpu_s,trace_bytes,events");
        for (RunRow r : rows) {
            csv.row(Integer.toString(r.rep()), r.program(), r.mode(), r.size() == 0 ? "" : Integer.toString(r.size()), Report.num(r.wall()),
                    Report.num(r.cpu()), Long.toString(r.bytes()), Long.toString(r.events()));
        }
        return csv.toString();
    }

    /** A count (a median of counts may end in .5). */
    private static String whole(double v) {
        return Double.isNaN(v) ? "" : Long.toString(Math.round(v));
    }

    private static String sec(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String x(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "n/a" : String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
    }

    String markdown() {
        if (markdown != null) return markdown;
        StringBuilder sb = new StringBuilder();
        sb.append("# Agent overhead benchmark").append(quick ? " (--quick)" : "").append("\n\n");
        sb.append("Generated by `bench/run overhead").append(quick ? " --quick" : "")
                .append("` (do not edit by hand; rerun to refresh).\n\n");
        machine.markdownTable("Java (harness and children)").row("repetitions", reps)
                .row("run time", String.format(Locale.ROOT, "%.0f s", seconds))
                .row("other processes' CPU load", String.format(Locale.ROOT, "%s cores on average during the measurements (of %d)",
                        Report.load(otherLoad), machine.nproc()))
                .appendTo(sb).append('\n');
        if (otherLoad > 0.25) {
            sb.append(String.format(Locale.ROOT, "**Warning:** other processes kept %.2f cores busy on average, so absolute times are "
                    + "inflated and noisy; the plain and traced runs of a repetition ran back to back, so the ratios suffer less.\n\n",
                    otherLoad));
        }
        method(sb);
        summary(sb);
        table(sb);
        startup(sb);
        findings(sb);
        markdown = sb.toString();
        return markdown;
    }

    private void method(StringBuilder sb) {
        sb.append("## Method\n\n");
        sb.append("- **Programs**: the library drivers of module `workloads` (`dev.wholetrace.workloads.libs`: Guava, Jackson, "
                + "commons-math3, H2, each multithreaded), a compute kernel (`dev.wholetrace.workloads.kernels.Sor`: red-black SOR, "
                + "4 threads, CyclicBarrier), and `dev.wholetrace.workloads.Hello` (prints one line) for the fixed cost. "
                + "Each runs as a child JVM `java ").append(heap).append(" -cp workloads/target/wholetrace-workloads.jar MAIN SIZE`: "
                + "**plain**, and **traced** with `-javaagent:agent/target/wholetrace-agent.jar=out=T.wtrace,mode=M` for each mode M "
                + "(every class on that class path is instrumented: the driver and its library).\n");
        sb.append("- **Order**: one discarded plain warm-up run per program, then ").append(reps).append(" repetitions; in each "
                + "repetition every program runs plain and then in each mode, back to back (modes sharing a size share that "
                + "plain run). Slow drifts of the machine's load hit a repetition's plain and traced runs alike.\n");
        sb.append("- **Wall**: from just before the process starts to just after it is reaped: JVM start-up (a few tenths of a "
                + "second), the agent's start-up, class instrumentation, the program, and the agent finishing the trace at exit "
                + "are all included. The fixed part is reported separately (hello, below).\n");
        sb.append("- **CPU**: user + system time of the child, all threads (the agent compresses on background threads, "
                + "so traced CPU can exceed traced wall); from the harness's reaped-children time in /proc/self/stat, 10 ms ticks.\n");
        sb.append("- **Slowdown** = median traced wall / median plain wall (ratio of medians over the repetitions); "
                + "**min-max** = range of the per-repetition ratios traced/plain of the same repetition. **CPU ratio** = median "
                + "traced CPU / median plain CPU. **Geomean** = geometric mean of the slowdowns of the drivers (hello excluded) in one mode.\n");
        sb.append("- **Trace**: file bytes; events = `ParallelTrace.open(trace).eventCount()`; events/s = median events / median "
                + "traced wall (start-up included, so a lower bound on the recording rate).\n");
        sb.append("- **Checks**: every run's stdout and exit code must equal the plain run's of the same repetition and size "
                + "(plain runs must also agree across repetitions), the agent must print nothing, and the trace must be complete; "
                + "otherwise the benchmark fails.\n");
        boolean perMode = drivers().stream().anyMatch(s -> s.size != drivers().stream()
                .filter(o -> o.program == s.program).findFirst().orElseThrow().size);
        if (perMode) {
            sb.append("- **Sizes differ per mode**: CDR and ALL record every load and store and are far slower than COR, so they run "
                    + "smaller sizes (column *size*) to keep the whole benchmark within its time budget; their plain baseline runs "
                    + "at the same smaller size, where start-up weighs more.\n");
        }
        sb.append('\n');
    }

    private void summary(StringBuilder sb) {
        sb.append("## Geometric mean of wall slowdowns, against the targets\n\n");
        MarkdownTable table = new MarkdownTable().left("mode").right("geomean slowdown", "target").left("met");
        for (TraceMode m : modes) {
            Double t = TARGETS.get(m);
            double g = geomean(m);
            table.row(m.label().toUpperCase(Locale.ROOT), "**" + x(g) + "x**", t == null ? "-" : "<= " + x(t) + "x",
                    t == null ? "-" : g <= t ? "yes" : "no");
        }
        table.appendTo(sb);
        sb.append("\nAnchors (published geometric means, other tools and programs): the strata paper's PIN tool 16.9x; "
                + "RoadRunner's do-nothing tool 4.1x; FastTrack about 8.5x.\n\n");
    }

    private void table(StringBuilder sb) {
        sb.append("## Per program and mode\n\n");
        MarkdownTable table = new MarkdownTable().left("program").left("mode").right("size", "reps", "plain wall (s)", "traced wall (s)",
                "slowdown").left("min-max").right("plain CPU (s)", "traced CPU (s)", "CPU ratio", "trace bytes", "events", "M events/s");
        for (Series s : series) {
            table.row(s.program.name(), s.mode.label(), OverheadCommand.label(s.size), s.tracedWall.size(), sec(median(s.plainWall)),
                    sec(median(s.tracedWall)), "**" + x(slowdown(s)) + "**", x(pairedRatio(s, 0)) + "-" + x(pairedRatio(s, 1)),
                    sec(median(s.plainCpu)), sec(median(s.tracedCpu)), x(cpuRatio(s)), Report.count((long) median(s.bytes)),
                    Report.count((long) median(s.events)), Report.rate(eventsPerSecond(s)));
        }
        table.appendTo(sb);
        sb.append("\nPrograms and sizes: guava = `GuavaDriver SIZE` (hashed items 1000xSIZE, 3 threads x 2000xSIZE striped-lock "
                + "updates); jackson = `JacksonDriver SIZE` (3 threads x 40xSIZE serialize/parse rounds); math3 = `Math3Driver SIZE` "
                + "(SIZE rounds of decompositions, FFT and 2 sampling threads); h2 = `H2Driver SIZE` (4 threads x 150xSIZE "
                + "inserts, then queries); sor = `Sor SIZE` (10xSIZE red-black iterations, 4 threads, 256x256). Size 1 is what "
                + "AgentLibrariesTest runs for the drivers.\n\n");
    }

    private void startup(StringBuilder sb) {
        sb.append("## Fixed start-up cost (hello)\n\n");
        MarkdownTable table = new MarkdownTable().left("mode").right("plain wall (s)", "traced wall (s)", "agent start-up (s)",
                "plain CPU (s)", "traced CPU (s)");
        for (Series s : hello()) {
            table.row(s.mode.label(), sec(median(s.plainWall)), sec(median(s.tracedWall)), sec(median(s.tracedWall) - median(s.plainWall)),
                    sec(median(s.plainCpu)), sec(median(s.tracedCpu)));
        }
        table.appendTo(sb);
        sb.append("\n*agent start-up* = median traced wall - median plain wall of a program that does nothing: loading the agent, "
                + "starting the recorder and writing an almost empty trace. It is part of every traced wall time above; the "
                + "instrumentation of the drivers' library classes is not (it grows with the classes a program loads).\n\n");
    }

    private void findings(StringBuilder sb) {
        sb.append("## Findings (computed from the tables above)\n\n");
        for (TraceMode m : modes) {
            Double t = TARGETS.get(m);
            double g = geomean(m);
            Series worst = null;
            for (Series s : drivers()) if (s.mode == m && (worst == null || slowdown(s) > slowdown(worst))) worst = s;
            sb.append(String.format(Locale.ROOT, "- %s: geomean %sx%s; slowest %s (%sx at size %s).\n", m.label().toUpperCase(Locale.ROOT),
                    x(g), t == null ? "" : (g <= t ? ", within" : ", above") + " the " + x(t) + "x target",
                    worst == null ? "-" : worst.program.name(), worst == null ? "n/a" : x(slowdown(worst)),
                    worst == null ? "-" : OverheadCommand.label(worst.size)));
        }
        List<String> absent = OverheadWorkload.PROGRAMS.stream().map(OverheadWorkload::name)
                .filter(n -> drivers().stream().noneMatch(s -> s.program.name().equals(n))).toList();
        if (!absent.isEmpty()) {
            sb.append("- Not run here (so not in the geometric means): ").append(String.join(", ", absent))
                    .append(quick ? " (--quick leaves out the drivers whose traced runs take 6-18 s even at size 1 on an idle machine)" : "").append(".\n");
        }
        if (quick) {
            sb.append("- --quick: small sizes and few repetitions, so start-up dominates every run; these ratios are a smoke "
                    + "test of the harness, not the benchmark's result.\n");
        }
        sb.append('\n');
    }

    // ---- plot --------------------------------------------------------------------------------------

    private void plot(Path file) throws IOException {
        List<String> xs = new ArrayList<>();
        for (Series s : drivers()) if (!xs.contains(s.program.name())) xs.add(s.program.name());
        xs.add("geomean");
        Map<String, List<Number>> bars = new LinkedHashMap<>();
        for (TraceMode m : modes) {
            List<Number> ys = new ArrayList<>();
            for (String name : xs.subList(0, xs.size() - 1)) {
                ys.add(drivers().stream().filter(s -> s.mode == m && s.program.name().equals(name)).findFirst()
                        .map(OverheadReport::slowdown).orElse(Double.NaN));
            }
            ys.add(geomean(m));
            bars.put(m.label().toUpperCase(Locale.ROOT), ys);
        }
        CategoryChart chart = new CategoryChartBuilder().width(1200).height(700)
                .title("Agent overhead: wall slowdown traced/plain (ratio of medians, log scale)" + (quick ? ", --quick" : ""))
                .xAxisTitle("program").yAxisTitle("slowdown (x)").build();
        Charts.style(chart, Math.min(1, Charts.floorPow10(bars.values())));
        chart.getStyler().setXAxisLabelRotation(0);
        for (var e : bars.entrySet()) chart.addSeries(e.getKey(), xs, e.getValue());
        Charts.save(chart, file);
    }
}
