package dev.wholetrace.bench;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.analysis.streams.AccessStreams;
import dev.wholetrace.analysis.streams.RawStreamsAnalysis;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.workloads.kernels.Kernels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench grammars}: the grammar algorithms side by side with the general-purpose compressors
 * on control-flow traces (issue 17). Per trace, SEQUITUR, frequency-ordered SEQUITUR (enhanced)
 * and Re-Pair build a grammar of the same symbol string, and gzip -9, bzip2 -9, xz -9 and
 * zstd -19 (the Debian command-line tools) compress the same string as u32 little-endian values.
 */
@Command(name = "grammars", mixinStandardHelpOptions = true,
        description = {"Grammar algorithms (sequitur, enhanced, repair) against gzip -9, bzip2 -9, xz -9 and zstd -19 on control-flow traces.",
                "",
                "Traces: the block-id streams of the kernels SOR, FFT, LU, Water and Mp3d (2 threads, recorded under the agent, "
                        + "threads concatenated), of the math3 library driver, and valgrind lackey superblock traces of gzip, sort, "
                        + "python3 and ls (generated into --work when valgrind is installed; not committed). Per trace and algorithm: "
                        + "the grammar's size (GrammarCodec, then " + Codec.BEST_DESCRIPTION + ", as in a .wgr), build time "
                        + "(median of --reps), the builder's peak data-structure memory; per general-purpose tool: size, time and "
                        + "peak RSS (GNU time). Every grammar is checked to expand to its input.",
                "Writes grammars.md, grammars.csv and grammars.png to the output directory."},
        footer = {"", "Examples:", "  bench/run grammars", "  bench/run grammars --quick --out /tmp/r", "  bench/run grammars --only 'sor|gzip'"})
public final class GrammarsCommand implements Callable<Integer> {
    @Mixin
    ChildJvmOptions jvm = new ChildJvmOptions();

    @Option(names = "--quick", description = "Small inputs, one timing run (a few minutes).")
    boolean quick;

    @Option(names = "--only", description = "Only traces whose name matches this regular expression.")
    String only;

    @Option(names = "--reps", description = "Timed builds per algorithm and trace; the median is reported (default: 3, --quick 1).")
    Integer reps;

    @Option(names = "--no-lackey", description = "Leave out the valgrind lackey traces.")
    boolean noLackey;

    /**
     * Kernel sizes: about 10^5 to 10^7 blocks each in the full run (a few minutes in all on the
     * 2-core machine), a few seconds each with --quick.
     */
    static final Map<Kernels, int[]> SIZES = Map.of( // {full size, full steps, quick size, quick steps}
            Kernels.SOR, new int[] {100, 3, 50, 3},
            Kernels.FFT, new int[] {14, 1, 12, 1},
            Kernels.LU, new int[] {128, 1, 64, 1},
            Kernels.WATER, new int[] {32, 3, 16, 3},
            Kernels.MP3D, new int[] {20_000, 5, 4_000, 5});

    private final Log log = new Log();

    @Override
    public Integer call() throws Exception {
        Path work = jvm.prepare("grammars");
        Pattern filter = only == null ? null : Pattern.compile(only);
        int repeat = reps != null ? Math.max(1, reps) : quick ? 1 : 3;
        Machine machine = Machine.describe();
        log.info("bench grammars (%s, %d timed builds) on %s", quick ? "quick" : "full", repeat, machine.summary());
        List<GrammarsReport.Row> rows = new ArrayList<>();
        GrammarRuns runs = new GrammarRuns(work, repeat, log);
        for (Kernels k : List.of(Kernels.SOR, Kernels.FFT, Kernels.LU, Kernels.WATER, Kernels.MP3D)) {
            String name = k.label().toLowerCase(java.util.Locale.ROOT);
            if (filter != null && !filter.matcher(name).find()) continue;
            int[] s = SIZES.get(k);
            int size = quick ? s[2] : s[0];
            int steps = quick ? s[3] : s[1];
            int[] symbols = recorded(work, name, 0, "dev.wholetrace.workloads.Workload", "dev.wholetrace.workloads.kernels.*",
                    k.label(), "2", Integer.toString(size), Integer.toString(steps));
            rows.add(runs.measure(name, k.label() + ", 2 threads, size " + size + ", " + steps + " steps: block ids", symbols));
            new GrammarsReport(machine, quick, rows, log.elapsed()).write(jvm.out);
        }
        if (filter == null || filter.matcher("math3").find()) {
            int size = quick ? 1 : 5;
            // The driver exits with 5 on purpose (bench overhead checks that an exit code passes through).
            int[] symbols = recorded(work, "math3", 5, "dev.wholetrace.workloads.libs.Math3Driver", null, Integer.toString(size));
            rows.add(runs.measure("math3", "math3 library driver (commons-math3), size " + size + ": block ids, every class but the JDK's", symbols));
            new GrammarsReport(machine, quick, rows, log.elapsed()).write(jvm.out);
        }
        if (!noLackey) {
            for (var spec : LackeyTraces.superblockTraces(quick, work, filter, log)) {
                int[] symbols = LackeyTraces.superblockIds(work.resolve(spec.fileName()));
                rows.add(runs.measure(spec.name(), "lackey superblocks: " + spec.description(), symbols));
                new GrammarsReport(machine, quick, rows, log.elapsed()).write(jvm.out);
            }
        }
        GrammarsReport report = new GrammarsReport(machine, quick, rows, log.elapsed());
        report.write(jvm.out);
        System.out.println(report.markdown());
        log.info("done in %.1f s; wrote %s", log.elapsed(), jvm.out);
        return 0;
    }

    /** Records a program under the agent (CDR) and returns its block ids, thread after thread. */
    private int[] recorded(Path work, String name, int exit, String main, String include, String... args) throws Exception {
        Path file = work.resolve(name + ".wtrace");
        Files.deleteIfExists(file);
        List<String> cmd = TracedJvm.command("-Xmx4g", jvm.agent, file, TraceMode.CDR, include, jvm.workloads, main, args);
        log.info("recording %s: %s", name, String.join(" ", args));
        ChildJvm.Run run = ChildJvm.run(cmd, work, jvm.timeout);
        if (run.exit() != exit) throw new IllegalStateException(name + " under the agent: exit code " + run.exit() + "\n" + run.err());
        ParallelTrace trace = ParallelTrace.open(file);
        if (!trace.complete()) throw new IllegalStateException(name + ": the trace is incomplete");
        AccessStreams s = new RawStreamsAnalysis().analyze(trace);
        long total = 0;
        for (int[] b : s.blocks) total += b.length;
        if (total > Integer.MAX_VALUE - 16) throw new IllegalStateException(name + ": too many blocks");
        int[] out = new int[(int) total];
        int at = 0;
        for (int[] b : s.blocks) {
            System.arraycopy(b, 0, out, at, b.length);
            at += b.length;
        }
        Files.delete(file);
        return out;
    }
}
