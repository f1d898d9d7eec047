package dev.wholetrace.bench;

import static dev.wholetrace.bench.TracedProgram.KERNELS;
import static dev.wholetrace.bench.TracedProgram.LAUNCHER;

import dev.wholetrace.analysis.deps.DependenceCounts;
import dev.wholetrace.analysis.deps.DependenceFilterBuilder;
import dev.wholetrace.analysis.deps.DepsAnalysis;
import dev.wholetrace.analysis.deps.DepsOptions;
import dev.wholetrace.analysis.deps.CrossThreadOrder;
import dev.wholetrace.analysis.deps.EwppIndex;
import dev.wholetrace.analysis.deps.DepsResult;
import dev.wholetrace.analysis.deps.EwppRecovery;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadGrammar;
import dev.wholetrace.reader.TraceView;
import dev.wholetrace.report.MarkdownTable;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench ewpp}: per kernel and library driver, in one run, the eWPP paper's tables on our
 * system (docs/ewpp.md): CF+AT vs eCF sizes (IV), compressed with SEQUITUR and enhanced SEQUITUR
 * (V), the files as stored (CDR: control WPP + address streams; EWPP: control WPP + check stream),
 * the share of the reduction from the representation vs the compression (VII), dependence types
 * (VIII), checks per dependence (IX), plain / CDR / eWPP recording time with the filtering phase
 * apart (X), recovery time from the eWPP vs the address trace, of every dependence and per query
 * (XI), and the time to decompress each trace (XII). Writes docs/results/ewpp.md and ewpp.csv.
 */
@Command(name = "ewpp", mixinStandardHelpOptions = true,
        description = {"eWPP vs control flow + address trace: sizes, recording cost, recovery time, per kernel and library driver.",
                "", "Example: bench/run ewpp --quick"})
final class EwppBenchCommand implements Callable<Integer> {
    @Mixin
    ChildJvmOptions jvm = new ChildJvmOptions();

    @Option(names = "--quick", description = "Only sor and fft at small sizes (a smoke test of the harness).")
    boolean quick;

    @Option(names = "--reps", defaultValue = "3", description = "Runs per variant; medians are reported (default: ${DEFAULT-VALUE}).")
    int reps;

    @Option(names = "--heap", defaultValue = "-Xmx2g", description = "Every child JVM's heap option (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--growth", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also the recovery in steady state: each program at growing sizes (EwppGrowth), written to ewpp-growth.md and .csv (default: ${DEFAULT-VALUE}).")
    boolean growth;

    @Option(names = "--growth-only", description = "Only the growth series (ewpp-growth.md and .csv); ewpp.md is left as it is.")
    boolean growthOnly;

    @Option(names = "--programs", split = ",", paramLabel = "NAME",
            description = "Only these programs (sor, fft, lu, water, mp3d, math3; default: all), e.g. --programs sor,fft.")
    List<String> only;

    private final Log log = new Log();



    static List<TracedProgram> programs(boolean quick) {
        if (quick) return List.of(new TracedProgram("sor", LAUNCHER, KERNELS, "sor", "2", "48", "4"), new TracedProgram("fft", LAUNCHER, KERNELS, "fft", "2", "8", "1"));
        return List.of(
                new TracedProgram("sor", LAUNCHER, KERNELS, "sor", "2", "64", "6"),
                new TracedProgram("fft", LAUNCHER, KERNELS, "fft", "2", "10", "1"),
                new TracedProgram("lu", LAUNCHER, KERNELS, "lu", "2", "48", "1"),
                new TracedProgram("water", LAUNCHER, KERNELS, "water", "2", "16", "1"),
                new TracedProgram("mp3d", LAUNCHER, KERNELS, "mp3d", "2", "1000", "2"),
                new TracedProgram("math3", "dev.wholetrace.workloads.libs.Math3Driver", "dev.wholetrace.workloads.libs.*:org.apache.commons.math3.*", "2"));
    }

    /** Sizes in bytes. */
    record Sizes(long cf, long at, long ecf, long cfSeq, long atSeq, long ecfSeq, long cfEnh, long atEnh, long ecfEnh,
                 FileParts cdr, FileParts ewpp, CheckParts checks, FileParts cdrBest, FileParts ewppBest) {}

    /** Bytes of one file and of its WPP, address or check stream and SYMBOLS sections. */
    record FileParts(long file, long wpp, long data, long symbols) {
        long streams() {
            return wpp + data + symbols;
        }

        /** The WPP and its address or check stream: what the "stored" ratio compares (SYMBOLS left out, as the paper's accounting has no alphabet). */
        long stored() {
            return wpp + data;
        }

        static FileParts of(TraceView v, StreamKind data) {
            long wpp = 0, stream = 0, symbols = 0;
            for (Section x : v.sections()) {
                if (x.stream() == StreamKinds.CONTROL) wpp += x.fileBytes();
                if (x.stream() == data) stream += x.fileBytes();
                if (x.type() == SectionType.SYMBOLS) symbols += x.fileBytes();
            }
            return new FileParts(v.fileBytes(), wpp, stream, symbols);
        }

        /**
         * The parts of {@code trace} re-packed with {@link Codec#BEST} (as {@code wholetrace recompress}):
         * the recorder seals with {@link Codec#FAST}, which falls back from xz to zlib when xz is slow, so
         * on a loaded machine the sealed sizes depend on the load; re-packed they do not.
         */
        static FileParts best(Path trace, StreamKind data) throws IOException {
            Path out = trace.resolveSibling(trace.getFileName() + ".best");
            try {
                new TraceRepacker(Codec.BEST).repack(trace, out);
                return of(TraceView.open(out), data);
            } finally {
                Files.deleteIfExists(out);
            }
        }
    }

    /**
     * What the check stream holds, to see why it is larger than CDR's address streams: per thread a
     * SEQUITUR grammar of the check symbols (varint-coded, GrammarCodec, plus {@link #ALPHABET_ENTRY}
     * bytes per distinct symbol: a CROSS value is a new symbol per store instance read), as stored
     * (the chunks' check symbols in order) and with every CROSS value replaced by its difference to
     * the thread's previous CROSS value of the same writer (a what-if of a predictor coding, not a
     * format: recovery would have to undo it); the bytes of the sole thread with most CROSS symbols.
     */
    record CheckParts(long seq, long seqAlphabet, long crossDelta, long crossDeltaAlphabet) {}

    static final int ALPHABET_ENTRY = 9;


    record Row(TracedProgram p, double plain, double cdr, double ewpp, double filter, double recoverEwpp, double recoverAt, Sizes sizes,
               EwppRecovery.Stats stats, long deps, boolean same, double ewppDistance, double recoverDistance, Sizes distanceSizes, boolean sameDistance,
               Queries queries, double expandEwpp, double expandCdr, Full full, String otherOrder, FreshJvmDeps.Pair fresh) {
        /**
         * The *same* cell: both eWPPs' edges equal the address trace's; or, where they differ, why the runs may
         * differ with both recoveries right ({@link RunDifference}: another lock order, or only in edges whose
         * store is in a class initializer); NO where nothing explains it, which would be a recovery's fault.
         * CliDepsTest checks each recovery against an oracle of its own run.
         */
        String sameCell() {
            return same && sameDistance ? "yes" : otherOrder == null ? "NO" : otherOrder;
        }
    }

    /**
     * Full recovery (every edge with its count, Table XI), both ways on the eWPP: counted
     * ({@code deps}'s default, EwppCounts: on the check grammar, its heads naming their
     * load; and by the pair walk, how traces before format 9 are counted and the default of session 34) and by expanding it (the one-pass
     * recovery with every timestamp, {@code deps --expand}: the method before session 33), and the
     * address trace. Cold: open the file and recover, medians over the reps (the first rep also
     * compiles the code). Warm: the recovery alone on a trace opened once, after {@link #WARMUP} untimed
     * runs of each, the median and the minimum of {@link #WARM_REPS} (on a loaded machine the minimum is
     * the run least disturbed by other processes). Each warm trace's sync order (its happens-before,
     * {@link CrossThreadOrder}) is built by the first run and shared by the others, as a command's
     * recoveries share it; *PerRun*: the same with it built inside each run (as before session 40, but with the heads' bounds in arrays), for
     * the counted eWPP and the address trace. *coldCpu*: the cold counted and cold AT runs' seconds of the
     * recovering thread's CPU time, medians over the reps.
     */
    record Full(double coldExpand, Warm counts, Warm expand, Warm at, Warm distance, double coldWalk, Warm walk, Warm countsPerRun, Warm atPerRun,
                double coldCpuCounts, double coldCpuAt) {}

    /**
     * Seconds of one warm recovery: median and minimum over the runs, wall clock; and the median of
     * the thread's CPU time (on a loaded machine a run of a few milliseconds waits for a core longer
     * than it runs, so its wall time measures the load more than the recovery).
     */
    record Warm(double median, double min, double cpu) {}

    static final int WARMUP = 5;
    static final int WARM_REPS = 15;
    /** The recovery speed-up over the address trace the issue asks for (issue 19: ≥ 10×). */
    static final double TARGET = 10;
    static final DepsOptions EXPAND = new DepsOptions(-1, -1, 0, -1, 0, true);
    static final DepsOptions PAIR_WALK = new DepsOptions(-1, -1, 0, -1, 0, false, 0, true);

    /**
     * Per-query recovery (Table XI per query): {@code deps --to L} for {@link #QUERIES} loads (the
     * hottest, then loads at the quartiles of the count ranking, the coldest), in-process, medians
     * over the reps; mean seconds per query and the hottest's. Warm: the query run again on the
     * trace a first query opened and decoded (recovery alone, as the paper's Table XI; decompression
     * is Table XII); cold: opening the file and the first query.
     */
    record Queries(int n, double ewppMean, double atMean, double ewppHottest, double atHottest, long hottestCount, boolean same,
                   double ewppColdMean, double atColdMean, double ratioMean) {}

    static final int QUERIES = 5;

    /** {@link #programs} narrowed to {@code --programs}; a name that is none of them is an error. */
    private List<TracedProgram> selected() {
        List<TracedProgram> all = programs(quick);
        if (only == null) return all;
        for (String n : only)
            if (all.stream().noneMatch(p -> p.name().equals(n))) throw new IllegalArgumentException("--programs: no program '" + n + "'");
        return all.stream().filter(p -> only.contains(p.name())).toList();
    }

    @Override
    public Integer call() throws Exception {
        if (reps < 1) throw new IllegalArgumentException("--reps must be at least 1");
        Path dir = jvm.prepare("ewpp");
        MeasuredChild child = new MeasuredChild(dir);
        if (!growthOnly) {
            List<Row> rows = new ArrayList<>();
            for (TracedProgram p : selected()) rows.add(measure(p, dir, child));
            ResultsPage.write(jvm.out.resolve("ewpp.md"), markdown(rows));
            Files.writeString(jvm.out.resolve("ewpp.csv"), csv(rows), StandardCharsets.UTF_8);
            log.info("wrote %s and %s", jvm.out.resolve("ewpp.md"), jvm.out.resolve("ewpp.csv"));
        }
        if (growth || growthOnly) {
            List<EwppGrowth.Series> series = new ArrayList<>();
            for (TracedProgram p : selected()) series.add(EwppGrowth.measure(p, quick, dir, child, this::command, jvm.timeout, log));
            String run = "bench/run ewpp" + (quick ? " --quick" : "") + (growthOnly ? " --growth-only" : "") + (only == null ? "" : " --programs " + String.join(",", only));
            ResultsPage.write(jvm.out.resolve("ewpp-growth.md"), EwppGrowth.markdown(series, run));
            Files.writeString(jvm.out.resolve("ewpp-growth.csv"), EwppGrowth.csv(series), StandardCharsets.UTF_8);
            log.info("wrote %s and %s", jvm.out.resolve("ewpp-growth.md"), jvm.out.resolve("ewpp-growth.csv"));
        }
        return 0;
    }

    List<String> command(TracedProgram p, Path trace, TraceMode mode, Path filter) {
        return command(p, trace, mode, filter, null);
    }

    private List<String> command(TracedProgram p, Path trace, TraceMode mode, Path filter, String signature) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(heap);
        if (trace != null) {
            dev.wholetrace.recorder.AgentOptions o = dev.wholetrace.recorder.AgentOptions.of(trace, mode).withInclude(p.include());
            if (filter != null) o = o.withFilter(filter);
            if (signature != null) o = o.withSignature(signature);
            cmd.add(o.javaagent(jvm.agent));
        }
        cmd.addAll(List.of("-cp", jvm.workloads.toAbsolutePath().normalize().toString(), p.main()));
        cmd.addAll(Arrays.asList(p.args()));
        return cmd;
    }

    private Row measure(TracedProgram p, Path dir, MeasuredChild child) throws Exception {
        Path first = dir.resolve(p.name() + "-filter.wtrace");
        Path cdr = dir.resolve(p.name() + "-cdr.wtrace");
        Path ewpp = dir.resolve(p.name() + "-ewpp.wtrace");
        Path dist = dir.resolve(p.name() + "-ewpp-distance.wtrace");
        Path filterFile = dir.resolve(p.name() + "-filter.txt");
        for (Path f : List.of(first, cdr, ewpp)) Files.deleteIfExists(f);
        MeasuredChild.Run plain = child.run(command(p, null, null, null), jvm.timeout);
        child.run(command(p, first, TraceMode.CDR, null), jvm.timeout).expectSameAs(plain, p.name() + " filtering run");
        long t0 = System.nanoTime();
        DependenceFilter filter = new DependenceFilterBuilder().build(TraceView.open(first));
        double filterSeconds = (System.nanoTime() - t0) / 1e9;
        Files.writeString(filterFile, filter.encode());
        log.info("%s: filter of %d dependences in %.2f s; %d reps of plain, cdr, ewpp", p.name(), filter.size(), filterSeconds, reps);
        double[][] wall = new double[4][reps];
        for (int r = 0; r < reps; r++) {
            for (int v = 0; v < 4; v++) {
                Path trace = v == 1 ? cdr : v == 2 ? ewpp : v == 3 ? dist : null;
                if (trace != null) Files.deleteIfExists(trace);
                MeasuredChild.Run run = child.run(command(p, trace, v == 1 ? TraceMode.CDR : TraceMode.EWPP, v >= 2 ? filterFile : null,
                        v == 3 ? "distance" : v == 2 ? "search" : null), jvm.timeout); // named: the default is distance from session 50
                if (v > 0) run.expectSameAs(plain, p.name() + (v == 1 ? " cdr" : " ewpp"));
                wall[v][r] = run.wallSeconds();
            }
        }
        double[] recE = new double[reps];
        double[] recA = new double[reps];
        double[] recD = new double[reps];
        double[] recX = new double[reps];
        double[] recW = new double[reps];
        // the same cold runs' thread CPU (session 48): at a load of 40 a run of milliseconds waits for a core longer than it runs
        double[] cpuE = new double[reps];
        double[] cpuA = new double[reps];
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        DepsResult e = null;
        DepsResult pw = null;
        DepsResult a = null;
        DepsResult d = null;
        DepsResult x = null;
        for (int r = 0; r < reps; r++) {
            long s0 = System.nanoTime();
            d = new DepsAnalysis().analyze(openAsDeps(dist));
            recD[r] = (System.nanoTime() - s0) / 1e9;
            long c = cpu.getCurrentThreadCpuTime();
            long s = System.nanoTime();
            e = new DepsAnalysis().analyze(openAsDeps(ewpp));
            recE[r] = (System.nanoTime() - s) / 1e9;
            cpuE[r] = (cpu.getCurrentThreadCpuTime() - c) / 1e9;
            c = cpu.getCurrentThreadCpuTime();
            s = System.nanoTime();
            a = new DepsAnalysis().analyze(openAsDeps(cdr));
            recA[r] = (System.nanoTime() - s) / 1e9;
            cpuA[r] = (cpu.getCurrentThreadCpuTime() - c) / 1e9;
            s = System.nanoTime();
            x = new DepsAnalysis(EXPAND).analyze(openAsDeps(ewpp));
            recX[r] = (System.nanoTime() - s) / 1e9;
            s = System.nanoTime();
            pw = new DepsAnalysis(PAIR_WALK).analyze(openAsDeps(ewpp));
            recW[r] = (System.nanoTime() - s) / 1e9;
        }
        if (!e.method().equals("ewpp-counts") || !x.method().equals("ewpp")) throw new IllegalStateException("recovery methods " + e.method() + ", " + x.method());
        List<String> edgesE = edges(e), edgesA = edges(a); // each formats and sorts every edge: once
        if (!edgesE.equals(edges(x))) throw new IllegalStateException(p.name() + ": the counted edges differ from the expansion's");
        if (!edges(pw).equals(edgesE) || !pw.signatures().equals(e.signatures())) throw new IllegalStateException(p.name() + ": the pair walk's edges differ from the grammar's counts");
        Full full = new Full(median(recX), warm(ewpp, DepsOptions.ALL, true), warm(ewpp, EXPAND, true), warm(cdr, DepsOptions.ALL, true),
                warm(dist, DepsOptions.ALL, true), median(recW), warm(ewpp, PAIR_WALK, true), warm(ewpp, DepsOptions.ALL, false),
                warm(cdr, DepsOptions.ALL, false), median(cpuE), median(cpuA));
        boolean same = edgesE.equals(edgesA);
        boolean sameDistance = edges(d).equals(edgesA);
        List<Long> cdrLocks = LockOrder.of(TraceView.open(cdr));
        String otherOrder = RunDifference.both(
                same ? "" : RunDifference.of(edgesE, LockOrder.of(TraceView.open(ewpp)), edgesA, cdrLocks),
                sameDistance ? "" : RunDifference.of(edges(d), LockOrder.of(TraceView.open(dist)), edgesA, cdrLocks));
        Queries queries = queries(e, ewpp, cdr);
        FreshJvmDeps.Pair fresh = FreshJvmDeps.measure(child, ewpp, cdr, reps, jvm.timeout);
        double[] expE = new double[reps];
        double[] expC = new double[reps];
        for (int r = 0; r < reps; r++) {
            expE[r] = expandSeconds(ewpp);
            expC[r] = expandSeconds(cdr);
        }
        FileParts cdrBest = FileParts.best(cdr, StreamKinds.ADDRESSES); // re-packed once for both signatures
        Sizes sizes = sizes(ewpp, cdr, cdrBest);
        Sizes distanceSizes = sizes(dist, cdr, cdrBest);
        log.info("%s: eCF %d B vs CF+AT %d B; eWPP (seq) %d B vs WPP+cAT %d B; recovery %.3f s vs %.3f s; same edges %s", p.name(), sizes.ecf,
                sizes.cf + sizes.at, sizes.ecfSeq, sizes.cfSeq + sizes.atSeq, median(recE), median(recA), same);
        return new Row(p, median(wall[0]), median(wall[1]), median(wall[2]), filterSeconds, median(recE), median(recA), sizes, x.signatures(),
                e.total(), same, median(wall[3]), median(recD), distanceSizes, sameDistance, queries, median(expE), median(expC), full, otherOrder,
                fresh);
    }

    /**
     * {@code file} opened as {@code deps} opens it: an eWPP's thread chunks CRC-checked and decoded when the
     * recovery first reads them (ParallelTrace#openLazily), a CDR trace's all decoded at open.
     */
    static TraceView openAsDeps(Path file) throws IOException {
        return ParallelTrace.openLazily(file, bytes -> { });
    }

    /**
     * Recovery alone (every edge) on a trace opened once: {@link #WARMUP} untimed runs, then {@link #WARM_REPS} timed;
     * {@code shared}: the runs share what the trace's recoveries share, its {@link CrossThreadOrder} and on an eWPP its
     * {@link EwppIndex} (the filter, the chunks' summaries, the check grammars' terminal counts), built by the first run;
     * otherwise each run builds its own.
     */
    private static Warm warm(Path file, DepsOptions options, boolean shared) throws Exception {
        TraceView t = TraceView.open(file);
        CrossThreadOrder order = shared ? new CrossThreadOrder(t) : null;
        EwppIndex index = shared && t.mode() == TraceMode.EWPP ? new EwppIndex(t, order) : null;
        Supplier<DepsAnalysis> analysis = () -> index != null ? new DepsAnalysis(options, index) : new DepsAnalysis(options, order);
        for (int i = 0; i < WARMUP; i++) analysis.get().analyze(t);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] v = new double[WARM_REPS];
        double[] cpu = new double[WARM_REPS];
        for (int i = 0; i < WARM_REPS; i++) {
            long c = threads.getCurrentThreadCpuTime();
            long s = System.nanoTime();
            analysis.get().analyze(t);
            v[i] = (System.nanoTime() - s) / 1e9;
            cpu[i] = (threads.getCurrentThreadCpuTime() - c) / 1e9;
        }
        return new Warm(median(v), Arrays.stream(v).min().orElseThrow(), median(cpu));
    }

    /** The cold counted column again by the recovering thread's CPU time (the same runs): what the load does not stretch. */
    private static void coldCpu(List<Row> rows, StringBuilder sb) {
        MarkdownTable t = new MarkdownTable().left("program").right("cold counted CPU ms", "cold AT CPU ms", "cold CPU AT/counted");
        double sum = 0;
        int ten = 0;
        for (Row r : rows) {
            double ratio = r.full.coldCpuAt() / r.full.coldCpuCounts();
            sum += ratio;
            if (ratio >= TARGET) ten++;
            t.row(r.p.name(), f2(1e3 * r.full.coldCpuCounts()), f2(1e3 * r.full.coldCpuAt()), f2(ratio));
        }
        sb.append("\n### Cold by CPU time\n\n")
                .append("The *cold counted* and *cold AT* runs above (open as `deps` opens, count every edge, in this JVM, medians over the reps) ")
                .append("by the recovering thread's CPU time instead of the wall clock: on a loaded machine a run of milliseconds waits for a core ")
                .append("longer than it runs, and its wall time measures the load.\n\n");
        t.appendTo(sb);
        sb.append(String.format(Locale.ROOT, "%nAverage cold AT/eWPP by CPU time %.2f× (%d of %d programs ≥ %.0f×).%n", sum / rows.size(), ten, rows.size(), TARGET));
    }

    /**
     * The warm CPU medians with what recoveries on one trace share (the happens-before; on an eWPP
     * also the EwppIndex: the filter, the chunks' summaries, the check grammars' terminal counts)
     * built inside each run (as before session 40) and shared per opened trace (session 41: the
     * index too), both measured in this run, for the counted eWPP and the address trace.
     */
    private static void sharedOrder(List<Row> rows, StringBuilder sb) {
        MarkdownTable t = new MarkdownTable().left("program").right("counted per run s", "counted shared s", "counted per run/shared",
                "AT per run s", "AT shared s", "AT per run/shared", "AT/counted per run", "AT/counted shared");
        double before = 0, after = 0;
        int tenBefore = 0, tenAfter = 0;
        for (Row r : rows) {
            Full f = r.full;
            double b = f.atPerRun().cpu() / f.countsPerRun().cpu(), a = f.at().cpu() / f.counts().cpu();
            before += b;
            after += a;
            if (b >= TARGET) tenBefore++;
            if (a >= TARGET) tenAfter++;
            t.row(r.p.name(), f4(f.countsPerRun().cpu()), f4(f.counts().cpu()), f2(f.countsPerRun().cpu() / f.counts().cpu()),
                    f4(f.atPerRun().cpu()), f4(f.at().cpu()), f2(f.atPerRun().cpu() / f.at().cpu()), f2(b), f2(a));
        }
        sb.append("\n### Summaries per run vs shared per opened trace\n\n")
                .append("The warm CPU medians above (*shared*: the trace's CrossThreadOrder, its happens-before and sync positions, and on the eWPP ")
                .append("its EwppIndex, the decoded filter, the chunks' load summaries and the check grammars' terminal counts (CheckSummary), built by the ")
                .append("first run and kept, from session 41; session 40 shared the order only) against the same runs with both built inside each run (*per run*: as every recovery before session 40 built them, though with session 40's array of heads' bounds and session 41's one pass over each check alphabet; *shared* leaves the one-time build out of the timed runs, which a one-query `deps` pays: see *cold*), ")
                .append("in this run, on the same opened traces; the address trace gets the same sharing (its order: it has no index).\n\n");
        t.appendTo(sb);
        int n = Math.max(1, rows.size());
        sb.append(String.format(Locale.ROOT, "%nAverage AT/eWPP counted, warm CPU median: per run %.2f× (%d of %d at ≥ %.0f×), shared %.2f× (%d of %d).%n",
                before / n, tenBefore, rows.size(), TARGET, after / n, tenAfter, rows.size()));
    }

    /** Loads of the eWPP's edges, hottest first; QUERIES of them spread over the ranking. */
    static List<long[]> queryLoads(DepsResult all) {
        Map<Integer, Long> byLoad = new HashMap<>();
        for (DepsResult.EdgeRow r : all.edges()) byLoad.merge(r.load(), r.count(), Long::sum);
        List<long[]> ranked = new ArrayList<>();
        byLoad.forEach((l, n) -> ranked.add(new long[] {l, n}));
        ranked.sort((x, y) -> x[1] != y[1] ? Long.compare(y[1], x[1]) : Long.compare(x[0], y[0]));
        List<long[]> out = new ArrayList<>();
        int n = ranked.size();
        for (int q = 0; q < QUERIES && q < n; q++) {
            long[] pick = ranked.get(n == 1 ? 0 : (int) ((long) q * (n - 1) / (QUERIES - 1)));
            if (out.stream().noneMatch(o -> o[0] == pick[0])) out.add(pick);
        }
        return out;
    }

    private Queries queries(DepsResult all, Path ewpp, Path cdr) throws Exception {
        List<long[]> loads = queryLoads(all);
        double sumE = 0, sumA = 0, hotE = 0, hotA = 0, coldE = 0, coldA = 0, sumRatio = 0;
        boolean same = true;
        // Warm-up, untimed: the address-trace query runs the full recovery's code, which the reps above
        // compiled; the grammar walk's code would otherwise be measured interpreted.
        for (long[] l : loads) {
            DepsOptions o = new DepsOptions(-1, (int) l[0], 0, -1, 0);
            TraceView te = TraceView.open(ewpp);
            new DepsAnalysis(o, new EwppIndex(te)).analyze(te);
            new DepsAnalysis(o).analyze(TraceView.open(cdr));
        }
        for (int i = 0; i < loads.size(); i++) {
            int l = (int) loads.get(i)[0];
            DepsOptions o = new DepsOptions(-1, l, 0, -1, 0);
            double[] qe = new double[reps];
            double[] qa = new double[reps];
            double[] ce = new double[reps];
            double[] ca = new double[reps];
            DepsResult re = null;
            DepsResult ra = null;
            for (int r = 0; r < reps; r++) {
                long s = System.nanoTime();
                TraceView te = TraceView.open(ewpp);
                EwppIndex index = new EwppIndex(te); // the summaries every query on this trace shares: built by the first
                new DepsAnalysis(o, index).analyze(te);
                ce[r] = (System.nanoTime() - s) / 1e9;
                s = System.nanoTime();
                re = new DepsAnalysis(o, index).analyze(te);
                qe[r] = (System.nanoTime() - s) / 1e9;
                s = System.nanoTime();
                TraceView ta = TraceView.open(cdr);
                CrossThreadOrder order = new CrossThreadOrder(ta); // shared by the queries on this trace, as the eWPP's index
                new DepsAnalysis(o, order).analyze(ta);
                ca[r] = (System.nanoTime() - s) / 1e9;
                s = System.nanoTime();
                ra = new DepsAnalysis(o, order).analyze(ta);
                qa[r] = (System.nanoTime() - s) / 1e9;
            }
            if (!re.method().equals("ewpp-query")) throw new IllegalStateException("deps --to did not walk the grammar: " + re.method());
            same &= edges(re).equals(edges(ra));
            sumE += median(qe);
            sumA += median(qa);
            sumRatio += median(qa) / median(qe);
            coldE += median(ce);
            coldA += median(ca);
            if (i == 0) {
                hotE = median(qe);
                hotA = median(qa);
            }
        }
        int n = Math.max(1, loads.size());
        log.info("%d queries: eWPP %.4f s, address trace %.4f s per query", loads.size(), sumE / n, sumA / n);
        return new Queries(loads.size(), sumE / n, sumA / n, hotE, hotA, loads.isEmpty() ? 0 : loads.get(0)[1], same, coldE / n, coldA / n, sumRatio / n);
    }

    /**
     * Table XII: the time to decompress a trace into what recovery reads, in-process with the file
     * opened: an eWPP's control WPP and check stream expanded symbol by symbol; a CDR trace's events
     * with their addresses (control WPP and Diff∘RLE∘SEQ address streams).
     */
    static double expandSeconds(Path file) throws Exception {
        long s = System.nanoTime();
        TraceView t = TraceView.open(file);
        long sink = 0;
        if (t.mode() == TraceMode.EWPP) {
            for (int th = 0; th < t.threadCount(); th++) {
                for (ThreadGrammar g : t.grammars(th)) {
                    for (GrammarExpander x = g.wpp().expander(); x.hasNext(); ) sink += x.next();
                    if (g.stream(StreamKinds.CHECKS) != null) {
                        for (GrammarExpander x = g.stream(StreamKinds.CHECKS).expander(); x.hasNext(); ) sink += x.next();
                    }
                }
            }
        } else {
            for (int th = 0; th < t.threadCount(); th++) {
                for (Iterator<Event> it = t.events(th); it.hasNext(); ) {
                    Event e = it.next();
                    sink += e.isAccess() ? e.address() : e.id();
                }
            }
        }
        double seconds = (System.nanoTime() - s) / 1e9;
        if (sink == 42) System.out.print(""); // keeps the loops
        return seconds;
    }

    /**
     * The edges with their counts, each end by its code location, sorted: two recordings of one
     * program number their instructions in the order their classes were instrumented, which the
     * threads' timing can change, so ids alone would differ where the edges do not.
     */
    static List<String> edges(DepsResult r) {
        List<String> out = new ArrayList<>();
        for (DepsResult.EdgeRow e : r.edges()) out.add(where(e.storeCode(), e.store()) + " " + where(e.loadCode(), e.load()) + " " + e.origin() + " " + e.count());
        out.sort(null);
        return out;
    }

    private static String where(CodeEntry c, int id) {
        return c == null ? "#" + id : c.className() + '.' + c.method() + c.descriptor() + '@' + c.bci();
    }

    /**
     * CF: the control symbols (4 bytes each); AT: one 8-byte address per access; eCF: the control
     * symbols with every load's check signature after it (OK dropped), 4 bytes a symbol. Each also
     * as a SEQUITUR and an enhanced-SEQUITUR grammar per thread (varint-coded, GrammarCodec), and
     * the files' sections as stored.
     */
    private static Sizes sizes(Path ewppFile, Path cdrFile, FileParts cdrBest) throws IOException {
        return sizes(TraceView.open(ewppFile), TraceView.open(cdrFile), cdrBest, FileParts.best(ewppFile, StreamKinds.CHECKS), true);
    }

    /**
     * {@code enhanced}: also the enhanced-SEQUITUR grammars and the check stream's {@link CheckParts}; without, those
     * are 0 and null (the growth series, {@link EwppGrowth}, whose traces are up to 16 times the size: SEQUITUR only).
     */
    static Sizes sizes(TraceView ewpp, TraceView cdr, FileParts cdrBest, FileParts ewppBest, boolean enhanced) {
        long[] s = new long[9];
        for (int t = 0; t < ewpp.threadCount(); t++) {
            GrammarBuilder cfSeq = GrammarAlgorithm.SEQUITUR.newBuilder();
            GrammarBuilder cfEnh = enhanced ? GrammarAlgorithm.ENHANCED.newBuilder() : null;
            GrammarBuilder eSeq = GrammarAlgorithm.SEQUITUR.newBuilder();
            GrammarBuilder eEnh = enhanced ? GrammarAlgorithm.ENHANCED.newBuilder() : null;
            Alphabet cfSymbols = new Alphabet();
            Alphabet eSymbols = new Alphabet();
            for (ThreadGrammar g : ewpp.grammars(t)) {
                GrammarExpander checks = g.stream(StreamKinds.CHECKS) == null ? null : g.stream(StreamKinds.CHECKS).expander();
                Alphabet ca = checks == null ? null : g.alphabet(StreamKinds.CHECKS);
                for (GrammarExpander x = g.wpp().expander(); x.hasNext(); ) {
                    int sym = x.next();
                    Event.Type type = g.type(sym);
                    int c = cfSymbols.idOf(type.ordinal(), g.value(sym));
                    cfSeq.append(c);
                    if (cfEnh != null) cfEnh.append(c);
                    int ec = eSymbols.idOf(type.ordinal(), g.value(sym));
                    eSeq.append(ec);
                    if (eEnh != null) eEnh.append(ec);
                    s[0] += 4;
                    s[2] += 4;
                    if (type == Event.Type.LOAD || type == Event.Type.STORE) s[1] += 8;
                    if (type != Event.Type.LOAD) continue;
                    do {
                        int k = checks.next();
                        long tag = CheckSymbols.tag(ca.first(k)); // the eCF's signature: its load is the one before it
                        if (tag == CheckSymbols.OK) break;
                        int sc = eSymbols.idOf(100 + tag | CheckSymbols.extra(ca.first(k)) << 8, ca.second(k)); // a CROSS_AT's writer too
                        eSeq.append(sc);
                        if (eEnh != null) eEnh.append(sc);
                        s[2] += 4;
                        if (tag != CheckSymbols.SEARCH && tag != CheckSymbols.B0 && tag != CheckSymbols.B1 && tag != CheckSymbols.NEW && tag != CheckSymbols.CROSS_AT) break;
                    } while (true);
                }
            }
            s[3] += bytes(cfSeq);
            s[5] += bytes(eSeq);
            if (enhanced) {
                s[6] += bytes(cfEnh);
                s[8] += bytes(eEnh);
            }
        }
        for (int t = 0; t < cdr.threadCount(); t++) {
            GrammarBuilder atSeq = GrammarAlgorithm.SEQUITUR.newBuilder();
            GrammarBuilder atEnh = enhanced ? GrammarAlgorithm.ENHANCED.newBuilder() : null;
            Alphabet addresses = new Alphabet();
            for (Iterator<Event> it = cdr.events(t); it.hasNext(); ) {
                Event ev = it.next();
                if (!ev.isAccess()) continue;
                int a = addresses.idOf(ev.address());
                atSeq.append(a);
                if (atEnh != null) atEnh.append(a);
            }
            s[4] += bytes(atSeq) + 8L * addresses.size(); // the grammar and its alphabet of addresses
            if (enhanced) s[7] += bytes(atEnh) + 8L * addresses.size();
        }
        return new Sizes(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], FileParts.of(cdr, StreamKinds.ADDRESSES),
                FileParts.of(ewpp, StreamKinds.CHECKS), enhanced ? checkParts(ewpp) : null, cdrBest, ewppBest);
    }

    /** {@link CheckParts} of an eWPP. */
    static CheckParts checkParts(TraceView ewpp) {
        long[] v = new long[4];
        for (int t = 0; t < ewpp.threadCount(); t++) {
            GrammarBuilder asStored = GrammarAlgorithm.SEQUITUR.newBuilder();
            GrammarBuilder delta = GrammarAlgorithm.SEQUITUR.newBuilder();
            Alphabet storedSymbols = new Alphabet();
            Alphabet deltaSymbols = new Alphabet();
            Map<Integer, Long> last = new HashMap<>(); // writer thread -> its previous store number read
            for (ThreadGrammar g : ewpp.grammars(t)) {
                if (g.stream(StreamKinds.CHECKS) == null) continue;
                Alphabet ca = g.alphabet(StreamKinds.CHECKS);
                for (GrammarExpander x = g.stream(StreamKinds.CHECKS).expander(); x.hasNext(); ) {
                    int c = x.next();
                    long first = ca.first(c);
                    long value = ca.second(c);
                    asStored.append(storedSymbols.idOf(first, value));
                    if (CheckSymbols.tag(first) == CheckSymbols.CROSS || CheckSymbols.tag(first) == CheckSymbols.XSTORE) { // a store number (XSTORE: a CROSS_AT's instance)
                        int w = CheckSymbols.crossThread(value);
                        long k = CheckSymbols.crossStore(value);
                        Long before = last.put(w, k);
                        value = CheckSymbols.cross(w, 0) | (k - (before == null ? 0 : before)) & ((1L << CheckSymbols.STORE_BITS) - 1);
                    }
                    delta.append(deltaSymbols.idOf(first, value));
                }
            }
            v[0] += bytes(asStored);
            v[1] += (long) ALPHABET_ENTRY * storedSymbols.size();
            v[2] += bytes(delta);
            v[3] += (long) ALPHABET_ENTRY * deltaSymbols.size();
        }
        return new CheckParts(v[0], v[1], v[2], v[3]);
    }

    /**
     * Table VII: of the reduction from CF+AT to the compressed eWPP, the share due to the
     * representation (CF+AT → eCF) and the share due to compressing eCF (eCF → eWPP), in bytes, per
     * compressor (the paper's: SEQUITUR and VPC; here SEQUITUR and enhanced SEQUITUR). A
     * representation share below 0 means eCF is larger than CF+AT and the compression made up for it.
     */
    private static String reduction(List<Row> rows) {
        MarkdownTable t = new MarkdownTable().left("program").right("seq: smaller eCF %", "seq: compression of eCF %", "enh: smaller eCF %",
                "enh: compression of eCF %");
        double[] sum = new double[4];
        int n = 0;
        for (Row r : rows) {
            for (boolean distance : new boolean[] {false, true}) {
                Sizes s = distance ? r.distanceSizes : r.sizes;
                double total = s.cf + s.at;
                double repr = total - s.ecf;
                double seq = repr / (total - s.ecfSeq) * 100;
                double enh = repr / (total - s.ecfEnh) * 100;
                t.row(r.p.name() + (distance ? " (distance)" : ""), f2(seq), f2(100 - seq), f2(enh), f2(100 - enh));
                if (distance) {
                    sum[0] += seq;
                    sum[1] += enh;
                    n++;
                } else {
                    sum[2] += seq;
                    sum[3] += enh;
                }
            }
        }
        n = Math.max(1, n);
        return "\n## Where the reduction comes from (Table VII)\n\n"
                + "Of the bytes saved going from CF+AT to the compressed eWPP, the share saved by the representation (CF+AT → eCF: "
                + "*smaller eCF*) and the share saved by compressing eCF (eCF → eWPP), per grammar: (CF+AT − eCF) / (CF+AT − eWPP) and "
                + "its complement. The paper (SEQUITUR and VPC): 48 % and 52 % on average.\n\n"
                + t
                + String.format(Locale.ROOT, "%nAverage smaller-eCF share: search signature SEQUITUR %.1f %%, enhanced %.1f %%; distance signature "
                + "SEQUITUR %.1f %%, enhanced %.1f %%.%n%n", sum[2] / n, sum[3] / n, sum[0] / n, sum[1] / n);
    }

    private static long bytes(GrammarBuilder b) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.write(b.toGrammar(), w);
        return w.size();
    }

    static double median(double[] v) {
        double[] c = v.clone();
        Arrays.sort(c);
        return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2;
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static String f4(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    private static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private String markdown(List<Row> rows) {
        StringBuilder sb = new StringBuilder("# eWPP vs control flow + address trace\n\n");
        sb.append("`bench/run ewpp").append(quick ? " --quick" : "").append("` (").append(reps).append(" reps per variant, medians). ")
                .append(Machine.describe().summary()).append("\n\n")
                .append("Per program: a CDR recording is the filtering phase (the filter is built from it in-process: *filter s*); then plain, CDR and ")
                .append("eWPP (`--mode ewpp` with that filter) runs, interleaved. Sizes (bytes): CF = control symbols × 4, AT = accesses × 8, ")
                .append("eCF = control symbols with each load's check signature after it (OK dropped) × 4; *seq*/*enh* the same strings as ")
                .append("per-thread SEQUITUR / enhanced-SEQUITUR grammars (varint-coded; AT's with its alphabet of addresses); ")
                .append("*stored* what the files hold (CDR: control WPP + address streams; eWPP: control WPP + check stream, sections with the ")
                .append("fast codec as sealed). Recovery: open the trace and recover every dependence, in-process. *same*: eWPP and address-trace ")
                .append("recovery gave the same edges and counts (both signatures); the traces are separate runs, so in the programs that take locks (water, mp3d, ")
                .append("math3) which thread's store a load reads depends on the lock order of each run, and the edges can differ without either being ")
                .append("wrong: *other lock order* where they differ and the differing eWPP run took its locks (thread and site of each acquisition, ")
                .append("in sync order) in another order than the CDR run; *other class-init order* where they differ only in edges whose store is in a class initializer (the JVM runs it in the thread that first uses the class, ordered by a lock the agent does not record: math3's FastMath$lnMant, whose loads two CDR runs with the same lock order split 987/991 same-thread); *NO* where nothing of this explains it (a recovery's fault). ")
                .append("CliDepsTest checks both recoveries against an oracle of their own run. ")
                .append("The recovery in steady state, each program at growing sizes (its fixed cost and its cost per dependence, ")
                .append("the recording cost and the sizes there): [ewpp-growth.md](ewpp-growth.md), `--growth` (on by default) or `--growth-only`.\n\n");
        MarkdownTable sizes = new MarkdownTable().left("program").right("CF+AT", "eCF", "eCF/(CF+AT)", "WPP+cAT seq", "eWPP seq", "ratio seq",
                "WPP+cAT enh", "eWPP enh", "ratio enh", "stored CDR", "stored eWPP", "ratio stored");
        double sumSeq = 0, sumEnh = 0, sumStored = 0;
        double sumDSeq = 0, sumDEnh = 0, sumDStored = 0;
        for (Row r : rows) {
            Sizes s = r.distanceSizes;
            double rs = (double) s.ecfSeq / (s.cfSeq + s.atSeq);
            double re = (double) s.ecfEnh / (s.cfEnh + s.atEnh);
            double rst = (double) s.ewpp.stored() / s.cdr.stored();
            sumDSeq += rs;
            sumDEnh += re;
            sumDStored += rst;
        }
        for (Row r : rows) {
            Sizes s = r.sizes;
            double rs = (double) s.ecfSeq / (s.cfSeq + s.atSeq);
            double re = (double) s.ecfEnh / (s.cfEnh + s.atEnh);
            double rst = (double) s.ewpp.stored() / s.cdr.stored();
            sumSeq += rs;
            sumEnh += re;
            sumStored += rst;
            sizes.row(r.p.name(), s.cf + s.at, s.ecf, f2((double) s.ecf / (s.cf + s.at)), s.cfSeq + s.atSeq, s.ecfSeq, f2(rs), s.cfEnh + s.atEnh,
                    s.ecfEnh, f2(re), s.cdr.stored(), s.ewpp.stored(), f2(rst));
            Sizes x = r.distanceSizes;
            sizes.row(r.p.name() + " (distance)", x.cf + x.at, x.ecf, f2((double) x.ecf / (x.cf + x.at)), x.cfSeq + x.atSeq, x.ecfSeq,
                    f2((double) x.ecfSeq / (x.cfSeq + x.atSeq)), x.cfEnh + x.atEnh, x.ecfEnh, f2((double) x.ecfEnh / (x.cfEnh + x.atEnh)),
                    x.cdr.stored(), x.ewpp.stored(), f2((double) x.ewpp.stored() / x.cdr.stored()));
        }
        sb.append("## Sizes (Tables IV–VI)\n\n");
        sizes.appendTo(sb);
        int n = rows.size();
        sb.append(String.format(Locale.ROOT, "%nAverage ratio, search signature (the paper's): SEQUITUR %.2f, enhanced %.2f, stored %.2f; "
                + "distance signature: SEQUITUR %.2f, enhanced %.2f, stored %.2f (target ≤ 0.30 on average, < 1 everywhere).%n",
                sumSeq / n, sumEnh / n, sumStored / n, sumDSeq / n, sumDEnh / n, sumDStored / n));
        MarkdownTable parts = new MarkdownTable().left("program").right("stored CDR addresses", "stored checks", "other thread %",
                "checks seq", "of which alphabet", "checks seq, CROSS as deltas", "of which alphabet", "seq / deltas");
        for (Row r : rows) {
            for (boolean distance : new boolean[] {false, true}) {
                Sizes z = distance ? r.distanceSizes : r.sizes;
                CheckParts c = z.checks();
                EwppRecovery.Stats st = r.stats;
                parts.row(r.p.name() + (distance ? " (distance)" : ""), z.cdr.data(), z.ewpp.data(), f2(100.0 * st.crossThread() / Math.max(1, st.loads())),
                        c.seq() + c.seqAlphabet(), c.seqAlphabet(), c.crossDelta() + c.crossDeltaAlphabet(), c.crossDeltaAlphabet(),
                        f2((double) (c.seq() + c.seqAlphabet()) / (c.crossDelta() + c.crossDeltaAlphabet())));
            }
        }
        sb.append("\n### Why the stored eWPP is larger than the stored CDR: the check stream\n\n")
                .append("The stored CDR's address streams are Diff∘RLE∘SEQ per instruction (a strided sweep is a few runs); the eWPP's check ")
                .append("stream is one SEQUITUR grammar per thread, whose symbols are (tag, value) pairs. *checks seq*: that stream as a SEQUITUR ")
                .append("grammar, varint-coded, plus ").append(ALPHABET_ENTRY).append(" bytes per distinct symbol (*of which alphabet*); ")
                .append("*CROSS as deltas*: the same with each other-thread record's store number replaced by its difference to the previous ")
                .append("one of the same writer in the thread (a what-if, not a format). *other thread %*: the loads signed CROSS (the ")
                .append("search-signature run's). The stored sizes are range-coded, so they are smaller than *checks seq*.\n\n");
        parts.appendTo(sb);
        sb.append(breakdown(rows));
        sb.append(reduction(rows));
        MarkdownTable types = new MarkdownTable().left("program").right("loads", "no-cost %", "last-instance %", "searched %", "other thread %",
                "no writer %", "explicit", "evicted", "checks/dep binary", "checks/dep linear");
        for (Row r : rows) {
            EwppRecovery.Stats s = r.stats;
            double l = Math.max(1, s.loads());
            types.row(r.p.name(), s.loads(), f2(100 * s.noCost() / l), f2(100 * s.lastInstance() / l), f2(100 * s.searched() / l),
                    f2(100 * s.crossThread() / l), f2(100 * s.noWriter() / l), s.explicit(), s.evicted(), f2(s.binaryChecksPerDependence()), f2(s.linearChecksPerDependence()));
        }
        sb.append("## Dependence types and checks (Tables VIII, IX)\n\n");
        types.appendTo(sb);
        MarkdownTable time = new MarkdownTable().left("program").right("plain s", "CDR s", "eWPP s", "eWPP/CDR", "eWPP dist s", "filter s",
                "recover eWPP s", "recover dist s", "recover AT s", "AT/eWPP", "dependences", "same");
        MarkdownTable full = new MarkdownTable().left("program").right("cold counted s", "cold expanded s", "cold AT s", "cold AT/counted",
                "cold AT/expanded", "warm counted s", "warm expanded s", "warm dist counted s", "warm AT s", "warm AT/counted", "warm AT/expanded",
                "warm AT/dist counted", "min counted s", "min expanded s", "min dist counted s", "min AT s", "min AT/counted", "min AT/expanded",
                "min AT/dist counted", "cold walk s", "cold AT/walk", "warm walk s", "warm AT/walk", "min walk s", "min AT/walk",
                "CPU counted s", "CPU dist counted s", "CPU AT s", "CPU AT/counted", "CPU AT/dist counted");
        double sumCost = 0, sumRec = 0, sumColdX = 0, sumWarm = 0, sumWarmX = 0, sumWarmD = 0, sumMin = 0, sumMinX = 0, sumMinD = 0;
        double sumColdW = 0, sumWarmW = 0, sumMinW = 0, sumCpu = 0, sumCpuD = 0;
        // Programs whose warm AT/eWPP reaches the target: the average hides that one program can carry it.
        int tenWarm = 0, tenWarmD = 0, tenMin = 0, tenMinD = 0, tenCpu = 0, tenCpuD = 0;
        for (Row r : rows) {
            sumCost += r.ewpp / r.cdr;
            sumRec += r.recoverAt / r.recoverEwpp;
            time.row(r.p.name(), f2(r.plain), f2(r.cdr), f2(r.ewpp), f2(r.ewpp / r.cdr), f2(r.ewppDistance), f2(r.filter), f2(r.recoverEwpp),
                    f2(r.recoverDistance), f2(r.recoverAt), f2(r.recoverAt / r.recoverEwpp), r.deps, r.sameCell());
            Full f = r.full;
            sumColdX += r.recoverAt / f.coldExpand();
            sumWarm += f.at().median() / f.counts().median();
            sumWarmX += f.at().median() / f.expand().median();
            sumWarmD += f.at().median() / f.distance().median();
            sumMin += f.at().min() / f.counts().min();
            sumMinX += f.at().min() / f.expand().min();
            sumMinD += f.at().min() / f.distance().min();
            sumColdW += r.recoverAt / f.coldWalk();
            sumWarmW += f.at().median() / f.walk().median();
            sumMinW += f.at().min() / f.walk().min();
            if (f.at().median() >= TARGET * f.counts().median()) tenWarm++;
            if (f.at().median() >= TARGET * f.distance().median()) tenWarmD++;
            if (f.at().min() >= TARGET * f.counts().min()) tenMin++;
            if (f.at().min() >= TARGET * f.distance().min()) tenMinD++;
            sumCpu += f.at().cpu() / f.counts().cpu();
            sumCpuD += f.at().cpu() / f.distance().cpu();
            if (f.at().cpu() >= TARGET * f.counts().cpu()) tenCpu++;
            if (f.at().cpu() >= TARGET * f.distance().cpu()) tenCpuD++;
            full.row(r.p.name(), f3(r.recoverEwpp), f3(f.coldExpand()), f3(r.recoverAt), f2(r.recoverAt / r.recoverEwpp), f2(r.recoverAt / f.coldExpand()),
                    f4(f.counts().median()), f4(f.expand().median()), f4(f.distance().median()), f4(f.at().median()),
                    f2(f.at().median() / f.counts().median()), f2(f.at().median() / f.expand().median()), f2(f.at().median() / f.distance().median()),
                    f4(f.counts().min()), f4(f.expand().min()), f4(f.distance().min()), f4(f.at().min()),
                    f2(f.at().min() / f.counts().min()), f2(f.at().min() / f.expand().min()), f2(f.at().min() / f.distance().min()),
                    f3(f.coldWalk()), f2(r.recoverAt / f.coldWalk()), f4(f.walk().median()), f2(f.at().median() / f.walk().median()),
                    f4(f.walk().min()), f2(f.at().min() / f.walk().min()),
                    f4(f.counts().cpu()), f4(f.distance().cpu()), f4(f.at().cpu()), f2(f.at().cpu() / f.counts().cpu()), f2(f.at().cpu() / f.distance().cpu()));
        }
        sb.append("\n## Recording and recovery time (Tables X, XI)\n\n")
                .append("*recover*: open the file and recover every edge with its count, medians over the reps; on the eWPPs counted ")
                .append("(`deps`'s default, EwppCounts: from trace format 9 on the check grammar, whose heads name their load; the search's steps and TS lists not read).\n\n");
        time.appendTo(sb);
        sb.append(String.format(Locale.ROOT, "%nAverage eWPP/CDR recording time %.2f (target ≤ 3); average recovery speed-up of the eWPP over the address trace %.2f× (target ≥ 10×).%n",
                sumCost / n, sumRec / n));
        sb.append("\n### Full recovery, counted vs expanded, cold vs warm\n\n")
                .append("Every edge with its count from the eWPP (search signature) three ways, in the same run: *counted* per (load, signature) pair ")
                .append("without timestamps (`deps`, EwppCounts: from trace format 9 on the check grammar, whose heads name their load), *walk* the same ")
                .append("by the walk pairing each load with its group (how a format-8 trace is counted; `deps`'s default in session 34; it still ")
                .append("resolves CROSS loads one select at a time, EwppQuery.resolveCrosses, where *counted* shares one lookup per writer, so ")
                .append("counted/walk measures both changes together), *expanded* with every timestamp (`deps --expand`, EwppRecovery: the default ")
                .append("before session 33); and from the CDR trace (AT). *cold*: open the file as `deps` does (from session 47 an eWPP's thread ")
                .append("chunks CRC-checked at open and decoded as the recovery reads them) and recover, in this JVM, medians over the reps; *warm*: ")
                .append("the recovery alone on a trace opened once, after ").append(WARMUP).append(" untimed runs, median of ").append(WARM_REPS)
                .append(" (its summaries, EwppIndex: the filter, the chunks' load summaries, the check grammars' terminal counts; and its sync order's happens-before, CrossThreadOrder: both built by the first run and shared, as by the queries of one opened trace; session 40 built the index inside each run, see *Summaries per run*); *min*: the fastest of those ").append(WARM_REPS)
                .append(" (the run least disturbed on a loaded machine). *dist counted*: the distance-signature eWPP, counted. *CPU*: the median ")
                .append("CPU time of the recovering thread over the same warm runs (a run of milliseconds waits for a core on a loaded machine; ")
                .append("its CPU time does not: recovery is single-threaded, the garbage collector's threads are not counted).\n\n");
        full.appendTo(sb);
        sb.append(String.format(Locale.ROOT, "%nAverage AT/eWPP, full recovery: cold counted %.2f×, cold expanded %.2f×, cold walk %.2f×; warm (median) counted %.2f×, "
                + "expanded %.2f×, distance counted %.2f×, walk %.2f×; warm (min) counted %.2f×, expanded %.2f×, distance counted %.2f×, walk %.2f× (target ≥ 10×).%n",
                sumRec / n, sumColdX / n, sumColdW / n, sumWarm / n, sumWarmX / n, sumWarmD / n, sumWarmW / n, sumMin / n, sumMinX / n, sumMinD / n, sumMinW / n));
        sb.append(String.format(Locale.ROOT, "Programs at ≥ %.0f× AT/eWPP: warm median counted %d of %d, distance counted %d of %d; "
                + "warm min counted %d of %d, distance counted %d of %d (the medians are the figures to quote: the minimum is one run of %d).%n",
                TARGET, tenWarm, rows.size(), tenWarmD, rows.size(), tenMin, rows.size(), tenMinD, rows.size(), WARM_REPS));
        sb.append(String.format(Locale.ROOT, "Warm, CPU time (median): AT/eWPP counted %.2f×, distance counted %.2f×; at ≥ %.0f×: counted %d of %d, distance counted %d of %d.%n",
                sumCpu / n, sumCpuD / n, TARGET, tenCpu, rows.size(), tenCpuD, rows.size()));
        coldCpu(rows, sb);
        sharedOrder(rows, sb);
        sb.append(FreshJvmDeps.section(rows.stream().map(r -> r.p.name()).toList(), rows.stream().map(Row::fresh).toList(), reps));
        MarkdownTable q = new MarkdownTable().left("program").right("queries", "eWPP s/query", "AT s/query", "AT/eWPP", "hottest load's count",
                "hottest eWPP s", "hottest AT s", "hottest AT/eWPP", "cold eWPP s", "cold AT s", "cold AT/eWPP", "same");
        double sumQ = 0, sumCold = 0, sumEach = 0;
        for (Row r : rows) {
            Queries x = r.queries;
            sumEach += x.ratioMean();
            sumQ += x.atMean() / x.ewppMean();
            sumCold += x.atColdMean() / x.ewppColdMean();
            q.row(r.p.name(), x.n(), f4(x.ewppMean()), f4(x.atMean()),
                    f2(x.atMean() / x.ewppMean()), x.hottestCount(), f4(x.ewppHottest()),
                    f4(x.atHottest()), f2(x.atHottest() / x.ewppHottest()),
                    f4(x.ewppColdMean()), f4(x.atColdMean()),
                    f2(x.atColdMean() / x.ewppColdMean()), x.same() ? "yes" : "NO");
        }
        sb.append("\n## Recovery per query (Table XI, one load at a time)\n\n")
                .append("`deps --to L` for ").append(QUERIES).append(" loads per program (the hottest by dependence count, then loads at the quartiles ")
                .append("of the ranking down to the coldest), in-process, medians over the reps. Per query: the query again on a trace the first ")
                .append("query opened and decoded (recovery alone, as the paper's Table XI, whose decompression is Table XII apart); *cold*: opening the ")
                .append("file and the first query (decoding the grammars and building the query-independent summaries, EwppIndex, included). ")
                .append("Every query ran once on both traces before the timing (untimed): the address-trace query is the full recovery's code, ")
                .append("compiled by the runs above, the grammar walk's would otherwise be timed interpreted. On the eWPP the grammar ")
                .append("walk (EwppQuery: only the rules holding L's instances are entered), on the CDR trace the address-trace replay (the hash ")
                .append("table needs every store before the load, so a query costs a whole replay). *same*: both gave the same edges for every query.\n\n");
        q.appendTo(sb);
        sb.append(String.format(Locale.ROOT, "%nAverage per-query speed-up of the eWPP over the address trace %.2f× on an open trace "
                + "(per program the ratio of the mean times, then the mean over programs), %.2f× cold (target ≥ 10×); the mean over programs "
                + "of each program's mean per-query ratio (every query weighs the same, not by its time): %.2f×.%n", sumQ / n, sumCold / n, sumEach / n));
        MarkdownTable dec = new MarkdownTable().left("program").right("CDR s", "eWPP s", "eWPP/CDR");
        for (Row r : rows) dec.row(r.p.name(), f3(r.expandCdr), f3(r.expandEwpp),
                f2(r.expandEwpp / r.expandCdr));
        sb.append("\n## Decompression (Table XII)\n\n")
                .append("The time to open a trace and expand what recovery reads, in-process, medians over the reps: a CDR trace's events with ")
                .append("their addresses (control WPP and Diff∘RLE∘SEQ address streams, the reader's event iterator); an eWPP's control WPP and ")
                .append("check stream, symbol by symbol.\n\n");
        dec.appendTo(sb);
        return sb.toString();
    }

    /**
     * Which bytes of each file dominate: per section kind, as stored (with the sections' codec):
     * the control WPP, the address streams (CDR) or check stream (eWPP), the SYMBOLS sections (the
     * per-thread alphabets: CDR's address runs, the eWPP's check symbols), and the rest (code map,
     * properties with the filter, sync order and counts, framing), which both files share in kind.
     */
    private static String breakdown(List<Row> rows) {
        StringBuilder sb = new StringBuilder("\n### Which bytes of the files dominate\n\n")
                .append("Bytes per part of each file as stored: the control WPP, the address streams (CDR) or the check stream (eWPP), the ")
                .append("SYMBOLS sections (per-thread alphabets: CDR's address runs, the eWPP's check symbols; from trace format 8 the check ")
                .append("symbols are coded as per-tag differences), and the rest (code map, properties with the filter, sync order and ")
                .append("counts, clock samples, framing: alike in kind in both files). *streams*: WPP + addresses/checks + symbols, what the ")
                .append("two representations differ in.\n\n");
        partsTable(rows, false, sb);
        sb.append("\nThe same files re-packed with the best codec (`Codec.BEST`: " + Codec.BEST_DESCRIPTION + ", as `wholetrace ")
                .append("recompress` does). The recorder seals chunks with the fast codec, which falls back from xz to zlib when xz ")
                .append("is slow, so on a loaded machine the sealed sizes above depend on the load (and the clock samples in the rest ")
                .append("with how long threads wait); re-packed, they do not.\n\n");
        partsTable(rows, true, sb);
        return sb.toString();
    }

    /** The parts of each program's CDR and eWPP files, sealed or re-packed, and the average eWPP/CDR ratios. */
    private static void partsTable(List<Row> rows, boolean repacked, StringBuilder sb) {
        MarkdownTable t = new MarkdownTable().left("program").right("CDR file", "CDR WPP", "CDR addresses", "CDR symbols", "CDR rest",
                "eWPP file", "eWPP WPP", "eWPP checks", "eWPP symbols", "eWPP rest", "ratio file", "ratio streams");
        double[] sumFile = new double[2];
        double[] sumStreams = new double[2];
        for (Row r : rows) {
            for (boolean distance : new boolean[] {false, true}) {
                Sizes z = distance ? r.distanceSizes : r.sizes;
                FileParts c = repacked ? z.cdrBest() : z.cdr();
                FileParts e = repacked ? z.ewppBest() : z.ewpp();
                double file = (double) e.file() / c.file();
                double streams = (double) e.streams() / c.streams();
                sumFile[distance ? 1 : 0] += file;
                sumStreams[distance ? 1 : 0] += streams;
                t.row(r.p.name() + (distance ? " (distance)" : ""), c.file(), c.wpp(), c.data(), c.symbols(), c.file() - c.streams(),
                        e.file(), e.wpp(), e.data(), e.symbols(), e.file() - e.streams(), f2(file), f2(streams));
            }
        }
        t.appendTo(sb);
        int n = rows.size();
        sb.append(String.format(Locale.ROOT, "%nAverage eWPP/CDR%s: file search %.2f, distance %.2f; streams search %.2f, distance %.2f.%n",
                repacked ? " re-packed" : " as sealed", sumFile[0] / n, sumFile[1] / n, sumStreams[0] / n, sumStreams[1] / n));
    }

    private static String csv(List<Row> rows) {
        StringBuilder sb = new StringBuilder("program,cf,at,ecf,cf_seq,at_seq,ecf_seq,cf_enh,at_enh,ecf_enh,cdr_wpp,cdr_data,ewpp_wpp,ewpp_checks,cdr_file,ewpp_file,cdr_symbols,ewpp_symbols,"
                + "cdr_best_file,cdr_best_wpp,cdr_best_data,cdr_best_symbols,ewpp_best_file,ewpp_best_wpp,ewpp_best_checks,ewpp_best_symbols,"
                + "loads,no_cost,last_instance,searched,cross_thread,no_writer,explicit,search_steps,linear_steps,plain_s,cdr_s,ewpp_s,filter_s,recover_ewpp_s,recover_at_s,dependences,same,"
                + "evicted,query_ewpp_s,query_at_s,query_hottest_ewpp_s,query_hottest_at_s,expand_cdr_s,expand_ewpp_s,"
                + "recover_expanded_s,warm_counted_s,warm_expanded_s,warm_at_s,warm_distance_counted_s,min_counted_s,min_expanded_s,min_at_s,"
                + "min_distance_counted_s,recover_walk_s,warm_walk_s,min_walk_s,cpu_counted_s,cpu_distance_counted_s,cpu_at_s,"
                + "cpu_counted_hb_per_run_s,cpu_at_hb_per_run_s,fresh_main_ewpp_s,fresh_main_at_s,fresh_process_cpu_ewpp_s,fresh_process_cpu_at_s\n");
        for (Row r : rows) {
            Sizes s = r.sizes;
            EwppRecovery.Stats t = r.stats;
            sb.append(String.join(",", r.p.name(), "" + s.cf, "" + s.at, "" + s.ecf, "" + s.cfSeq, "" + s.atSeq, "" + s.ecfSeq, "" + s.cfEnh, "" + s.atEnh,
                    "" + s.ecfEnh, "" + s.cdr.wpp(), "" + s.cdr.data(), "" + s.ewpp.wpp(), "" + s.ewpp.data(), "" + s.cdr.file(), "" + s.ewpp.file(), "" + s.cdr.symbols(), "" + s.ewpp.symbols(),
                    "" + s.cdrBest.file(), "" + s.cdrBest.wpp(), "" + s.cdrBest.data(), "" + s.cdrBest.symbols(), "" + s.ewppBest.file(),
                    "" + s.ewppBest.wpp(), "" + s.ewppBest.data(), "" + s.ewppBest.symbols(), "" + t.loads(),
                    "" + t.noCost(), "" + t.lastInstance(), "" + t.searched(), "" + t.crossThread(), "" + t.noWriter(), "" + t.explicit(),
                    "" + t.searchSteps(), "" + t.linearSteps(), f2(r.plain), f2(r.cdr), f2(r.ewpp), f2(r.filter), f4(r.recoverEwpp),
                    f4(r.recoverAt), "" + r.deps, "" + r.same, "" + t.evicted(),
                    String.format(Locale.ROOT, "%.5f", r.queries.ewppMean()), String.format(Locale.ROOT, "%.5f", r.queries.atMean()),
                    String.format(Locale.ROOT, "%.5f", r.queries.ewppHottest()), String.format(Locale.ROOT, "%.5f", r.queries.atHottest()),
                    f4(r.expandCdr), f4(r.expandEwpp),
                    f4(r.full.coldExpand()), f4(r.full.counts().median()), f4(r.full.expand().median()), f4(r.full.at().median()),
                    f4(r.full.distance().median()), f4(r.full.counts().min()), f4(r.full.expand().min()), f4(r.full.at().min()),
                    f4(r.full.distance().min()), f4(r.full.coldWalk()), f4(r.full.walk().median()), f4(r.full.walk().min()),
                    f4(r.full.counts().cpu()), f4(r.full.distance().cpu()), f4(r.full.at().cpu()),
                    f4(r.full.countsPerRun().cpu()), f4(r.full.atPerRun().cpu()), f4(r.fresh.ewpp().inProcess()), f4(r.fresh.at().inProcess()),
                    f4(r.fresh.ewpp().processCpu()), f4(r.fresh.at().processCpu()))).append('\n');
        }
        return sb.toString();
    }
}
