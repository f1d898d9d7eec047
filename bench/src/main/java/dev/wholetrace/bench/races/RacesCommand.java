package dev.wholetrace.bench.races;

import dev.wholetrace.bench.ResultsPage;
import dev.wholetrace.analysis.race.RaceAnalysis;
import dev.wholetrace.analysis.race.RaceReport;
import dev.wholetrace.bench.ChildJvm;
import dev.wholetrace.bench.ChildJvmOptions;
import dev.wholetrace.bench.Log;
import dev.wholetrace.bench.Machine;
import dev.wholetrace.bench.TracedJvm;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.TraceView;
import dev.wholetrace.workloads.kernels.Kernels;
import dev.wholetrace.workloads.races.RaceSuite;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench races}: the compressed-trace race detector against the uncompressed vector-clock
 * baseline on the kernels' CDR traces (time and peak memory, each in a JVM of its own), and
 * dynamic against distinct race counts on the labelled suite's racy programs.
 */
@Command(name = "races", mixinStandardHelpOptions = true,
        description = {"Race detection on the compressed trace (RaceDetector) against the uncompressed vector-clock detector "
                + "(VectorClockDetector, FastTrack style) on the same CDR traces of the kernels at each thread count: time and peak "
                + "RSS of each, in a JVM of its own, beside a JVM that only loads the trace; and, on the labelled suite's racy programs, "
                + "dynamic instances against distinct instruction pairs and artifacts.",
                "Writes races.md and races.csv to the output directory."})
public final class RacesCommand implements Callable<Integer> {
    @Mixin
    ChildJvmOptions jvm = new ChildJvmOptions();

    @Option(names = "--quick", description = "Small inputs, 2 and 4 threads.")
    boolean quick;

    @Option(names = "--only", split = ",", description = "Only these kernels (default: all).")
    List<String> only;

    @Option(names = "--threads", split = ",", description = "Thread counts (default: 2,4,8; with --quick 2,4).")
    List<Integer> threads;

    @Option(names = "--size", paramLabel = "KERNEL=N[:N...]", description = "Run KERNEL at these sizes (its size unit: "
            + "`wholetrace workload --help`) instead of its default, to see how each detector's cost grows with the input; repeatable.")
    Map<String, String> sizes = new LinkedHashMap<>();

    @Option(names = "--steps", paramLabel = "KERNEL=N[:N...]", description = "Run KERNEL for these numbers of time steps or iterations "
            + "instead of its default, at each size: more accesses over the same data, to see whether a detector's memory follows the "
            + "accesses or the data; repeatable.")
    Map<String, String> steps = new LinkedHashMap<>();

    @Option(names = "--heap", paramLabel = "SIZE", description = "The heap (-Xmx) both detectors are run with a second time, for their "
            + "memory at the same budget (default: ${DEFAULT-VALUE}, what `wholetrace races` runs with): with the first runs' large "
            + "heap the JVM collects garbage lazily and the peak RSS says more about that than about what a detector keeps.")
    String heap = "512m";

    @Option(names = "--no-suite", description = "Leave out the labelled suite's racy programs (kernels only).")
    boolean noSuite;

    private final Log log = new Log();

    /**
     * The JVM options {@code wholetrace races} runs with (the launcher, {@code wholetrace}, adds
     * them for that command): C1 only. The compressed detector's child gets them, as a user's run
     * does; the baseline's child (and the loading-only one) keeps the JVM's defaults, the
     * baseline's fastest (C1 only made the replay slower: docs/races.md, session 33).
     */
    static final List<String> RACES_JVM = List.of("-XX:TieredStopAtLevel=1");

    /**
     * One detector run: wall seconds inside the child, its peak RSS, what it found, the CPU
     * seconds the child's JVM spent over the same span (every thread: JIT compilers and GC too),
     * for the compressed detector the most rows it held at once and in how many parts it checked the
     * trace, and the most heap in use right after a collection (-1: none ran).
     */
    record Detection(double seconds, long peakRss, long pairs, long dynamic, double cpuSeconds, long rowsHeld, long parts, long heapAfterGc) {
        Detection(double seconds, long peakRss, long pairs, long dynamic, double cpuSeconds) {
            this(seconds, peakRss, pairs, dynamic, cpuSeconds, 0, 0, -1);
        }

        static Detection parse(ChildJvm.Run run) {
            if (run.exit() != 0) throw new IllegalStateException("detector child failed:\n" + run.err());
            String[] f = run.out().trim().split(" ");
            return new Detection(Double.parseDouble(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
                    Double.parseDouble(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]), Long.parseLong(f[7]));
        }

        /** The same, or null when the child ran out of its heap (a run at a fixed budget may). */
        static Detection parseOrOutOfMemory(ChildJvm.Run run) {
            if (run.exit() != 0 && run.err().contains("OutOfMemoryError")) return null;
            return parse(run);
        }
    }

    /**
     * A kernel at one thread count: its trace and the three child runs, and the compressed and
     * baseline ones again at the heap {@code heap} (null: out of memory there), beside the
     * compressed detector in one part (every row held at once, as before parts).
     */
    record KernelRow(String workload, int threads, int size, int steps, long events, long accesses, long fileBytes, Detection open,
                     Detection compressed, Detection baseline, String heap, Detection compressedAtHeap, Detection baselineAtHeap,
                     Detection onePartAtHeap) {}

    /** One racy program of the suite. */
    record SuiteRow(String program, long events, int pairs, long dynamic, int artifacts) {}

    @Override
    public Integer call() throws Exception {
        List<Kernels> kernels = new ArrayList<>();
        if (only == null) kernels.addAll(List.of(Kernels.values()));
        else for (String n : only) kernels.add(Kernels.byName(n.trim()));
        List<Integer> counts = threads != null ? threads : quick ? List.of(2, 4) : List.of(2, 4, 8);
        Path dir = jvm.prepare("races");
        Machine machine = Machine.describe();
        log.info("bench races (%s; %s; threads %s) on %s", quick ? "quick" : "full", kernels, counts, machine.summary());
        Path bench = Path.of(DetectorChild.class.getProtectionDomain().getCodeSource().getLocation().toURI());

        List<KernelRow> rows = new ArrayList<>();
        String loadBefore = Machine.loadAverage();
        for (String named : sizes.keySet()) Kernels.byName(named); // a misspelt kernel fails before any run
        for (String named : steps.keySet()) Kernels.byName(named);
        if (!heap.matches("[1-9][0-9]*[mMgG]")) throw new IllegalArgumentException("--heap must be a size like 512m or 2g, not " + heap);
        for (Kernels k : kernels) {
            for (int size : sizesOf(k)) {
                for (int stepCount : stepsOf(k)) {
                    for (int t : counts) {
                        Path trace = dir.resolve(k.label() + "-" + t + ".wtrace");
                        Files.deleteIfExists(trace);
                        ChildJvm.Run rec = ChildJvm.run(TracedJvm.command("-Xmx4g", jvm.agent, trace, TraceMode.CDR, "dev.wholetrace.workloads.kernels.*",
                                jvm.workloads, "dev.wholetrace.workloads.Workload", k.label(), Integer.toString(t), Integer.toString(size),
                                Integer.toString(stepCount)), dir, jvm.timeout);
                        rec.expectSuccess(k.label() + " " + t + " threads under the agent");
                        TraceView pt = TraceView.open(trace);
                        long accesses = 0;
                        for (int i = 0; i < pt.threadCount(); i++) {
                            EventCounts c = pt.eventCounts(i);
                            accesses += c.loads + c.stores;
                        }
                        Detection open = detect(bench, "open", trace, dir, "12g");
                        Detection compressed = detect(bench, "compressed", trace, dir, "12g");
                        Detection baseline = detect(bench, "baseline", trace, dir, "12g");
                        Detection compressedAtHeap = detectAtHeap(bench, "compressed", trace, dir);
                        Detection baselineAtHeap = detectAtHeap(bench, "baseline", trace, dir);
                        Detection onePartAtHeap = detectAtHeap(bench, "one-part", trace, dir);
                        if (compressed.pairs() != baseline.pairs()) {
                            throw new IllegalStateException(k.label() + " " + t + " threads: the detectors disagree: " + compressed + " vs " + baseline);
                        }
                        rows.add(new KernelRow(k.label(), t, size, stepCount, pt.eventCount(), accesses, pt.fileBytes(), open, compressed, baseline, heap,
                                compressedAtHeap, baselineAtHeap, onePartAtHeap));
                        log.info("%s %d threads: %,d events; compressed %.2f s (CPU %.2f s) %d MiB, baseline %.2f s (CPU %.2f s) %d MiB, %d pairs; "
                                        + "at -Xmx%s compressed %s, baseline %s",
                                k.label(), t, pt.eventCount(), compressed.seconds(), compressed.cpuSeconds(), compressed.peakRss() >> 20,
                                baseline.seconds(), baseline.cpuSeconds(), baseline.peakRss() >> 20, compressed.pairs(), heap,
                                RacesReport.mib(compressedAtHeap), RacesReport.mib(baselineAtHeap));
                        Files.delete(trace);
                    }
                }
            }
        }

        String load = "before the kernels " + loadBefore + ", after them " + Machine.loadAverage();
        List<SuiteRow> suite = new ArrayList<>();
        for (Class<?> program : RaceSuite.PROGRAMS) {
            if (noSuite) break;
            if (!RaceSuite.labelledRacy(program) || !RaceSuite.runsHere(program)) continue; // MIN_JDK programs need a newer JDK
            Path trace = dir.resolve(program.getSimpleName() + ".wtrace");
            Files.deleteIfExists(trace);
            ChildJvm.Run rec = ChildJvm.run(TracedJvm.command("-Xmx1g", jvm.agent, trace, TraceMode.CDR, "dev.wholetrace.workloads.races.*", jvm.workloads,
                    program.getName()), dir, jvm.timeout);
            rec.expectSuccess(program.getSimpleName() + " under the agent");
            TraceView pt = TraceView.open(trace);
            RaceReport report = new RaceAnalysis(false, true, List.of(jvm.workloads)).analyze(pt);
            long dynamic = 0;
            int artifacts = 0;
            for (RaceReport.Finding f : report.findings()) {
                dynamic += f.count();
                if (f.artifactOf() != null) artifacts++;
            }
            suite.add(new SuiteRow(program.getSimpleName(), pt.eventCount(), report.findings().size(), dynamic, artifacts));
            Files.delete(trace);
        }
        log.info("suite: %d racy programs", suite.size());

        StringBuilder options = new StringBuilder(quick ? " --quick" : "");
        if (only != null) options.append(" --only ").append(String.join(",", only));
        if (threads != null) options.append(" --threads ").append(threads.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(",")));
        sizes.forEach((k, v) -> options.append(" --size ").append(k).append('=').append(v));
        steps.forEach((k, v) -> options.append(" --steps ").append(k).append('=').append(v));
        if (!heap.equals("512m")) options.append(" --heap ").append(heap);
        if (noSuite) options.append(" --no-suite");
        RacesReport report = new RacesReport(machine, options.toString(), rows, suite, log.elapsed(), load);
        ResultsPage.write(jvm.out.resolve("races.md"), report.markdown());
        Files.writeString(jvm.out.resolve("races.csv"), report.csv(), StandardCharsets.UTF_8);
        System.out.println(report.markdown());
        log.info("done in %.1f s; wrote %s", log.elapsed(), jvm.out);
        return 0;
    }

    /**
     * The size the bench runs kernel {@code k} at by default: one where the baseline replay runs for
     * at least a second on the development machine, so that both detectors are timed in steady
     * state, not the JVM's start-up (the project's benchmark rule). The workload defaults of SOR
     * (100², baseline 0.13 s) and Water (64 molecules, 0.35 s) measured start-up; the others run
     * 1.6–3.6 s at their defaults. docs/results/races-growth-s34 has SOR and Water at both sizes.
     */
    static int benchSize(Kernels k) {
        return switch (k) {
            case SOR -> 400;
            case WATER -> 128;
            default -> k.defaultSize;
        };
    }

    /** The sizes to run kernel {@code k} at: those --size gives, else {@link #benchSize} (with --quick an eighth of the workload default). */
    private List<Integer> sizesOf(Kernels k) {
        List<Integer> given = given("--size", sizes, k, k.minSize);
        return given != null ? given : List.of(quick ? Math.max(k.minSize, k.defaultSize / 8) : benchSize(k));
    }

    /** The step counts to run kernel {@code k} for: those --steps gives, else its default. */
    private List<Integer> stepsOf(Kernels k) {
        List<Integer> given = given("--steps", steps, k, 1);
        return given != null ? given : List.of(k.defaultSteps);
    }

    /** The numbers {@code option} gives kernel {@code k} (N[:N...], each at least {@code min}), or null. */
    private static List<Integer> given(String option, Map<String, String> values, Kernels k, int min) {
        String given = null;
        for (Map.Entry<String, String> e : values.entrySet()) if (Kernels.byName(e.getKey()) == k) given = e.getValue();
        if (given == null) return null;
        List<Integer> out = new ArrayList<>();
        for (String n : given.split(":")) {
            int value;
            try {
                value = Integer.parseInt(n.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " " + k.label() + "=" + given + ": " + n + " is not a number");
            }
            if (value < min) throw new IllegalArgumentException(option + " " + k.label() + ": " + value + " is below its minimum, " + min);
            out.add(value);
        }
        return out;
    }

    private Detection detect(Path bench, String which, Path trace, Path dir, String xmx) throws Exception {
        return Detection.parse(ChildJvm.run(detectorCommand(bench, which, trace, xmx), dir, jvm.timeout));
    }

    /** The detector at the {@link #heap} budget: null if it ran out of memory there. */
    private Detection detectAtHeap(Path bench, String which, Path trace, Path dir) throws Exception {
        return Detection.parseOrOutOfMemory(ChildJvm.run(detectorCommand(bench, which, trace, heap), dir, jvm.timeout));
    }

    private static List<String> detectorCommand(Path bench, String which, Path trace, String xmx) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx" + xmx));
        if (which.equals("compressed") || which.equals("one-part")) cmd.addAll(RACES_JVM);
        cmd.addAll(List.of("-cp", bench.toString(), DetectorChild.class.getName(), which, trace.toString()));
        return cmd;
    }
}
