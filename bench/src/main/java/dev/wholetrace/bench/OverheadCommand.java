package dev.wholetrace.bench;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.AgentOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench overhead}: each workload run as a child JVM without and with the agent, in
 * interleaved repetitions, and the slowdown per mode against the same run's plain baseline.
 */
@Command(name = "overhead", mixinStandardHelpOptions = true,
        description = {"Runs each workload (the library drivers and the SOR kernel of module workloads) as a child JVM plain and under "
                + "-javaagent in each mode, interleaved over several repetitions, plus a hello program for the agent's "
                + "fixed start-up cost; reports wall and CPU slowdowns (ratio of medians), geometric means per mode, "
                + "trace bytes and events/s.",
                "Writes overhead.md, overhead.csv, overhead-runs.csv and overhead.png to the output directory."})
final class OverheadCommand implements Callable<Integer> {
    @Mixin
    ChildJvmOptions jvm = new ChildJvmOptions();

    @Option(names = "--quick", description = "Only guava, math3 and sor, at small sizes, 2 repetitions (about 1 minute on an idle 2-core machine, 2 on a busy one).")
    boolean quick;

    @Option(names = "--reps", description = "Repetitions (default 5, or 2 with --quick).")
    Integer reps;

    @Option(names = "--modes", split = ",", defaultValue = "cor,cdr,all", description = "Agent modes (default: ${DEFAULT-VALUE}).")
    List<String> modeNames;

    @Option(names = "--only", description = "Only the drivers whose name matches this regex (guava, jackson, math3, h2, sor); "
            + "with --quick also those --quick leaves out.")
    Pattern only;

    @Option(names = "--size", description = "Run every driver in every mode at this size (for choosing sizes; default: "
            + "the table in OverheadWorkload).")
    Integer size;

    static final String HEAP = "-Xmx1g";
    private final Log log = new Log();

    /** One program as the benchmark runs it: a name, a main class and its size per mode (0: no argument). */
    record Program(String name, String mainClass, Map<TraceMode, Integer> sizes) {
        boolean isHello() {
            return mainClass.equals(OverheadWorkload.HELLO);
        }

        /** "name (MainClass SIZE)", for messages. */
        String describe(int size) {
            return name + " (" + mainClass + " " + label(size) + ")";
        }
    }

    /** The measurements of one program in one mode, with the plain run of the same rep and size as baseline. */
    static final class Series {
        final Program program;
        final TraceMode mode;
        final int size;
        final List<Double> plainWall = new ArrayList<>();
        final List<Double> plainCpu = new ArrayList<>();
        final List<Double> tracedWall = new ArrayList<>();
        final List<Double> tracedCpu = new ArrayList<>();
        final List<Long> bytes = new ArrayList<>();
        final List<Long> events = new ArrayList<>();

        Series(Program program, TraceMode mode, int size) {
            this.program = program;
            this.mode = mode;
            this.size = size;
        }
    }

    /** One child run, for overhead-runs.csv. */
    record RunRow(int rep, String program, String mode, int size, double wall, double cpu, long bytes, long events) {}

    @Override
    public Integer call() throws Exception {
        List<TraceMode> modes = modeNames.stream().map(String::trim).map(TraceMode::parse).distinct().toList();
        int n = reps != null ? reps : quick ? 2 : 5;
        if (n < 1) throw new IllegalArgumentException("--reps must be at least 1");
        if (size != null && size < 1) throw new IllegalArgumentException("--size must be at least 1");
        Path dir = jvm.prepare("overhead");
        Machine machine = Machine.describe();
        log.info("bench overhead (%s, %d reps, modes %s) on %s", quick ? "quick" : "full", n, modes, machine.summary());

        List<Program> programs = programs(modes);
        Map<String, Series> series = new LinkedHashMap<>();
        for (Program p : programs) {
            for (TraceMode m : modes) series.put(p.name + "/" + m.label(), new Series(p, m, p.sizes.get(m)));
        }
        List<RunRow> rows = new ArrayList<>();
        Map<String, ChildJvm.Run> expected = new LinkedHashMap<>(); // program/size -> first plain run

        log.info("warm-up: one discarded plain run per program");
        for (Program p : programs) run(p, p.sizes.get(modes.get(0)), null, dir);

        CpuMeter.Sample start = CpuMeter.now();
        for (int r = 1; r <= n; r++) {
            for (Program p : programs) {
                Set<Integer> sizes = new LinkedHashSet<>();
                for (TraceMode m : modes) sizes.add(p.sizes.get(m));
                for (int size : sizes) {
                    ChildJvm.Run plain = run(p, size, null, dir);
                    ChildJvm.Run first = expected.putIfAbsent(p.name + "/" + size, plain);
                    if (first != null) plain.expectSameAs(first, p.describe(size) + ", plain run of rep " + r);
                    rows.add(new RunRow(r, p.name, "plain", size, plain.wallSeconds(), plain.cpuSeconds(), 0, 0));
                    log.info("rep %d/%d %-8s size %-4s plain: %6.2f s wall, %6.2f s CPU", r, n, p.name, label(size),
                            plain.wallSeconds(), plain.cpuSeconds());
                    for (TraceMode m : modes) {
                        if (p.sizes.get(m) != size) continue;
                        Path trace = dir.resolve(p.name + "-" + m.label() + ".wtrace");
                        Files.deleteIfExists(trace);
                        ChildJvm.Run traced = run(p, size, agentArg(trace, m), dir);
                        traced.expectSameAs(plain, p.describe(size) + ", " + m.label() + " run of rep " + r);
                        ParallelTrace t = ParallelTrace.open(trace);
                        long bytes = t.fileBytes();
                        if (!t.complete()) throw new IllegalStateException(p.name + " " + m.label() + ": the trace is incomplete");
                        long events = t.eventCount();
                        Files.delete(trace);
                        Series s = series.get(p.name + "/" + m.label());
                        s.plainWall.add(plain.wallSeconds());
                        s.plainCpu.add(plain.cpuSeconds());
                        s.tracedWall.add(traced.wallSeconds());
                        s.tracedCpu.add(traced.cpuSeconds());
                        s.bytes.add(bytes);
                        s.events.add(events);
                        rows.add(new RunRow(r, p.name, m.label(), size, traced.wallSeconds(), traced.cpuSeconds(), bytes, events));
                        log.info("rep %d/%d %-8s size %-4s %-5s: %6.2f s wall, %6.2f s CPU, %,d bytes, %,d events (x%.1f wall)",
                                r, n, p.name, label(size), m.label(), traced.wallSeconds(), traced.cpuSeconds(), bytes, events,
                                traced.wallSeconds() / plain.wallSeconds());
                    }
                }
            }
        }
        double load = CpuMeter.otherCores(start, CpuMeter.now());
        OverheadReport report = new OverheadReport(machine, quick, n, modes, new ArrayList<>(series.values()), rows,
                log.elapsed(), load, HEAP);
        report.write(jvm.out, log);
        System.out.println(report.markdown());
        log.info("done in %.1f s; wrote %s", log.elapsed(), jvm.out);
        return 0;
    }

    private List<Program> programs(List<TraceMode> modes) {
        List<Program> programs = new ArrayList<>();
        Map<TraceMode, Integer> none = new LinkedHashMap<>();
        for (TraceMode m : modes) none.put(m, 0);
        programs.add(new Program("hello", OverheadWorkload.HELLO, none));
        for (OverheadWorkload w : OverheadWorkload.PROGRAMS) {
            if (only != null && !only.matcher(w.name()).find()) continue;
            Map<TraceMode, Integer> sizes = new LinkedHashMap<>();
            for (TraceMode m : modes) {
                sizes.put(m, size != null ? size : quick && only != null ? Math.max(1, w.quickSize()) : w.size(m, quick));
            }
            if (sizes.containsValue(0)) continue; // left out of --quick
            programs.add(new Program(w.name(), w.mainClass(), sizes));
        }
        return programs;
    }

    private String agentArg(Path trace, TraceMode mode) {
        return AgentOptions.of(trace, mode).javaagent(jvm.agent);
    }

    private ChildJvm.Run run(Program p, int size, String agentArg, Path dir) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(HEAP);
        if (agentArg != null) cmd.add(agentArg);
        cmd.add("-cp");
        cmd.add(jvm.workloads.toAbsolutePath().normalize().toString());
        cmd.add(p.mainClass);
        if (size > 0) cmd.add(Integer.toString(size));
        return ChildJvm.run(cmd, dir, jvm.timeout);
    }

    static String label(int size) {
        return size == 0 ? "-" : Integer.toString(size);
    }
}
