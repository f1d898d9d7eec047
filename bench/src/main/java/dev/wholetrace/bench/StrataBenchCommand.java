package dev.wholetrace.bench;

import static dev.wholetrace.bench.TracedProgram.KERNELS;
import static dev.wholetrace.bench.TracedProgram.LAUNCHER;

import dev.wholetrace.analysis.strata.StoredStrata;
import dev.wholetrace.analysis.strata.StrataAnalysis;
import dev.wholetrace.analysis.strata.StrataOptions;
import dev.wholetrace.analysis.strata.StrataResult;
import dev.wholetrace.baseline.GeneralPurpose;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.regrammar.FinishedRewrite;
import dev.wholetrace.format.wtrace.StrataLayerChoice;
import dev.wholetrace.format.wtrace.StrataLayerLimits;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.strata.StrataGrammar;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.reader.ThreadGrammar;
import dev.wholetrace.reader.TraceView;
import dev.wholetrace.recorder.AgentOptions;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench strata}: per program, in one run, a plain run, a COR recording and a STRATA
 * recording (wall, CPU, peak RSS, file as sealed and after the re-pack with the best codec), the
 * raw block stream (4 bytes a block, every thread's) through xz -9 and zstd -19, and the strata
 * analysis of the STRATA trace (unique paths, mean path length, per layer the size stopped there),
 * and the size of the strata outputs that {@code record} stores in it. Then the same comparison on
 * valgrind lackey superblock traces of system programs, generated in the benchmark
 * ({@link LackeyTraces}, as {@code bench grammars} does): the SEQUITUR grammar (what COR stores)
 * against the STRATA grammar ({@code compress --grammar strata}) of the superblock sequence, built
 * in process. Writes docs/results/strata.md, strata.csv and strata-lackey.csv.
 */
@Command(name = "strata", mixinStandardHelpOptions = true,
        description = {"COR vs STRATA recording vs xz/zstd of the raw block stream, per kernel and library driver; "
                + "SEQUITUR vs STRATA grammars on valgrind lackey superblock traces of system programs.",
                "", "Example: bench/run strata --quick"})
final class StrataBenchCommand implements Callable<Integer> {
    @Mixin
    ChildJvmOptions jvm = new ChildJvmOptions();

    @Option(names = "--quick", description = "Only sor and fft (a smoke test of the harness).")
    boolean quick;

    @Option(names = "--reps", defaultValue = "3", description = "Runs per variant; the medians of wall and CPU are reported (default: ${DEFAULT-VALUE}).")
    int reps;

    @Option(names = "--layers", defaultValue = "4", description = "Stratum layers of the analysis (default: ${DEFAULT-VALUE}).")
    int layers;

    @Option(names = "--no-lackey", description = "Leave out the valgrind lackey superblock traces of system programs.")
    boolean noLackey;

    @Option(names = "--only-lackey", description = "Only the valgrind lackey superblock traces (no recordings): writes strata-lackey.md and strata-lackey.csv, leaving strata.md and strata.csv as they were.")
    boolean onlyLackey;

    @Option(names = "--only", description = "Only programs whose name matches this regular expression (e.g. 'water|mp3d'); the page then has their rows alone.")
    String only;

    @Option(names = "--chunk-events", defaultValue = "" + DEFAULT_CHUNK_EVENTS, paramLabel = "N",
            description = "Both recordings are sealed by one rule, a chunk after about N events and none on time (agent option events=N), "
                    + "so that the sizes compare the two encodings over alike chunks: sealed by time (the agent's default, a chunk a second) "
                    + "the slower recording is cut into more chunks, and each chunk repeats its tables. 0: the agent's default "
                    + "(default: ${DEFAULT-VALUE}).")
    long chunkEvents;

    @Option(names = "--heap", defaultValue = "-Xmx2g", description = "Every child JVM's heap option (default: ${DEFAULT-VALUE}).")
    String heap;

    /**
     * A few chunks a program, as a recording sealed every second has: Water (17.8 M events) was
     * sealed in 4 chunks in both modes, Mp3d (10.4 M) in 2 (session 44, load 33-82; session 43's
     * time-sealed Water recordings had 4 to 9).
     */
    static final long DEFAULT_CHUNK_EVENTS = 4_000_000;

    private static final String LIBS = "dev.wholetrace.workloads.libs.";

    @Spec
    CommandSpec spec;

    private final Log log = new Log();

    static List<TracedProgram> programs(boolean quick) {
        // The sizes of the paired runs (docs/results/strata.md, sessions 37-41): recorded runs of 2-4 s of CPU, where the
        // kernels' defaults (Water 64 molecules: 0.25 M blocks, a recording of 0.9 s, most of it start-up) measured the JIT's warm-up.
        List<TracedProgram> all = new ArrayList<>(List.of(
                new TracedProgram("sor", LAUNCHER, KERNELS, "sor", "4", "800", "20"),
                new TracedProgram("fft", LAUNCHER, KERNELS, "fft", "4", "18", "-"),
                new TracedProgram("lu", LAUNCHER, KERNELS, "lu", "4", "400", "-"),
                new TracedProgram("water", LAUNCHER, KERNELS, "water", "4", "256", "20"),
                new TracedProgram("mp3d", LAUNCHER, KERNELS, "mp3d", "4", "20000", "20"),
                new TracedProgram("guava", LIBS + "GuavaDriver", null, "8"),
                // The other library drivers (bench overhead's, dev.wholetrace.workloads.libs), at sizes whose COR recording takes
                // 2-4 s of CPU as the kernels' do (plain and COR runs of each at size 2, session 46: Jackson 0.9 / 6.5 s, H2 0.8 / 6.6 s,
                // Math3 0.25 / 2.3 s, Compress 0.4 / 2.3 s of CPU, load 13).
                new TracedProgram("jackson", LIBS + "JacksonDriver", null, "1"),
                new TracedProgram("math3", LIBS + "Math3Driver", null, "3"),
                new TracedProgram("h2", LIBS + "H2Driver", null, "1"),
                new TracedProgram("compress", LIBS + "CompressDriver", null, "3")));
        return quick ? all.subList(0, 2) : all;
    }

    /** The measurements of one recording mode of one program; {@code chunks}: the last rep's file's, as sealed (the re-pack keeps them). */
    record Recording(double wall, double cpu, long rss, long sealedBytes, long bestBytes, int chunks) {}

    /** One program's row; {@code outputsBytes}: the STRATA_OUTPUTS section that {@code record}'s re-pack adds (not in the file sizes). */
    record Row(TracedProgram program, double plainWall, double plainCpu, long plainRss, Recording cor, Recording strata, long blocks,
               long xz, long zstd, StrataResult analysis, long outputsBytes, double strataCorCpu) {}

    /**
     * One lackey superblock trace's row: grammars packed as a trace stores them ({@link GrammarRuns#packedBytes}),
     * their builds' median CPU seconds, xz -9 / zstd -19 of the superblock ids as u32.
     */
    record LackeyRow(LackeyTraces.Spec spec, int superblocks, long sequiturBytes, long strataBytes, long bySymbolsBytes, long layerZeroBytes,
                     double sequiturCpu, double strataCpu, double bySymbolsCpu, double layerZeroCpu, long xz, long zstd, StrataResult analysis) {}

    /** A strata builder that always stores layer 0, its grammar the plain unfolding (the STRATA grammar before the level choice). */
    private record LayerZeroGrammar(StrataGrammar strata) implements GrammarBuilder {
        @Override
        public void append(int terminal) {
            strata.append(terminal);
        }

        @Override
        public long length() {
            return strata.length();
        }

        @Override
        public int ruleCount() {
            return strata.ruleCount();
        }

        @Override
        public long symbolCount() {
            return strata.symbolCount();
        }

        @Override
        public long footprintBytes() {
            return strata.footprintBytes();
        }

        @Override
        public long peakFootprintBytes() {
            return strata.peakFootprintBytes();
        }

        @Override
        public Grammar toGrammar() {
            return strata.storedForm().unfold();
        }
    }

    @Override
    public Integer call() throws Exception {
        if (reps < 1) throw new IllegalArgumentException("--reps must be at least 1");
        if (chunkEvents < 0) throw new IllegalArgumentException("--chunk-events must not be negative");
        Path dir = jvm.prepare("strata");
        MeasuredChild child = new MeasuredChild(dir);
        String loadBefore = Machine.loadAverage();
        String started = java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).withNano(0).toString();
        List<Row> rows = new ArrayList<>();
        if (onlyLackey && noLackey) throw new IllegalArgumentException("--only-lackey and --no-lackey leave nothing to measure");
        if (!onlyLackey) {
            for (TracedProgram p : programs(quick)) if (only == null || p.name().matches(only)) rows.add(measure(p, dir, child));
        }
        List<LackeyRow> lackey = new ArrayList<>();
        if (!noLackey) {
            for (LackeyTraces.Spec spec : LackeyTraces.superblockTraces(quick, dir, null, log)) lackey.add(measure(spec, dir));
        }
        String load = "started " + started + " with load averages (1, 5, 15 min) " + loadBefore + ", ended with " + Machine.loadAverage();
        // a partial run writes only its own files: --only-lackey must not empty the programs' page and CSV
        Path page = jvm.out.resolve(onlyLackey ? "strata-lackey.md" : "strata.md");
        ResultsPage.write(page, markdown(rows, lackey, load));
        if (!onlyLackey) Files.writeString(jvm.out.resolve("strata.csv"), csv(rows), StandardCharsets.UTF_8);
        if (!noLackey) Files.writeString(jvm.out.resolve("strata-lackey.csv"), lackeyCsv(lackey), StandardCharsets.UTF_8);
        log.info("wrote %s%s%s", page, onlyLackey ? "" : ", strata.csv", noLackey ? "" : ", strata-lackey.csv");
        return 0;
    }

    private Row measure(TracedProgram p, Path dir, MeasuredChild child) throws Exception {
        log.info("%s: %d reps of plain, cor, strata", p.name(), reps);
        double[][] wall = new double[3][reps];
        double[][] cpu = new double[3][reps];
        long[] rss = new long[3];
        long[] sealed = new long[3];
        TraceMode[] modes = {null, TraceMode.COR, TraceMode.STRATA};
        MeasuredChild.Run plain = null;
        for (int r = 0; r < reps; r++) {
            for (int v = 0; v < 3; v++) { // interleaved, so that load on a shared machine hits every variant alike
                Path trace = modes[v] == null ? null : dir.resolve(p.name() + "-" + modes[v].label() + ".wtrace");
                if (trace != null) Files.deleteIfExists(trace);
                MeasuredChild.Run run = child.run(TracedJvm.command(heap, jvm.agent, agentOptions(trace, modes[v], p), jvm.workloads, p.main(),
                        p.args()), jvm.timeout);
                if (v == 0) {
                    plain = run; // its exit code is the program's (the guava driver's is 3); recorded runs must match it
                } else {
                    run.expectSameAs(plain, p.name() + " " + modes[v].label());
                    sealed[v] = Files.size(trace);
                }
                wall[v][r] = run.wallSeconds();
                cpu[v][r] = run.cpuSeconds();
                rss[v] = Math.max(rss[v], run.peakRssBytes());
            }
        }
        Recording[] rec = new Recording[3];
        for (int v = 1; v < 3; v++) {
            Path trace = dir.resolve(p.name() + "-" + modes[v].label() + ".wtrace");
            Path best = dir.resolve(p.name() + "-" + modes[v].label() + "-best.wtrace");
            Files.deleteIfExists(best);
            long bestBytes; // as `recompress` re-packs it: a STRATA trace's streams with the layers that pack smallest
            int chunks;
            try (TraceReader reader = TraceReader.open(trace)) {
                chunks = reader.chunks().size();
            }
            bestBytes = FinishedFile.rewrite(new FinishedRewrite(0), trace, best, line -> log.info("%s", line)).outBytes();
            rec[v] = new Recording(median(wall[v]), median(cpu[v]), rss[v], sealed[v], bestBytes, chunks);
        }
        Path raw = dir.resolve(p.name() + "-blocks.raw");
        long blocks = writeBlocks(dir.resolve(p.name() + "-cor.wtrace"), raw);
        GeneralPurpose.ByteSource source = GeneralPurpose.ByteSource.file(raw);
        long xz = GeneralPurpose.XZ.compressedBytes(source);
        long zstd = GeneralPurpose.ZSTD.compressedBytes(source);
        TraceView strataView = TraceView.open(dir.resolve(p.name() + "-strata-best.wtrace"));
        StrataResult analysis = new StrataAnalysis(analysisOptions()).analyze(strataView);
        long outputsBytes = Codec.BEST.pack(StoredStrata.encode(StoredStrata.compute(strataView))).bytes().length;
        log.info("%s: %d blocks; COR %d B, STRATA %d B, xz %d B, zstd %d B", p.name(), blocks, rec[1].bestBytes, rec[2].bestBytes, xz, zstd);
        for (String f : List.of("-cor.wtrace", "-strata.wtrace", "-cor-best.wtrace", "-strata-best.wtrace", "-blocks.raw")) {
            Files.deleteIfExists(dir.resolve(p.name() + f));
        }
        double[] ratio = new double[reps]; // STRATA / COR of each rep: the two ran one after the other, under the same load
        for (int r = 0; r < reps; r++) ratio[r] = cpu[2][r] / cpu[1][r];
        return new Row(p, median(wall[0]), median(cpu[0]), rss[0], rec[1], rec[2], blocks, xz, zstd, analysis, outputsBytes, median(ratio));
    }

    /** The agent's options for recording {@code p} into {@code trace} in {@code mode} (null: a plain run), sealed by {@link #chunkEvents}. */
    private AgentOptions agentOptions(Path trace, TraceMode mode, TracedProgram p) {
        if (trace == null) return null;
        AgentOptions o = AgentOptions.of(trace, mode).withInclude(p.include());
        return chunkEvents > 0 ? o.withChunkEvents(chunkEvents) : o;
    }

    private StrataOptions analysisOptions() {
        return new StrataOptions(layers, 256L << 20, StrataPipeline.DEFAULT_MAX_LENGTH, 0, 0, -1, true);
    }

    /** A lackey superblock trace: SEQUITUR and STRATA grammars of its superblocks (builds interleaved), xz/zstd, strata layers. */
    private LackeyRow measure(LackeyTraces.Spec spec, Path dir) throws Exception {
        int[] ids = LackeyTraces.superblockIds(dir.resolve(spec.fileName()));
        log.info("%s: %,d superblocks, %d reps of SEQUITUR and STRATA", spec.name(), ids.length, reps);
        // SEQUITUR, STRATA as compress --grammar strata builds it (the layer count that packs smallest, session 47), STRATA
        // choosing layer 0 or the paths by symbol count (sessions 33-46), and STRATA storing layer 0 always (unfolded as is:
        // the encoding before any level choice), kept to compare in the same run.
        String[] names = {"sequitur", "strata", "strata by symbols", "strata layer 0"};
        GrammarAlgorithm packed = GrammarAlgorithm.strata(StrataLayerChoice.levels(StrataLayerLimits.DEFAULT, Codec.BEST,
                line -> log.info("%s: %s", spec.name(), line)));
        List<Supplier<GrammarBuilder>> builders = List.of(() -> GrammarAlgorithm.SEQUITUR.newBuilder(1 << 12),
                () -> packed.newBuilder(1 << 12), () -> GrammarAlgorithm.STRATA.newBuilder(1 << 12),
                () -> new LayerZeroGrammar(new StrataGrammar(GrammarAlgorithm.SEQUITUR.newBuilder(1 << 9), StrataPipeline.DEFAULT_MAX_LENGTH)));
        double[][] cpu = new double[names.length][reps];
        Grammar[] built = new Grammar[names.length];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int r = 0; r < reps; r++) {
            for (int a = 0; a < names.length; a++) {
                built[a] = null;
                long t0 = threads.getCurrentThreadCpuTime();
                GrammarBuilder b = builders.get(a).get();
                b.append(ids, 0, ids.length);
                built[a] = b.toGrammar();
                cpu[a][r] = (threads.getCurrentThreadCpuTime() - t0) / 1e9;
            }
        }
        for (int a = 0; a < names.length; a++) {
            if (!Arrays.equals(built[a].expand(), ids)) throw new IllegalStateException(names[a] + " does not expand to " + spec.name());
        }
        Path raw = dir.resolve(spec.name() + ".u32");
        GrammarRuns.writeU32(ids, raw);
        GeneralPurpose.ByteSource source = GeneralPurpose.ByteSource.file(raw);
        long xz = GeneralPurpose.XZ.compressedBytes(source);
        long zstd = GeneralPurpose.ZSTD.compressedBytes(source);
        Files.deleteIfExists(raw);
        StrataResult analysis = new StrataAnalysis(analysisOptions()).analyze("lackey-sb", spec.name(), ids);
        LackeyRow row = new LackeyRow(spec, ids.length, GrammarRuns.packedBytes(built[0]), GrammarRuns.packedBytes(built[1]),
                GrammarRuns.packedBytes(built[2]), GrammarRuns.packedBytes(built[3]), median(cpu[0]), median(cpu[1]), median(cpu[2]),
                median(cpu[3]), xz, zstd, analysis);
        log.info("%s: SEQUITUR %d B, STRATA %d B, STRATA by symbols %d B, STRATA layer 0 %d B, xz %d B, zstd %d B", spec.name(), row.sequiturBytes,
                row.strataBytes, row.bySymbolsBytes, row.layerZeroBytes, xz, zstd);
        return row;
    }

    /** Every thread's blocks, thread after thread, as 4-byte little-endian ids; returns how many. */
    static long writeBlocks(Path trace, Path raw) throws IOException {
        TraceView view = TraceView.open(trace);
        long n = 0;
        byte[] b = new byte[4];
        int[] buf = new int[4096];
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(raw), 1 << 16)) {
            for (int t = 0; t < view.threads().size(); t++) {
                for (ThreadGrammar g : view.grammars(t)) {
                    int[] blockOf = new int[g.terminals()];
                    for (int s = 0; s < blockOf.length; s++) blockOf[s] = g.type(s) == Event.Type.BLOCK ? (int) g.value(s) : -1;
                    GrammarExpander e = g.wpp().expander();
                    int k;
                    while ((k = e.read(buf, 0, buf.length)) > 0) {
                        for (int i = 0; i < k; i++) {
                            int id = blockOf[buf[i]];
                            if (id < 0) continue;
                            b[0] = (byte) id;
                            b[1] = (byte) (id >>> 8);
                            b[2] = (byte) (id >>> 16);
                            b[3] = (byte) (id >>> 24);
                            out.write(b);
                            n++;
                        }
                    }
                }
            }
        }
        return n;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private String markdown(List<Row> rows, List<LackeyRow> lackey, String load) {
        StringBuilder b = new StringBuilder();
        b.append("# bench strata: COR vs STRATA recording vs xz/zstd of the raw block stream\n\n");
        b.append("Generated by `bench/run strata").append(arguments()).append("` (reps ").append(reps)
                .append(", medians of wall and CPU; peak RSS the largest). ").append(Machine.describe().summary()).append("\n\n");
        b.append("Run ").append(load).append(" (2 cores shared with other jobs: wall times are noisy, CPU times are the figures to compare).\n\n");
        if (!rows.isEmpty()) programTables(b, rows);
        if (!lackey.isEmpty()) {
            b.append("\n## System programs: valgrind lackey superblock traces\n\n");
            b.append("Generated in the benchmark (`valgrind --tool=lackey --trace-superblocks=yes`, not committed) and imported as `compress "
                    + "--format lackey-sb` does: a superblock, numbered in order of first appearance, stands for a block; one thread, no sync "
                    + "operations, no recording (valgrind's slowdown is not ours), so the recording cost is the compressor's: each grammar built "
                    + "in process from the superblock ids, CPU seconds, median of ").append(reps).append(" interleaved builds. Sizes: each "
                    + "grammar as a trace stores it (its varints packed with the best codec: what COR's WPP section and `compress --grammar "
                    + "strata` would hold), against xz -9 / zstd -19 of the ids as 4-byte values. STRATA stores the stratum layers (none "
                    + "to 4) whose payload packs smallest, as the re-pack of a STRATA recording chooses them (session 47, docs/strata.md), "
                    + "its rules used once written in place; \"by symbols\" is the choice of sessions 33-46 (layer 0 or the paths, "
                    + "whichever holds fewer symbols); \"layer 0\" is the same strata storing layer 0 always, unfolded as is (the encoding "
                    + "before any choice); all built in the same run.\n\n");
            b.append("| program | superblocks | SEQUITUR (COR) | STRATA | STRATA / SEQUITUR | STRATA by symbols | by symbols / SEQUITUR | STRATA layer 0 "
                    + "| layer 0 / SEQUITUR | raw | xz -9 | zstd -19 | build CPU SEQUITUR / STRATA / by symbols / layer 0 |\n");
            b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (LackeyRow r : lackey) {
                b.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.2f | %s | %.2f | %s | %.2f | %s | %s | %s | %.2f s / %.2f s / %.2f s / %.2f s |%n",
                        r.spec.name(), Report.count(r.superblocks), Report.count(r.sequiturBytes), Report.count(r.strataBytes),
                        (double) r.strataBytes / r.sequiturBytes, Report.count(r.bySymbolsBytes), (double) r.bySymbolsBytes / r.sequiturBytes,
                        Report.count(r.layerZeroBytes), (double) r.layerZeroBytes / r.sequiturBytes, Report.count(4L * r.superblocks),
                        Report.count(r.xz), Report.count(r.zstd), r.sequiturCpu, r.strataCpu, r.bySymbolsCpu, r.layerZeroCpu));
            }
            b.append("\nPrograms: ");
            for (int i = 0; i < lackey.size(); i++) b.append(i > 0 ? "; " : "").append(lackey.get(i).spec.name()).append(": ").append(lackey.get(i).spec.description());
            b.append(".\n\nStrata analysis of the superblock sequence (as above):\n\n");
            layerTable(b);
            for (LackeyRow r : lackey) layerRow(b, r.spec.name(), r.analysis);
        }
        return b.toString();
    }

    /**
     * The arguments this run was given, each after a space, quoted for a shell where it needs it: the
     * page names the command that made it, whatever flags it had (the line once named a few of them,
     * and a page made with {@code --no-lackey --reps 7} read as plain {@code bench/run strata}).
     */
    private String arguments() {
        StringBuilder b = new StringBuilder();
        if (spec == null || spec.commandLine().getParseResult() == null) return "";
        List<String> all = spec.commandLine().getParseResult().originalArgs(); // the whole command line: `strata` and what follows it
        for (String a : all.subList(all.indexOf(spec.name()) + 1, all.size())) {
            b.append(' ').append(a.matches("[\\w./=:,+-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return b.toString();
    }

    /** The JVM programs' tables: file sizes, recording cost, strata analysis. */
    private void programTables(StringBuilder b, List<Row> rows) {
        b.append(chunkEvents > 0
                ? "**What the sizes compare: the two encodings over alike chunks.** Both recordings are sealed by one rule, a chunk after about "
                        + Report.count(chunkEvents) + " events (all threads) and none on time (agent option `events=" + chunkEvents + "`, "
                        + "`--chunk-events`), so both hold about the same chunks whatever each one's speed; the chunks column gives each file's. "
                        + "Sealed by time (the agent's default, a chunk a second) the slower recording is cut into more chunks, and every chunk "
                        + "stores its tables again: such a row compares chunkings as much as encodings (docs/results/strata.md, session 43).\n\n"
                : "**What the sizes compare: the recordings as the agent seals them by default** (a chunk a second, `--chunk-events 0`): "
                        + "the slower recording is cut into more chunks, each storing its tables again, so the ratio mixes the encodings with "
                        + "the chunkings; the chunks column says how different they were.\n\n");
        b.append("Sizes are bytes of the whole `.wtrace` (sync order, code map and metadata included) after the re-pack with the best codec "
                + "(`recompress`), and as the agent sealed it; raw = 4 bytes per block, every thread's blocks; xz -9 and zstd -19 of that raw "
                + "stream hold the blocks only (no sync operations, no sync order, no code map).\n\n");
        b.append("The STRATA file is measured without the STRATA_OUTPUTS section (the strata outputs and phases) that `record`'s re-pack "
                + "adds; the last column gives that section's size, packed as the re-pack packs it.\n\n");
        b.append("| program | blocks | chunks COR / STRATA | COR file | STRATA file | STRATA / COR | sealed COR / STRATA | raw blocks | xz -9 | zstd -19 | stored outputs |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "| %s | %s | %d / %d | %s | %s | %.2f | %s / %s | %s | %s | %s | %s |%n", r.program.name(), Report.count(r.blocks),
                    r.cor.chunks, r.strata.chunks, Report.count(r.cor.bestBytes), Report.count(r.strata.bestBytes), (double) r.strata.bestBytes / r.cor.bestBytes,
                    Report.count(r.cor.sealedBytes), Report.count(r.strata.sealedBytes), Report.count(4 * r.blocks), Report.count(r.xz),
                    Report.count(r.zstd), Report.count(r.outputsBytes)));
        }
        b.append("\nRecording cost (slowdown = recorded / plain, wall and CPU; STRATA / COR CPU: the median of each rep's ratio, the two "
                + "recordings of a rep run one after the other). Programs: ");
        for (int i = 0; i < rows.size(); i++) {
            TracedProgram p = rows.get(i).program;
            String main = p.main().equals(LAUNCHER) ? "" : p.main().substring(p.main().lastIndexOf('.') + 1) + " ";
            b.append(i > 0 ? ", " : "").append('`').append(main).append(String.join(" ", p.args())).append('`');
        }
        b.append(" (the kernels with 4 worker threads, at the sizes of the paired runs in the sections below; Guava 3 counting threads, Jackson 3, "
                + "H2 4, Compress a pool of 4, Math3 2 sampling threads beside its main thread).\n\n");
        b.append("| program | plain wall / CPU | COR wall / CPU | STRATA wall / CPU | COR slowdown wall / CPU | STRATA slowdown wall / CPU | STRATA / COR CPU "
                + "| peak RSS plain / COR / STRATA |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "| %s | %.2f s / %.2f s | %.2f s / %.2f s | %.2f s / %.2f s | %.2fx / %.2fx | %.2fx / %.2fx | %.3f | %s / %s / %s MiB |%n",
                    r.program.name(), r.plainWall, r.plainCpu, r.cor.wall, r.cor.cpu, r.strata.wall, r.strata.cpu, r.cor.wall / r.plainWall,
                    r.cor.cpu / r.plainCpu, r.strata.wall / r.plainWall, r.strata.cpu / r.plainCpu, r.strataCorCpu, mib(r.plainRss), mib(r.cor.rss),
                    mib(r.strata.rss)));
        }
        b.append("\nStrata analysis of the STRATA trace (`wholetrace strata --layers ").append(layers)
                .append("`: paths over blocks only; the size stopped at each level is the analysis' zlib estimate, not a file):\n\n");
        layerTable(b);
        for (Row r : rows) layerRow(b, r.program.name(), r.analysis);
    }

    private void layerTable(StringBuilder b) {
        b.append("| program | unique paths | mean path length | size stopped at: paths |");
        for (int k = 0; k < layers; k++) b.append(" layer ").append(k).append(" |");
        b.append(" unique strata per layer |\n|---|---:|---:|---:|");
        for (int k = 0; k < layers; k++) b.append("---:|");
        b.append("---|\n");
    }

    private static void layerRow(StringBuilder b, String name, StrataResult analysis) {
        List<StrataResult.Level> lv = analysis.levels();
        b.append(String.format(Locale.ROOT, "| %s | %s | %.2f |", name, Report.count(lv.get(0).unique()), lv.get(0).meanLength()));
        for (StrataResult.Level l : lv) b.append(' ').append(l.representation() < 0 ? "n/a" : Report.count(l.representation())).append(" |");
        StringBuilder u = new StringBuilder();
        for (int k = 1; k < lv.size(); k++) u.append(k > 1 ? ", " : "").append(lv.get(k).unique());
        b.append(' ').append(u).append(" |\n");
    }

    private String lackeyCsv(List<LackeyRow> rows) {
        StringBuilder b = new StringBuilder("program,superblocks,sequitur_bytes,strata_bytes,strata_by_symbols_bytes,strata_layer0_bytes,raw_bytes,xz9_bytes,zstd19_bytes,"
                + "sequitur_cpu_s,strata_cpu_s,strata_by_symbols_cpu_s,strata_layer0_cpu_s,unique_paths,mean_path_length");
        for (int k = -1; k < layers; k++) b.append(",size_at_").append(k < 0 ? "paths" : "layer" + k);
        b.append('\n');
        for (LackeyRow r : rows) {
            List<StrataResult.Level> lv = r.analysis.levels();
            b.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%.3f,%d,%.3f", r.spec.name(), r.superblocks, r.sequiturBytes,
                    r.strataBytes, r.bySymbolsBytes, r.layerZeroBytes, 4L * r.superblocks, r.xz, r.zstd, r.sequiturCpu, r.strataCpu, r.bySymbolsCpu,
                    r.layerZeroCpu, lv.get(0).unique(),
                    lv.get(0).meanLength()));
            for (StrataResult.Level l : lv) b.append(',').append(l.representation());
            b.append('\n');
        }
        return b.toString();
    }

    private String csv(List<Row> rows) {
        StringBuilder b = new StringBuilder("program,blocks,chunk_events,cor_chunks,strata_chunks,cor_bytes,strata_bytes,cor_sealed_bytes,strata_sealed_bytes,raw_bytes,xz9_bytes,zstd19_bytes,"
                + "stored_outputs_bytes,plain_wall_s,plain_cpu_s,cor_wall_s,cor_cpu_s,strata_wall_s,strata_cpu_s,strata_cor_cpu_ratio,plain_rss,cor_rss,strata_rss,unique_paths,mean_path_length");
        for (int k = -1; k < layers; k++) b.append(",size_at_").append(k < 0 ? "paths" : "layer" + k);
        b.append('\n');
        for (Row r : rows) {
            List<StrataResult.Level> lv = r.analysis.levels();
            b.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%d,%d,%d,%d,%.3f", r.program.name(), r.blocks,
                    chunkEvents, r.cor.chunks, r.strata.chunks, r.cor.bestBytes, r.strata.bestBytes, r.cor.sealedBytes, r.strata.sealedBytes, 4 * r.blocks, r.xz, r.zstd, r.outputsBytes, r.plainWall, r.plainCpu,
                    r.cor.wall, r.cor.cpu, r.strata.wall, r.strata.cpu, r.strataCorCpu, r.plainRss, r.cor.rss, r.strata.rss, lv.get(0).unique(), lv.get(0).meanLength()));
            for (StrataResult.Level l : lv) b.append(',').append(l.representation());
            b.append('\n');
        }
        return b.toString();
    }

    private static String mib(long bytes) {
        return bytes < 0 ? "n/a" : String.format(Locale.ROOT, "%.0f", bytes / 1048576.0);
    }
}
