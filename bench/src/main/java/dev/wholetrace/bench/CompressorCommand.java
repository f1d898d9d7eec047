package dev.wholetrace.bench;

import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.importers.TraceCompressor;
import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.address.DiffRleEncoder;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.synthetic.ControlFlowTrace;
import dev.wholetrace.synthetic.GridSweep;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench compressor}: grammar compression against the general-purpose compressors on real
 * lackey traces, a synthetic control-flow trace, sub-grid address sweeps and random symbols. This
 * class picks the inputs, warms the JIT up and writes the report; each input group is measured by
 * its own class ({@link LackeyMeasurement}, {@link ControlFlowMeasurement}, {@link GridMeasurement},
 * {@link RandomMeasurement}) with the shared {@link GrammarMeasures}, and the general-purpose
 * compressors run in {@link GeneralPurposeRuns}.
 */
@Command(name = "compressor", mixinStandardHelpOptions = true,
        description = {"Benchmarks SEQUITUR grammar compression (build/expansion rate, memory, .wgr size) against "
                + "gzip -9, bzip2 -9, xz -9 and zstd -19 on the same raw input, and writes compressor.md, "
                + "compressor.csv and plots to the output directory.",
                "Inputs: (a) valgrind lackey traces of ordinary programs (generated into the work directory), "
                        + "(b) a synthetic control-flow trace at 10^7 and 10^9 symbols, (c) sub-grid address sweeps "
                        + "(SEQUITUR vs Diff-RLE-SEQ), (d) uniform random u32 symbols."})
final class CompressorCommand implements Callable<Integer> {
    @Option(names = "--quick", description = "Small inputs only (well under 2 minutes).")
    boolean quick;

    @Option(names = "--out", defaultValue = "docs/results", description = "Where compressor.md/.csv/.png go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--work", defaultValue = "bench/work", description = "Generated traces and scratch files (default: ${DEFAULT-VALUE}).")
    Path work;

    @Option(names = "--threads", description = "Threads for the general-purpose compressors (default: number of cores).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--only", description = "Only inputs whose name matches this regex (partial report; for development).")
    String only;

    @Option(names = "--no-general-purpose", description = "Skip gzip/bzip2/xz/zstd (partial report; for development).")
    boolean noGeneralPurpose;

    private final Log log = new Log();

    @Override
    public Integer call() throws Exception {
        work = work.toAbsolutePath().normalize();
        Files.createDirectories(out);
        Files.createDirectories(work);
        Machine machine = Machine.describe();
        log.info("bench compressor (%s) on %s", quick ? "quick" : "full", machine.summary());
        GrammarMeasures measures = new GrammarMeasures(log, work, GrammarAlgorithm.DEFAULT);
        long small = quick ? 100_000L : 10_000_000L;
        long large = quick ? 10_000_000L : 1_000_000_000L;
        LackeyMeasurement lackey = new LackeyMeasurement(measures);
        ControlFlowMeasurement controlFlow = new ControlFlowMeasurement(measures, quick, small);
        GridMeasurement grid = new GridMeasurement(measures);
        RandomMeasurement random = new RandomMeasurement(measures);

        List<LackeyTraces.Spec> specs = new ArrayList<>(LackeyTraces.specs(quick, work));
        specs.removeIf(s -> !selected(s.name() + (s.format() == InputFormat.LACKEY_SB ? "-sb" : "-mem")));
        List<LackeyTraces.Spec> warm = LackeyTraces.warmups(work);
        List<LackeyTraces.Spec> all = new ArrayList<>(warm);
        all.addAll(specs);
        LackeyTraces.generate(all, work, log);

        warmUp(measures, lackey, warm);

        List<Result> results = new ArrayList<>();
        CpuMeter.Sample phase = CpuMeter.now();
        for (LackeyTraces.Spec s : specs) measured(results, () -> List.of(lackey.run(s)));

        Result cfSmall = null;
        Result cfLarge = null;
        if (selected("cf-" + label(small))) cfSmall = measured(results, () -> List.of(controlFlow.run(small))).get(0);
        if (selected("cf-" + label(large))) cfLarge = measured(results, () -> List.of(controlFlow.run(large))).get(0);

        int side = quick ? 128 : 512;
        int outer = 4;
        if (selected("grid-interior")) measured(results, () -> grid.run("grid-interior", side, outer, false));
        if (selected("grid-tiles")) measured(results, () -> grid.run("grid-tiles", side, outer, true));

        long nRandom = quick ? 200_000L : 4_000_000L;
        if (selected("random-u16")) measured(results, () -> List.of(random.run("random-u16", nRandom, 16)));
        if (selected("random-u31")) measured(results, () -> List.of(random.run("random-u31", nRandom, 31)));
        double grammarLoad = CpuMeter.otherCores(phase, CpuMeter.now());
        log.info("grammar measurements done; other processes kept %.2f cores busy meanwhile", grammarLoad);

        phase = CpuMeter.now();
        if (!noGeneralPurpose) GeneralPurposeRuns.run(results, threads, log);
        double gpLoad = noGeneralPurpose ? Double.NaN : CpuMeter.otherCores(phase, CpuMeter.now());

        double scaling = cfSmall != null && cfLarge != null ? cfLarge.buildRate / cfSmall.buildRate : Double.NaN;
        Report report = new Report(machine, quick, results, scaling, small, large, log.elapsed(), threads, grammarLoad, gpLoad);
        report.write(out, log);
        System.out.println(report.markdown());
        log.info("done in %.1f s; wrote %s", log.elapsed(), out);
        return 0;
    }

    interface Measurement {
        List<Result> run() throws Exception;
    }

    /** Runs one input's measurements, noting how busy the rest of the machine was meanwhile. */
    private List<Result> measured(List<Result> results, Measurement m) throws Exception {
        CpuMeter.Sample a = CpuMeter.now();
        List<Result> rs = m.run();
        double load = CpuMeter.otherCores(a, CpuMeter.now());
        for (Result r : rs) r.otherLoad = load;
        if (load > 0.25) log.info("  note: other processes kept %.2f cores busy during this measurement", load);
        results.addAll(rs);
        return rs;
    }

    private boolean selected(String name) {
        return only == null || Pattern.compile(only).matcher(name).find();
    }

    static String label(long n) {
        long p = 1;
        int e = 0;
        while (p < n) {
            p *= 10;
            e++;
        }
        return p == n ? "1e" + e : Long.toString(n);
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /** Runs every code path the measurements take on separate small inputs, three times, so the JIT has compiled them. */
    private void warmUp(GrammarMeasures m, LackeyMeasurement lackey, List<LackeyTraces.Spec> warm) throws IOException {
        log.info("warming up the JIT on separate small inputs");
        for (int rep = 0; rep < 3; rep++) {
            for (LackeyTraces.Spec s : warm) {
                CompressedTrace t = TraceCompressor.compressFile(work.resolve(s.fileName()), s.format(), m.grammars, b -> {});
                lackey.parseOnly(work.resolve(s.fileName()));
                m.blackhole += m.expandRate(t.control(), 1) > 0 ? 1 : 0;
                t.expandTo(OutputStream.nullOutputStream());
                m.blackhole += t.toPayload().length;
            }
            GrammarBuilder g = m.newBuilder();
            ControlFlowTrace cf = new ControlFlowTrace(GrammarMeasures.SEED + 1);
            m.appendTimed(g, cf::fill, 2_000_000, "warm-up");
            m.blackhole += m.expandRate(g.toGrammar(), 1) > 0 ? 1 : 0;
            TraceCompressor c = new TraceCompressor(InputFormat.U32, m.grammars);
            SplittableRandom r = new SplittableRandom(GrammarMeasures.SEED + 2);
            for (int i = 0; i < 300_000; i++) c.value(r.nextInt(1 << 16));
            m.blackhole += c.finish().toPayload().length;
            Alphabet runs = new Alphabet();
            DiffRleEncoder enc = new DiffRleEncoder(runs, m.newBuilder());
            GrammarBuilder raw = m.newBuilder();
            Alphabet addresses = new Alphabet();
            GridSweep sweep = new GridSweep(64, 3, false);
            long[] buf = new long[4096];
            for (int n; (n = sweep.fill(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    enc.append(buf[i]);
                    raw.append(addresses.idOf(buf[i]));
                }
            }
            enc.finish();
            DiffRleDecoder d = new DiffRleDecoder(enc.grammar().toGrammar(), runs);
            while (d.hasNext()) m.blackhole += d.nextLong();
            m.blackhole += raw.toGrammar().symbolCount();
        }
    }
}
