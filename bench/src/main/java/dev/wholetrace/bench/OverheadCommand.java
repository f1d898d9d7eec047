package dev.wholetrace.bench;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.AgentOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench overhead}: each workload run as a child JVM plain, under JaCoCo's agent and under
 * the Wholetrace agent in each mode (optionally also under a baseline agent jar), in interleaved
 * repetitions, then the growth of the slowdown with run length for one driver.
 */
@Command(name = "overhead", mixinStandardHelpOptions = true,
        description = {"Runs each workload (the library drivers and the SOR kernel of module workloads, sized so a plain run "
                + "lasts at least 5 s) as a child JVM plain, under JaCoCo's agent and under -javaagent in each mode, interleaved "
                + "over several repetitions, plus a hello program for the agent's fixed start-up cost; reports wall and CPU "
                + "slowdowns (ratio of medians), peak RSS, trace bytes and events/s, geometric means per mode against the targets "
                + "and JaCoCo's, and the slowdown at three run lengths of one driver (the growth table).",
                "Writes overhead.md, overhead.csv, overhead-runs.csv and overhead.png to the output directory; exits 1 when a run "
                + "failed (output or exit code differs from the plain run's, agent message, incomplete trace), after writing them.",
                "Examples:",
                "  bench/run overhead --reps 1",
                "  bench/run overhead --quick",
                "  bench/run overhead --only 'h2|math3' --modes cor --growth none --baseline-agent /tmp/old-agent.jar --out /tmp/r"})
final class OverheadCommand implements Callable<Integer> {
    @Mixin
    ChildJvmOptions jvm = new ChildJvmOptions();

    @Option(names = "--quick", description = "Only guava, math3 and sor, at small sizes (start-up dominates: a smoke test, not "
            + "steady state), 2 repetitions, the growth table at tiny sizes (under 2 minutes on an idle 2-core machine).")
    boolean quick;

    @Option(names = "--reps", description = "Repetitions (default 3, or 2 with --quick; 0: only the growth table).")
    Integer reps;

    @Option(names = "--modes", split = ",", defaultValue = "cor,cdr,all", description = "Agent modes (default: ${DEFAULT-VALUE}).")
    List<String> modeNames;

    @Option(names = "--only", description = "Only the programs whose name matches this regex (guava, jackson, math3, h2, sor); "
            + "with --quick also those --quick leaves out (at size 1).")
    Pattern only;

    @Option(names = "--size", description = "Run every program at this size (for calibrating; default: the table in OverheadWorkload).")
    Integer size;

    @Option(names = "--no-jacoco", description = "Leave out the JaCoCo reference runs.")
    boolean noJacoco;

    @Option(names = "--jacoco-agent", defaultValue = "bench/target/jacoco/jacocoagent.jar",
            description = "JaCoCo's runtime agent jar (org.jacoco:org.jacoco.agent:runtime, copied there by the bench build; "
                    + "default: ${DEFAULT-VALUE}).")
    Path jacocoAgent;

    @Option(names = "--baseline-agent", description = "A second Wholetrace agent jar (e.g. built from an older commit) run in every "
            + "mode right after the agent under test, as rows 'MODE (baseline)' with the ratio new/old: before/after in one run. "
            + "Example: --baseline-agent /tmp/wholetrace-agent-7df9677.jar")
    Path baselineAgent;

    @Option(names = "--baseline-modes", split = ",", description = "The modes the baseline agent runs (default: those of --modes).")
    List<String> baselineModeNames;

    @Option(names = "--cap", defaultValue = "15", description = "An instrumented run is stopped once it has taken this many times "
            + "the wall time of the same repetition's plain run (at least 30 s) and reported as capped: its slowdown is then a "
            + "lower bound, shown as >=. Above every target (12x), so a capped row still decides its verdict "
            + "(default: ${DEFAULT-VALUE}).")
    double cap;

    @Option(names = "--growth", description = "The driver of the growth table (default " + OverheadWorkload.GROWTH_DRIVER
            + "; 'none' skips it).")
    String growth;

    @Option(names = "--growth-sizes", split = ",", description = "Its sizes (default: plain about 5 s, 20 s and 60 s: "
            + "OverheadWorkload.GROWTH_SIZES).")
    List<Integer> growthSizes;

    @Option(names = "--growth-mode", defaultValue = "cor", description = "The growth table's mode (default: ${DEFAULT-VALUE}).")
    String growthMode;

    @Option(names = "--heap", defaultValue = "-Xmx2g", description = "Every child JVM's heap option (default: ${DEFAULT-VALUE}).")
    String heap;

    private final Log log = new Log();

    /** One program as the benchmark runs it: a name, a main class and its size (0: no argument). */
    record Program(String name, String mainClass, int size) {
        boolean isHello() {
            return mainClass.equals(OverheadWorkload.HELLO);
        }

        /** "name (MainClass SIZE)", for messages. */
        String describe() {
            return name + " (" + mainClass + " " + label(size) + ")";
        }
    }

    /** The measurements of one program in one variant, with the plain runs of the same reps as baseline. */
    static final class Series {
        final Program program;
        final OverheadVariant variant;
        final List<Double> plainWall = new ArrayList<>();
        final List<Double> plainCpu = new ArrayList<>();
        final List<Long> plainRss = new ArrayList<>();
        final List<Double> tracedWall = new ArrayList<>();
        final List<Double> tracedCpu = new ArrayList<>();
        final List<Long> tracedRss = new ArrayList<>();
        final List<Long> bytes = new ArrayList<>();
        final List<Long> events = new ArrayList<>();
        /** The wall times of the runs with a trace (not capped), for events/s. */
        final List<Double> completeWall = new ArrayList<>();
        int capped;

        Series(Program program, OverheadVariant variant) {
            this.program = program;
            this.variant = variant;
        }

        void add(MeasuredChild.Run plain, MeasuredChild.Run traced, long traceBytes, long traceEvents) {
            plainWall.add(plain.wallSeconds());
            plainCpu.add(plain.cpuSeconds());
            plainRss.add(plain.peakRssBytes());
            tracedWall.add(traced.wallSeconds());
            tracedCpu.add(traced.cpuSeconds());
            tracedRss.add(traced.peakRssBytes());
            if (traced.capped()) {
                capped++;
            } else if (traceBytes >= 0) {
                bytes.add(traceBytes);
                events.add(traceEvents);
                completeWall.add(traced.wallSeconds());
            }
        }
    }

    /** One child run, for overhead-runs.csv. */
    record RunRow(String part, int rep, String program, String variant, int size, double wall, double cpu, long rssBytes,
                  boolean capped, long bytes, long events) {}

    @Override
    public Integer call() throws Exception {
        List<TraceMode> modes = modeNames.stream().map(String::trim).map(TraceMode::parse).distinct().toList();
        int n = reps != null ? reps : quick ? 2 : 3;
        if (n < 0 || n == 0 && "none".equals(growth)) throw new IllegalArgumentException("--reps must be at least 1 (0 with a growth table)");
        if (size != null && size < 1) throw new IllegalArgumentException("--size must be at least 1");
        if (cap <= 1) throw new IllegalArgumentException("--cap must be above 1");
        Path dir = jvm.prepare("overhead");
        if (!noJacoco && !Files.isRegularFile(jacocoAgent)) {
            throw new IllegalArgumentException(jacocoAgent + " is missing (the bench build copies it from Maven Central; or --no-jacoco)");
        }
        if (baselineAgent != null && !Files.isRegularFile(baselineAgent)) throw new IllegalArgumentException(baselineAgent + " is missing");
        List<TraceMode> baselineModes = baselineModeNames == null ? modes
                : baselineModeNames.stream().map(String::trim).map(TraceMode::parse).distinct().toList();
        List<OverheadVariant> variants = variants(modes, baselineModes);
        Machine machine = Machine.describe();
        MeasuredChild child = new MeasuredChild(dir);
        // Stopped early (Ctrl-C, kill): take the child JVM down too rather than leave it running.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly)));
        log.info("bench overhead (%s, %d reps, %s, cap %.0fx plain) on %s", quick ? "quick" : "full", n,
                variants.stream().map(OverheadVariant::label).toList(), cap, machine.summary());

        List<Program> programs = programs();
        Map<String, Series> series = new LinkedHashMap<>();
        for (Program p : programs) for (OverheadVariant v : variants) series.put(p.name + "/" + v.label(), new Series(p, v));
        List<RunRow> rows = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Map<String, MeasuredChild.Run> expected = new LinkedHashMap<>(); // program/size -> first plain run

        List<Series> growthSeries = new ArrayList<>();
        CpuMeter.Sample start = CpuMeter.now();
        // Rewritten after every program and growth point, so a run stopped early still leaves what it measured.
        Runnable write = () -> {
            try {
                new OverheadReport(machine, quick, n, modes, new ArrayList<>(series.values()), growthSeries, rows, failures,
                        log.elapsed(), CpuMeter.otherCores(start, CpuMeter.now()), heap, cap, child.measuresRss()).partial().write(jvm.out, log);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        if (n > 0) {
            log.info("warm-up: one discarded plain run per program");
            for (Program p : programs) child.run(command(p, null, dir), jvm.timeout);
        } else {
            series.clear();
        }
        for (int r = 1; r <= n; r++) {
            for (Program p : programs) {
                measure("main", r, n, p, variants, series, rows, failures, expected, child, dir, true);
                write.run();
            }
        }
        String growthName = growth != null ? growth : OverheadWorkload.GROWTH_DRIVER;
        if (!growthName.equals("none")) {
            OverheadWorkload w = OverheadWorkload.named(growthName);
            OverheadVariant gv = OverheadVariant.agent(TraceMode.parse(growthMode));
            List<Integer> sizes = growthSizes != null ? growthSizes
                    : quick ? OverheadWorkload.GROWTH_QUICK_SIZES : OverheadWorkload.GROWTH_SIZES;
            log.info("growth table: %s at sizes %s, plain and %s, once each, no cap", w.name(), sizes, gv.label());
            for (int s : sizes) {
                Program p = new Program(w.name(), w.mainClass(), s);
                Map<String, Series> one = new LinkedHashMap<>();
                one.put(p.name + "/" + gv.label(), new Series(p, gv));
                measure("growth", 1, 1, p, List.of(gv), one, rows, failures, expected, child, dir, false);
                growthSeries.addAll(one.values());
                write.run();
            }
        }
        double load = CpuMeter.otherCores(start, CpuMeter.now());
        OverheadReport report = new OverheadReport(machine, quick, n, modes, new ArrayList<>(series.values()), growthSeries, rows,
                failures, log.elapsed(), load, heap, cap, child.measuresRss());
        report.write(jvm.out, log);
        System.out.println(report.markdown());
        log.info("done in %.1f s; wrote %s", log.elapsed(), jvm.out);
        if (!failures.isEmpty()) {
            System.err.println("bench overhead: " + failures.size() + " run(s) failed:\n" + String.join("\n", failures));
            return 1;
        }
        return 0;
    }

    /** One repetition of one program: its plain run, then every variant in order. */
    private void measure(String part, int r, int n, Program p, List<OverheadVariant> variants, Map<String, Series> series,
                         List<RunRow> rows, List<String> failures, Map<String, MeasuredChild.Run> expected, MeasuredChild child,
                         Path dir, boolean capped) throws Exception {
        MeasuredChild.Run plain = child.run(command(p, null, dir), jvm.timeout);
        MeasuredChild.Run first = expected.putIfAbsent(p.name + "/" + p.size, plain);
        rows.add(new RunRow(part, r, p.name, "plain", p.size, plain.wallSeconds(), plain.cpuSeconds(), plain.peakRssBytes(), false, 0, 0));
        log.info("%s rep %d/%d %-8s size %-6s plain: %7.2f s wall, %7.2f s CPU, %,6d MB", part, r, n, p.name, label(p.size),
                plain.wallSeconds(), plain.cpuSeconds(), plain.peakRssBytes() >> 20);
        try {
            if (plain.capped()) throw new IllegalStateException("the plain run did not finish in " + jvm.timeout + " s");
            if (first != null) plain.expectSameAs(first, p.describe() + ", plain run of rep " + r);
        } catch (IllegalStateException e) {
            failures.add(part + " rep " + r + " " + p.describe() + " plain: " + firstLine(e));
            return;
        }
        for (OverheadVariant v : variants) {
            Path trace = dir.resolve(p.name + "-" + v.label() + (v.isJacoco() ? ".exec" : ".wtrace"));
            Files.deleteIfExists(trace);
            long limit = capped ? Math.max(30, (long) Math.ceil(cap * plain.wallSeconds())) : jvm.timeout;
            MeasuredChild.Run traced = child.run(command(p, v, trace), limit);
            long bytes = -1, events = -1;
            try {
                if (!traced.capped()) {
                    traced.expectSameAs(plain, p.describe() + ", " + v.label() + " run of rep " + r);
                    if (v.isJacoco()) {
                        bytes = Files.size(trace);
                    } else {
                        ParallelTrace t = ParallelTrace.open(trace);
                        if (!t.complete()) throw new IllegalStateException("the trace is incomplete");
                        bytes = t.fileBytes();
                        events = t.eventCount();
                    }
                }
            } catch (IllegalStateException | java.io.IOException e) {
                failures.add(part + " rep " + r + " " + p.describe() + " " + v.label() + ": " + firstLine(e));
                log.info("FAILED: %s %s rep %d: %s", p.name, v.label(), r, e.getMessage());
                continue;
            } finally {
                Files.deleteIfExists(trace);
            }
            series.get(p.name + "/" + v.label()).add(plain, traced, bytes, events);
            rows.add(new RunRow(part, r, p.name, v.label(), p.size, traced.wallSeconds(), traced.cpuSeconds(), traced.peakRssBytes(),
                    traced.capped(), Math.max(0, bytes), Math.max(0, events)));
            log.info("%s rep %d/%d %-8s size %-6s %-14s: %7.2f s wall%s, %7.2f s CPU, %,6d MB, %,d bytes, %,d events (x%.1f wall, x%.1f CPU)",
                    part, r, n, p.name, label(p.size), v.label(), traced.wallSeconds(), traced.capped() ? " (CAPPED)" : "",
                    traced.cpuSeconds(), traced.peakRssBytes() >> 20, bytes, Math.max(0, events), traced.wallSeconds() / plain.wallSeconds(),
                    traced.cpuSeconds() / plain.cpuSeconds());
        }
    }

    private static String firstLine(Exception e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    private List<OverheadVariant> variants(List<TraceMode> modes, List<TraceMode> baselineModes) {
        List<OverheadVariant> v = new ArrayList<>();
        if (!noJacoco) v.add(OverheadVariant.JACOCO);
        for (TraceMode m : modes) {
            v.add(OverheadVariant.agent(m));
            if (baselineAgent != null && baselineModes.contains(m)) v.add(OverheadVariant.baseline(m));
        }
        return v;
    }

    private List<Program> programs() {
        List<Program> programs = new ArrayList<>();
        programs.add(new Program("hello", OverheadWorkload.HELLO, 0));
        for (OverheadWorkload w : OverheadWorkload.PROGRAMS) {
            if (only != null && !only.matcher(w.name()).find()) continue;
            int s = size != null ? size : quick && only != null ? Math.max(1, w.quickSize()) : w.size(quick);
            if (s == 0) continue; // left out of --quick
            programs.add(new Program(w.name(), w.mainClass(), s));
        }
        return programs;
    }

    /** {@code java HEAP [AGENT] -cp WORKLOADS MAIN [SIZE]}; {@code v} null runs it plainly, {@code out} is the trace or coverage file. */
    private List<String> command(Program p, OverheadVariant v, Path out) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(heap);
        if (v != null && v.isJacoco()) {
            cmd.add("-javaagent:" + jacocoAgent.toAbsolutePath().normalize() + "=destfile=" + out + ",output=file");
        } else if (v != null) {
            cmd.add(AgentOptions.of(out, v.mode()).javaagent(v.baseline() ? baselineAgent : jvm.agent));
        }
        cmd.add("-cp");
        cmd.add(jvm.workloads.toAbsolutePath().normalize().toString());
        cmd.add(p.mainClass);
        if (p.size > 0) cmd.add(Integer.toString(p.size));
        return cmd;
    }

    static String label(int size) {
        return size == 0 ? "-" : Integer.toString(size);
    }
}
