package dev.wholetrace.bench.study;

import dev.wholetrace.bench.ChildJvmOptions;
import dev.wholetrace.bench.Log;
import dev.wholetrace.bench.Machine;
import dev.wholetrace.baseline.GeneralPurpose;
import dev.wholetrace.workloads.kernels.Kernels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench compression}: parallel-wpp-compression §3 on the JVM. Every kernel at every thread
 * count is recorded in COR, DOR and CDR; the traces give Tables 2-5, their expanded streams give
 * the general-purpose baselines and Figures 4-5.
 */
@Command(name = "compression", mixinStandardHelpOptions = true,
        description = {"The compression study of parallel-wpp-compression §3 (Tables 2-5, Figures 4-5) on the kernels of module "
                + "workloads (fft, lu, mp3d, water, sor): each at each thread count runs plain once and recorded once per "
                + "representation (COR, DOR, CDR; only the kernels instrumented), and must print the same validated result every "
                + "time. The CDR trace is expanded into its raw streams (block ids, sync operations, one address stream per "
                + "load/store instruction) for Table 2's shared memory, for gzip -9 / xz -9 / zstd -19 of the same streams, "
                + "and for plain SEQUITUR vs Diff∘RLE∘SEQ per instruction.",
                "Writes compression.md, compression.csv, compression-sizes.png, compression-seq.png and compression-time.png to the output directory."})
public final class CompressionCommand implements Callable<Integer> {
    @Mixin
    ChildJvmOptions jvm = new ChildJvmOptions();

    /** Sizes for --quick: the same programs, a few seconds each. */
    static final Map<Kernels, Integer> QUICK_SIZES = Map.of(Kernels.FFT, 12, Kernels.LU, 64, Kernels.MP3D, 4_000, Kernels.WATER, 16,
            Kernels.SOR, 50);

    @Option(names = "--quick", description = "Small inputs and 2 and 4 threads (a few minutes).")
    boolean quick;

    @Option(names = "--only", split = ",", description = "Only these workloads (default: all).")
    List<String> only;

    @Option(names = "--threads", split = ",", description = "Thread counts (default: 2,4,8; with --quick 2,4).")
    List<Integer> threads;

    @Option(names = "--size", description = "NAME=SIZE: another size for one workload (default: the paper's input, Kernels).")
    Map<String, Integer> sizes = new LinkedHashMap<>();

    @Option(names = "--steps", description = "NAME=STEPS: other steps for one workload.")
    Map<String, Integer> steps = new LinkedHashMap<>();

    @Option(names = "--baselines", split = ",", defaultValue = "gzip,xz,zstd",
            description = "General-purpose compressors on the raw streams, of gzip, bzip2, xz, zstd (default: ${DEFAULT-VALUE}).")
    List<String> baselineNames;

    private final Log log = new Log();

    @Override
    public Integer call() throws Exception {
        List<Kernels> kernels = new ArrayList<>();
        if (only == null) kernels.addAll(List.of(Kernels.values()));
        else for (String n : only) kernels.add(Kernels.byName(n.trim()));
        for (String n : sizes.keySet()) Kernels.byName(n);
        for (String n : steps.keySet()) Kernels.byName(n);
        List<Integer> counts = threads != null ? threads : quick ? List.of(2, 4) : List.of(2, 4, 8);
        for (int t : counts) if (t < 1) throw new IllegalArgumentException("--threads must be at least 1, not " + t);
        List<GeneralPurpose> baselines = new ArrayList<>();
        for (String b : baselineNames) baselines.add(baseline(b.trim()));
        Path dir = jvm.prepare("compression");
        Machine machine = Machine.describe();
        log.info("bench compression (%s; %s; threads %s) on %s", quick ? "quick" : "full", kernels, counts, machine.summary());

        StudyRun study = new StudyRun(jvm.agent, jvm.workloads, dir, jvm.timeout, baselines, line -> log.info("%s", line));
        List<Measurement> rows = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        CompressionReport report = null;
        for (Kernels k : kernels) {
            int size = sizeOf(k);
            int kSteps = stepsOf(k);
            for (int t : counts) {
                log.info("%s: %d threads, size %d, %d steps (%d of %d)", k.label(), t, size, kSteps, rows.size() + failures.size() + 1,
                        kernels.size() * counts.size());
                try {
                    rows.add(study.measure(k.label(), t, size, kSteps));
                } catch (RuntimeException e) { // one failing run must not cost the hours the others took
                    String why = String.format(Locale.ROOT, "%s, %d threads, size %d: %s", k.label(), t, size, e.getMessage().lines().findFirst().orElse(""));
                    failures.add(why);
                    log.info("FAILED: %s", e.getMessage());
                }
                // the report so far, after every run: a long study interrupted keeps what it measured
                report = new CompressionReport(machine, quick, rows, failures, baselines, log.elapsed());
                report.write(jvm.out);
            }
        }
        System.out.println(report.markdown());
        log.info("done in %.1f s; wrote %s%s", log.elapsed(), jvm.out, failures.isEmpty() ? "" : "; " + failures.size() + " runs FAILED");
        return failures.isEmpty() ? 0 : 1;
    }

    private int sizeOf(Kernels k) {
        for (var e : sizes.entrySet()) if (Kernels.byName(e.getKey()) == k) return e.getValue();
        return quick ? QUICK_SIZES.get(k) : k.defaultSize;
    }

    private int stepsOf(Kernels k) {
        for (var e : steps.entrySet()) if (Kernels.byName(e.getKey()) == k) return e.getValue();
        return k.defaultSteps;
    }

    private static GeneralPurpose baseline(String name) {
        for (GeneralPurpose g : GeneralPurpose.values()) {
            if (g.name().equalsIgnoreCase(name) || g.label.equalsIgnoreCase(name)) return g;
        }
        throw new IllegalArgumentException("unknown baseline '" + name + "' (gzip, bzip2, xz, zstd)");
    }

    static String label(Kernels k) {
        return k.name().toUpperCase(Locale.ROOT);
    }
}
