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
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** Writes overhead.md, overhead.csv, overhead-runs.csv and overhead.png. */
final class OverheadReport {
    /** Issue 15's targets for the geometric means of the wall and CPU slowdowns (plain runs of at least 5 s). */
    static final Map<TraceMode, Double> TARGETS = Map.of(TraceMode.COR, 3.0, TraceMode.CDR, 8.0, TraceMode.ALL, 12.0);
    /** The plain run length the targets assume. */
    static final double STEADY_SECONDS = 5.0;
    /** Issue 15's memory target: peak RSS <= plain * 1.25 + 256 MiB. */
    static final double RSS_FACTOR = 1.25;
    static final long RSS_SLACK = 256L << 20;
    /** The growth table's flatness criterion: largest slowdown / smallest <= 1.2. */
    static final double FLAT = 1.2;

    private final Machine machine;
    private final boolean quick;
    private final int reps;
    private final List<TraceMode> modes;
    private final List<Series> series;
    private final List<Series> growth;
    private final List<RunRow> rows;
    private final List<String> failures;
    private final double seconds;
    private final double otherLoad;
    private final String heap;
    private final double cap;
    private final boolean rss;
    private String markdown;
    private boolean finished = true;

    OverheadReport(Machine machine, boolean quick, int reps, List<TraceMode> modes, List<Series> series, List<Series> growth,
                   List<RunRow> rows, List<String> failures, double seconds, double otherLoad, String heap, double cap, boolean rss) {
        this.machine = machine;
        this.quick = quick;
        this.reps = reps;
        this.modes = modes;
        this.series = series;
        this.growth = growth;
        this.rows = rows;
        this.failures = failures;
        this.seconds = seconds;
        this.otherLoad = otherLoad;
        this.heap = heap;
        this.cap = cap;
        this.rss = rss;
    }

    /** Marks this report as written while the benchmark was still running (it is rewritten after every program). */
    OverheadReport partial() {
        finished = false;
        markdown = null;
        return this;
    }

    // ---- statistics --------------------------------------------------------------------------------

    static double median(List<? extends Number> v) {
        List<Double> d = new ArrayList<>();
        for (Number x : v) if (x.doubleValue() >= 0 && !Double.isNaN(x.doubleValue())) d.add(x.doubleValue());
        if (d.isEmpty()) return Double.NaN;
        double[] a = new double[d.size()];
        for (int i = 0; i < a.length; i++) a[i] = d.get(i);
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
        return s.tracedWall.isEmpty() ? Double.NaN : k == 0 ? lo : hi;
    }

    /** Median events / median traced wall of the complete (not capped) runs. */
    static double eventsPerSecond(Series s) {
        if (s.events.isEmpty()) return Double.NaN;
        return median(s.events) / median(s.completeWall);
    }

    /** The RSS limit of issue 15 for this series: median plain peak RSS * 1.25 + 256 MiB. */
    static double rssLimit(Series s) {
        return median(s.plainRss) * RSS_FACTOR + RSS_SLACK;
    }

    /** A capped run makes its series' medians (and any geomean over it) lower bounds. */
    static boolean lowerBound(Series s) {
        return s.capped > 0;
    }

    /** Geometric mean of {@code f} over the drivers (not hello) in one variant. */
    double geomean(OverheadVariant v, ToDoubleFunction<Series> f) {
        double logSum = 0;
        int n = 0;
        for (Series s : drivers()) {
            if (!s.variant.equals(v) || s.tracedWall.isEmpty()) continue;
            logSum += Math.log(f.applyAsDouble(s));
            n++;
        }
        return n == 0 ? Double.NaN : Math.exp(logSum / n);
    }

    private boolean anyLowerBound(OverheadVariant v) {
        return drivers().stream().anyMatch(s -> s.variant.equals(v) && lowerBound(s));
    }

    private List<Series> drivers() {
        return series.stream().filter(s -> !s.program.isHello()).toList();
    }

    private List<Series> hello() {
        return series.stream().filter(s -> s.program.isHello()).toList();
    }

    private List<OverheadVariant> variants() {
        List<OverheadVariant> v = new ArrayList<>();
        for (Series s : series) if (!v.contains(s.variant)) v.add(s.variant);
        return v;
    }

    private Series find(String program, OverheadVariant v) {
        for (Series s : series) if (s.program.name().equals(program) && s.variant.equals(v)) return s;
        return null;
    }

    /** Largest / smallest wall slowdown of the growth table. */
    double growthSpread() {
        return growthSpread(OverheadReport::slowdown);
    }

    /** Largest / smallest {@code f} (wall slowdown or CPU ratio) of the growth table. */
    double growthSpread(ToDoubleFunction<Series> f) {
        double lo = Double.POSITIVE_INFINITY, hi = 0;
        for (Series s : growth) {
            double x = f.applyAsDouble(s);
            if (Double.isNaN(x)) continue;
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
        }
        return hi == 0 ? Double.NaN : hi / lo;
    }

    // ---- output ------------------------------------------------------------------------------------

    void write(Path out, Log log) throws IOException {
        ResultsPage.write(out.resolve("overhead.md"), markdown());
        Files.writeString(out.resolve("overhead.csv"), csv(), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("overhead-runs.csv"), runsCsv(), StandardCharsets.UTF_8);
        try {
            if (!drivers().isEmpty()) plot(out.resolve("overhead.png")); // none with --reps 0 (the growth table only)
        } catch (Throwable e) { // headless AWT or font trouble must not lose the tables
            log.info("plot skipped: %s", e);
        }
    }

    String csv() {
        Csv csv = new Csv("part,program,variant,size,reps,capped,plain_wall_median_s,wall_median_s,slowdown,ratio_min,ratio_max,"
                + "plain_cpu_median_s,cpu_median_s,cpu_ratio,plain_rss_median_mib,rss_median_mib,rss_limit_mib,"
                + "trace_bytes_median,events_median,events_per_s");
        for (Series s : series) csvRow(csv, "main", s);
        for (Series s : growth) csvRow(csv, "growth", s);
        for (OverheadVariant v : variants()) {
            csv.row("geomean", "", v.label(), "", "", anyLowerBound(v) ? "lower bound" : "", "", "", Report.num(geomean(v, OverheadReport::slowdown)),
                    "", "", "", "", Report.num(geomean(v, OverheadReport::cpuRatio)), "", "", "", "", "", "");
        }
        return csv.toString();
    }

    private static void csvRow(Csv csv, String part, Series s) {
        csv.row(part, s.program.name(), s.variant.label(), s.program.size() == 0 ? "" : Integer.toString(s.program.size()),
                Integer.toString(s.tracedWall.size()), Integer.toString(s.capped),
                Report.num(median(s.plainWall)), Report.num(median(s.tracedWall)), Report.num(slowdown(s)), Report.num(pairedRatio(s, 0)),
                Report.num(pairedRatio(s, 1)), Report.num(median(s.plainCpu)), Report.num(median(s.tracedCpu)), Report.num(cpuRatio(s)),
                Report.num(mib(median(s.plainRss))), Report.num(mib(median(s.tracedRss))), Report.num(mib(rssLimit(s))),
                whole(median(s.bytes)), whole(median(s.events)), Report.num(eventsPerSecond(s)));
    }

    String runsCsv() {
        Csv csv = new Csv("part,rep,program,variant,size,wall_s,cpu_s,peak_rss_bytes,capped,trace_bytes,events");
        for (RunRow r : rows) {
            csv.row(r.part(), Integer.toString(r.rep()), r.program(), r.variant(), r.size() == 0 ? "" : Integer.toString(r.size()),
                    Report.num(r.wall()), Report.num(r.cpu()), Long.toString(r.rssBytes()), r.capped() ? "yes" : "",
                    Long.toString(r.bytes()), Long.toString(r.events()));
        }
        return csv.toString();
    }

    private static double mib(double bytes) {
        return bytes / (1 << 20);
    }

    /** A count (a median of counts may end in .5). */
    private static String whole(double v) {
        return Double.isNaN(v) ? "" : Long.toString(Math.round(v));
    }

    private static String sec(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String mb(double bytes) {
        return Double.isNaN(bytes) ? "n/a" : String.format(Locale.ROOT, "%.0f", mib(bytes));
    }

    private static String x(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "n/a" : String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
    }

    /** x(v), with ">=" when it is a lower bound. */
    private static String x(double v, boolean lowerBound) {
        return (lowerBound && !Double.isNaN(v) ? ">=" : "") + x(v);
    }

    /** "2.50x" (">=2.50x" for a lower bound), or "n/a". */
    private static String times(double v, boolean lowerBound) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "n/a" : x(v, lowerBound) + "x";
    }

    /** "yes"/"no" against the target, "-" when there is none or nothing was measured. */
    private static String met(double v, Double target) {
        return target == null || Double.isNaN(v) ? "-" : v <= target ? "yes" : "no";
    }

    private static String count(double v) {
        return Double.isNaN(v) ? "n/a" : Report.count(Math.round(v));
    }

    String markdown() {
        if (markdown != null) return markdown;
        StringBuilder sb = new StringBuilder();
        sb.append("# Agent overhead benchmark").append(quick ? " (--quick)" : "").append("\n\n");
        sb.append("Generated by `bench/run overhead").append(quick ? " --quick" : "")
                .append("` (do not edit by hand; rerun to refresh).\n\n");
        machine.markdownTable("Java (harness and children)").row("repetitions", reps)
                .row("child heap", heap)
                .row("cap per instrumented run", x(cap) + "x the plain run of its repetition (at least 30 s)")
                .row("run time", String.format(Locale.ROOT, "%.0f s", seconds))
                .row("other processes' CPU load", String.format(Locale.ROOT, "%s cores on average during the measurements (of %d)",
                        Report.load(otherLoad), machine.nproc()))
                .appendTo(sb).append('\n');
        if (!finished) {
            sb.append("**Partial**: written while the benchmark was still running (it rewrites this file after every program); "
                    + "if it stopped or was stopped here, the programs and tables missing below were not measured.\n\n");
        }
        if (otherLoad > 0.25) {
            sb.append(String.format(Locale.ROOT, "**Warning:** other processes kept %.2f cores busy on average, so absolute times are "
                    + "inflated and noisy; the plain and instrumented runs of a repetition ran back to back, so the ratios suffer "
                    + "less, but an instrumented run that uses more cores than the plain one (background compression) is "
                    + "penalised more on a busy machine.\n\n", otherLoad));
        }
        if (!failures.isEmpty()) {
            sb.append("**Failed runs** (left out of the tables; the command exited with 1):\n\n");
            for (String f : failures) sb.append("- ").append(f.replace("|", "\\|")).append('\n');
            sb.append('\n');
        }
        method(sb);
        summary(sb);
        table(sb);
        baseline(sb);
        growthTable(sb);
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
                + "Each runs as a child JVM `java ").append(heap).append(" -cp workloads/target/wholetrace-workloads.jar MAIN SIZE` "
                + "at one size for every variant, chosen so the plain run lasts at least ").append(x(STEADY_SECONDS))
                .append(" s on an idle machine (steady state: start-up and class instrumentation are then a small part): **plain**; "
                + "**JaCoCo** 0.8.15's agent (`-javaagent:jacocoagent.jar=destfile=F,output=file`: a probe per basic block of "
                + "every class it loads, the floor a block-level agent can hope for); and the Wholetrace agent "
                + "`-javaagent:agent/target/wholetrace-agent.jar=out=T.wtrace,mode=M` for each mode M (every class on that class "
                + "path is instrumented: the driver and its library). With `--baseline-agent`, a second agent jar runs each mode "
                + "right after the first (rows *MODE (baseline)*).\n");
        sb.append("- **Order**: one discarded plain warm-up run per program, then ").append(reps).append(" repetitions; in each "
                + "repetition every program runs plain, then JaCoCo, then each mode, always in this order, back to back. Slow "
                + "drifts of the machine's load hit a repetition's plain and instrumented runs alike. The growth table's runs "
                + "come after the repetitions.\n");
        sb.append("- **Cap**: an instrumented run still going after ").append(x(cap)).append(" times the wall time of its "
                + "repetition's plain run (at least 30 s) is stopped; its wall time counts as the cap, so the slowdowns of that "
                + "row (and the geomeans over it) are lower bounds, marked >=. The cap is above every target, so a capped row "
                + "still decides its verdict, and it bounds the benchmark's run time. Capped runs have no trace, so no bytes or "
                + "events; their CPU time and peak RSS are those until they were stopped.\n");
        sb.append("- **Wall**: from just before the process starts to just after it is reaped: JVM start-up, the agent's "
                + "start-up, class instrumentation, the program, and the agent finishing the trace at exit are all included "
                + "(the fixed part is reported separately: hello, below).\n");
        sb.append("- **CPU**: user + system time of the child, all threads (the agent compresses on background threads, "
                + "so traced CPU can exceed traced wall); from the harness's reaped-children time in /proc/self/stat, 10 ms ticks.\n");
        sb.append("- **Peak RSS**: ").append(rss ? "the child's ru_maxrss as GNU `/usr/bin/time -f %M` reports it (wait4 of "
                + "exactly that process: the kernel's high-water mark of its resident set, VmHWM at exit, so no peak between "
                + "two polls is missed); **limit** = median plain peak RSS x 1.25 + 256 MiB (issue 15's target)."
                : "not measured (GNU /usr/bin/time is missing).").append('\n');
        sb.append("- **Slowdown** = median instrumented wall / median plain wall (ratio of medians over the repetitions); "
                + "**min-max** = range of the per-repetition ratios of the same repetition. **CPU ratio** = median instrumented "
                + "CPU / median plain CPU. **Geomean** = geometric mean over the drivers and kernel (hello excluded) of one "
                + "variant, of the wall slowdowns and of the CPU ratios.\n");
        sb.append("- **Trace**: file bytes (JaCoCo: its coverage file); events = `ParallelTrace.open(trace).eventCount()`; "
                + "events/s = median events / median traced wall (start-up included, so a lower bound on the recording rate).\n");
        sb.append("- **Checks**: every run's stdout and exit code must equal the plain run's of the same repetition (plain "
                + "runs must also agree across repetitions), the agent must print nothing, and the trace must be complete; "
                + "otherwise the run is listed as failed, left out, and the command exits with 1.\n\n");
    }

    private void summary(StringBuilder sb) {
        sb.append("## Geometric means, against the targets\n\n");
        MarkdownTable table = new MarkdownTable().left("variant").right("wall geomean", "CPU geomean", "target").left("met (wall, CPU)")
                .right("runs within the RSS limit");
        for (OverheadVariant v : variants()) {
            Double t = v.isJacoco() || v.baseline() ? null : TARGETS.get(v.mode());
            boolean lb = anyLowerBound(v);
            double g = geomean(v, OverheadReport::slowdown), c = geomean(v, OverheadReport::cpuRatio);
            long within = 0, measured = 0;
            for (Series s : drivers()) {
                if (!s.variant.equals(v)) continue;
                for (int i = 0; i < s.tracedRss.size(); i++) {
                    if (s.tracedRss.get(i) < 0 || s.plainRss.get(i) < 0) continue;
                    measured++;
                    if (s.tracedRss.get(i) <= s.plainRss.get(i) * RSS_FACTOR + RSS_SLACK) within++;
                }
            }
            table.row(v.title(), "**" + times(g, lb) + "**", times(c, lb), t == null ? "-" : "<= " + x(t) + "x",
                    t == null ? "-" : met(g, t) + ", " + met(c, t),
                    measured == 0 ? "n/a" : within + " of " + measured);
        }
        table.appendTo(sb);
        sb.append("\nAnchors (published geometric means, other tools and programs): the strata paper's PIN tool 16.9x; "
                + "RoadRunner's do-nothing tool 4.1x; FastTrack about 8.5x. JaCoCo above is measured in this run, on the same "
                + "programs.\n\n");
    }

    private void table(StringBuilder sb) {
        sb.append("## Per program and variant\n\n");
        MarkdownTable table = new MarkdownTable().left("program").left("variant").right("size", "reps", "plain wall (s)", "wall (s)",
                "slowdown").left("min-max").right("plain CPU (s)", "CPU (s)", "CPU ratio", "plain RSS (MiB)", "RSS (MiB)",
                "RSS limit (MiB)", "trace bytes", "events", "M events/s");
        for (Series s : drivers()) {
            boolean lb = lowerBound(s);
            table.row(s.program.name(), s.variant.title(), OverheadCommand.label(s.program.size()), s.tracedWall.size(),
                    sec(median(s.plainWall)), (lb ? ">=" : "") + sec(median(s.tracedWall)), "**" + x(slowdown(s), lb) + "**",
                    x(pairedRatio(s, 0)) + "-" + x(pairedRatio(s, 1)), sec(median(s.plainCpu)), sec(median(s.tracedCpu)),
                    x(cpuRatio(s), lb), mb(median(s.plainRss)), mb(median(s.tracedRss)), mb(rssLimit(s)), count(median(s.bytes)),
                    s.variant.isJacoco() ? "-" : count(median(s.events)), s.variant.isJacoco() ? "-" : Report.rate(eventsPerSecond(s)));
        }
        table.appendTo(sb);
        sb.append("\nPrograms and sizes:");
        for (OverheadWorkload w : OverheadWorkload.PROGRAMS) {
            sb.append(' ').append(w.name()).append(" = `").append(w.mainClass().substring(w.mainClass().lastIndexOf('.') + 1))
                    .append(" SIZE` (").append(w.scales()).append(");");
        }
        sb.setLength(sb.length() - 1);
        sb.append(". Size 1 is what AgentLibrariesTest runs for the drivers.\n\n");
    }

    private void baseline(StringBuilder sb) {
        List<OverheadVariant> bases = variants().stream().filter(OverheadVariant::baseline).toList();
        if (bases.isEmpty()) return;
        sb.append("## Agent under test vs the baseline agent (same run)\n\n");
        MarkdownTable table = new MarkdownTable().left("program").left("mode").right("wall (s)", "baseline wall (s)", "new/old wall",
                "new/old CPU", "new/old RSS", "new/old trace bytes", "new/old events");
        for (OverheadVariant b : bases) {
            OverheadVariant a = OverheadVariant.agent(b.mode());
            for (Series base : drivers()) {
                if (!base.variant.equals(b)) continue;
                Series now = find(base.program.name(), a);
                if (now == null) continue;
                String lb = lowerBound(now) || lowerBound(base) ? "~" : "";
                table.row(base.program.name(), a.title(), sec(median(now.tracedWall)), sec(median(base.tracedWall)),
                        lb + x(median(now.tracedWall) / median(base.tracedWall)),
                        lb + x(median(now.tracedCpu) / median(base.tracedCpu)), lb + x(median(now.tracedRss) / median(base.tracedRss)),
                        x(median(now.bytes) / median(base.bytes)), x(median(now.events) / median(base.events)));
            }
            table.row("geomean", a.title(), "", "", x(geomean(a, OverheadReport::slowdown) / geomean(b, OverheadReport::slowdown)),
                    x(geomean(a, OverheadReport::cpuRatio) / geomean(b, OverheadReport::cpuRatio)), "", "", "");
        }
        table.appendTo(sb);
        sb.append("\nnew/old < 1: the agent under test is cheaper. ~: a capped run on either side (both stopped at the same wall "
                + "time, so their CPU and RSS are what each used until then): the ratio is no bound either way. new/old events "
                + "differ when the agents record different events.\n\n");
    }

    private void growthTable(StringBuilder sb) {
        if (growth.isEmpty()) return;
        Series first = growth.get(0);
        sb.append("## Growth with run length (").append(first.program.name()).append(", ").append(first.variant.title())
                .append(")\n\n");
        MarkdownTable table = new MarkdownTable().right("size", "plain wall (s)", "wall (s)", "slowdown", "plain CPU (s)", "CPU (s)",
                "CPU ratio", "plain RSS (MiB)", "RSS (MiB)", "RSS limit (MiB)", "trace bytes", "M events/s");
        for (Series s : growth) {
            table.row(OverheadCommand.label(s.program.size()), sec(median(s.plainWall)), sec(median(s.tracedWall)), "**" + x(slowdown(s)) + "**",
                    sec(median(s.plainCpu)), sec(median(s.tracedCpu)), x(cpuRatio(s)), mb(median(s.plainRss)), mb(median(s.tracedRss)),
                    mb(rssLimit(s)), count(median(s.bytes)), Report.rate(eventsPerSecond(s)));
        }
        table.appendTo(sb);
        double spread = growthSpread();
        double cpuSpread = growthSpread(OverheadReport::cpuRatio);
        sb.append(String.format(Locale.ROOT, "%nOne run each (plain, then %s), after the repetitions, no cap. Largest / smallest "
                + "slowdown: %s, %s (target: flat within 20 %%, i.e. <= %s); of the CPU ratios: %s, %s.%n%n", first.variant.title(),
                x(spread), spread <= FLAT ? "flat" : "not flat", x(FLAT), x(cpuSpread), cpuSpread <= FLAT ? "flat" : "not flat"));
    }

    private void startup(StringBuilder sb) {
        if (hello().isEmpty()) return;
        sb.append("## Fixed start-up cost (hello)\n\n");
        MarkdownTable table = new MarkdownTable().left("variant").right("plain wall (s)", "wall (s)", "start-up (s)",
                "plain CPU (s)", "CPU (s)", "plain RSS (MiB)", "RSS (MiB)");
        for (Series s : hello()) {
            table.row(s.variant.title(), sec(median(s.plainWall)), sec(median(s.tracedWall)), sec(median(s.tracedWall) - median(s.plainWall)),
                    sec(median(s.plainCpu)), sec(median(s.tracedCpu)), mb(median(s.plainRss)), mb(median(s.tracedRss)));
        }
        table.appendTo(sb);
        sb.append("\n*start-up* = median instrumented wall - median plain wall of a program that does nothing: loading the agent, "
                + "starting the recorder and writing an almost empty trace. It is part of every wall time above; the "
                + "instrumentation of the drivers' library classes is not (it grows with the classes a program loads).\n\n");
    }

    private void findings(StringBuilder sb) {
        sb.append("## Findings (computed from the tables above)\n\n");
        Series jacocoWorst = null;
        for (OverheadVariant v : variants()) {
            Double t = v.isJacoco() || v.baseline() ? null : TARGETS.get(v.mode());
            boolean lb = anyLowerBound(v);
            double g = geomean(v, OverheadReport::slowdown), c = geomean(v, OverheadReport::cpuRatio);
            Series worst = null;
            for (Series s : drivers()) if (s.variant.equals(v) && !s.tracedWall.isEmpty() && (worst == null || slowdown(s) > slowdown(worst))) worst = s;
            if (v.isJacoco()) jacocoWorst = worst;
            if (worst == null) {
                sb.append("- ").append(v.title()).append(": no program measured.\n");
                continue;
            }
            sb.append(String.format(Locale.ROOT, "- %s: geomean %s wall, %s CPU%s; slowest %s (%s).\n", v.title(), times(g, lb), times(c, lb),
                    t == null ? "" : (g <= t && c <= t ? ", within" : g > t && c > t ? ", above" : ", partly above") + " the " + x(t) + "x target",
                    worst.program.name(), times(slowdown(worst), lowerBound(worst))));
        }
        OverheadVariant cor = OverheadVariant.agent(TraceMode.COR);
        if (jacocoWorst != null && modes.contains(TraceMode.COR)) {
            sb.append(String.format(Locale.ROOT, "- COR / JaCoCo (geomean wall): %s.\n",
                    x(geomean(cor, OverheadReport::slowdown) / geomean(OverheadVariant.JACOCO, OverheadReport::slowdown))));
        }
        List<String> shortPlain = new ArrayList<>();
        for (Series s : drivers()) {
            String name = s.program.name();
            if (median(s.plainWall) < STEADY_SECONDS && !shortPlain.contains(name)) shortPlain.add(name);
        }
        if (!shortPlain.isEmpty()) {
            sb.append("- Median plain run under ").append(x(STEADY_SECONDS)).append(" s (start-up weighs more than in steady state): ")
                    .append(String.join(", ", shortPlain)).append(".\n");
        }
        List<String> absent = OverheadWorkload.PROGRAMS.stream().map(OverheadWorkload::name)
                .filter(n -> drivers().stream().noneMatch(s -> s.program.name().equals(n))).toList();
        if (!absent.isEmpty()) {
            sb.append("- Not run here (so not in the geometric means): ").append(String.join(", ", absent))
                    .append(quick ? " (--quick leaves out the drivers whose traced runs take 6-18 s even at size 1)" : "").append(".\n");
        }
        if (!growth.isEmpty()) {
            double spread = growthSpread();
            sb.append(String.format(Locale.ROOT, "- Growth (%s, %s): slowdown %s at the three lengths; spread %sx, %s.\n",
                    growth.get(0).program.name(), growth.get(0).variant.title(),
                    String.join(" / ", growth.stream().map(s -> x(slowdown(s)) + "x").toList()), x(spread),
                    spread <= FLAT ? "flat within 20 %" : "not flat within 20 %"));
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
        for (OverheadVariant v : variants()) {
            List<Number> ys = new ArrayList<>();
            for (String name : xs.subList(0, xs.size() - 1)) {
                Series s = find(name, v);
                ys.add(s == null || s.tracedWall.isEmpty() ? Double.NaN : slowdown(s));
            }
            ys.add(geomean(v, OverheadReport::slowdown));
            bars.put(v.title(), ys);
        }
        CategoryChart chart = new CategoryChartBuilder().width(1200).height(700)
                .title("Agent overhead: wall slowdown vs plain (ratio of medians, log scale)" + (quick ? ", --quick" : ""))
                .xAxisTitle("program").yAxisTitle("slowdown (x)").build();
        Charts.style(chart, Math.min(1, Charts.floorPow10(bars.values())));
        chart.getStyler().setXAxisLabelRotation(0);
        for (var e : bars.entrySet()) chart.addSeries(e.getKey(), xs, e.getValue());
        Charts.save(chart, file);
    }
}
