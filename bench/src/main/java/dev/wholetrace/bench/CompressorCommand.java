package dev.wholetrace.bench;

import dev.wholetrace.synthetic.ControlFlowTrace;
import dev.wholetrace.synthetic.GridSweep;
import dev.wholetrace.cli.baseline.GeneralPurpose;
import dev.wholetrace.cli.baseline.GeneralPurpose.ByteSource;
import dev.wholetrace.bench.Result.RawForm;
import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.address.DiffRleEncoder;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.grammar.SequiturGrammar;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.importers.LackeyParser;
import dev.wholetrace.importers.TraceCompressor;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.GrammarFile;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.util.Alphabet;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench compressor}: grammar compression against the general-purpose compressors on real
 * lackey traces, a synthetic control-flow trace, sub-grid address sweeps and random symbols.
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
    private long blackhole;

    static final long SEED = 0x5EED_1234_ABCDL;

    @Override
    public Integer call() throws Exception {
        work = work.toAbsolutePath().normalize();
        Files.createDirectories(out);
        Files.createDirectories(work);
        Machine machine = Machine.describe();
        log.info("bench compressor (%s) on %s", quick ? "quick" : "full", machine.summary());

        List<LackeyTraces.Spec> specs = new ArrayList<>(LackeyTraces.specs(quick, work));
        specs.removeIf(s -> !selected(s.name() + (s.format() == InputFormat.LACKEY_SB ? "-sb" : "-mem")));
        List<LackeyTraces.Spec> warm = LackeyTraces.warmups(work);
        List<LackeyTraces.Spec> all = new ArrayList<>(warm);
        all.addAll(specs);
        LackeyTraces.generate(all, work, log);

        warmUp(warm);

        List<Result> results = new ArrayList<>();
        CpuMeter.Sample phase = CpuMeter.now();
        for (LackeyTraces.Spec s : specs) measured(results, () -> List.of(lackey(s)));

        small = quick ? 100_000L : 10_000_000L;
        large = quick ? 10_000_000L : 1_000_000_000L;
        Result cfSmall = null;
        Result cfLarge = null;
        if (selected("cf-" + label(small))) cfSmall = measured(results, () -> List.of(controlFlow(small))).get(0);
        if (selected("cf-" + label(large))) cfLarge = measured(results, () -> List.of(controlFlow(large))).get(0);

        int side = quick ? 128 : 512;
        int outer = 4;
        if (selected("grid-interior")) measured(results, () -> grid("grid-interior", side, outer, false));
        if (selected("grid-tiles")) measured(results, () -> grid("grid-tiles", side, outer, true));

        long nRandom = quick ? 200_000L : 4_000_000L;
        if (selected("random-u16")) measured(results, () -> List.of(random("random-u16", nRandom, 16)));
        if (selected("random-u31")) measured(results, () -> List.of(random("random-u31", nRandom, 31)));
        double grammarLoad = CpuMeter.otherCores(phase, CpuMeter.now());
        log.info("grammar measurements done; other processes kept %.2f cores busy meanwhile", grammarLoad);

        phase = CpuMeter.now();
        if (!noGeneralPurpose) generalPurpose(results);
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

    // ---- warm-up ------------------------------------------------------------------------------

    private void warmUp(List<LackeyTraces.Spec> warm) throws IOException {
        log.info("warming up the JIT on separate small inputs");
        for (int rep = 0; rep < 3; rep++) {
            for (LackeyTraces.Spec s : warm) {
                CompressedTrace t = TraceCompressor.compressFile(work.resolve(s.fileName()), s.format(), b -> {});
                parseOnly(work.resolve(s.fileName()));
                blackhole += expandRate(t.control(), 1) > 0 ? 1 : 0;
                t.expandTo(OutputStream.nullOutputStream());
                blackhole += t.toPayload().length;
            }
            SequiturGrammar g = new SequiturGrammar(1 << 12);
            ControlFlowTrace cf = new ControlFlowTrace(SEED + 1);
            appendTimed(g, cf::fill, 2_000_000, "warm-up");
            blackhole += expandRate(g.toGrammar(), 1) > 0 ? 1 : 0;
            TraceCompressor c = new TraceCompressor(InputFormat.U32);
            SplittableRandom r = new SplittableRandom(SEED + 2);
            for (int i = 0; i < 300_000; i++) c.value(r.nextInt(1 << 16));
            blackhole += c.finish().toPayload().length;
            Alphabet runs = new Alphabet();
            DiffRleEncoder enc = new DiffRleEncoder(runs, new SequiturGrammar(1 << 12));
            SequiturGrammar raw = new SequiturGrammar(1 << 12);
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
            while (d.hasNext()) blackhole += d.nextLong();
            blackhole += raw.toGrammar().symbolCount();
        }
    }

    // ---- (a) lackey traces ---------------------------------------------------------------------

    private Result lackey(LackeyTraces.Spec s) throws IOException {
        Path text = work.resolve(s.fileName());
        long textBytes = Files.size(text);
        String kind = s.format() == InputFormat.LACKEY_SB ? "sb" : "mem";
        String name = s.name() + "-" + kind;
        Result r = new Result("a", name, "lackey " + (kind.equals("sb") ? "--trace-superblocks" : "--trace-mem") + ": " + s.description());
        log.info("(a) %s: %.1f MB of lackey text", name, textBytes / 1e6);

        long lines = 0;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(text), 1 << 16)) {
            ChecksumSink probe = new ChecksumSink();
            lines = new LackeyParser().parse(in, probe);
            blackhole += probe.sum;
        }
        int reps = lines <= 1_000_000 ? 5 : lines <= 5_000_000 ? 3 : 1;
        long t0;

        CompressedTrace trace = null;
        double[] seconds = new double[reps];
        for (int rep = 0; rep < reps; rep++) {
            trace = null;
            System.gc();
            final int repNo = rep;
            t0 = System.nanoTime();
            trace = TraceCompressor.compressFile(text, s.format(),
                    b -> log.progress("  %s build rep %d: %.0f%% of the text", name, repNo + 1, 100.0 * b / textBytes));
            seconds[rep] = (System.nanoTime() - t0) / 1e9;
        }
        r.symbols = trace.records();
        r.reps = reps;
        r.buildRate = r.symbols / median(seconds);

        // Parse-only passes: how much of the build time is the text parser.
        double[] parseSeconds = new double[reps];
        for (int rep = 0; rep < reps; rep++) parseSeconds[rep] = parseOnly(text);
        double parse = median(parseSeconds);

        // TraceCompressor.compressFile's body once more, to read the builder's peak footprint.
        System.gc();
        TraceCompressor c = new TraceCompressor(s.format());
        try (InputStream in = new BufferedInputStream(Files.newInputStream(text), 1 << 16)) {
            new LackeyParser().parse(in, c);
        }
        CompressedTrace again = c.finish();
        r.peakBytes = c.peakFootprintBytes();
        byte[] payload = trace.toPayload();
        boolean deterministic = Arrays.equals(payload, again.toPayload());
        again = null;
        c = null;

        r.grammarSymbols = trace.control().symbolCount();
        r.rules = trace.control().ruleCount();
        long streamSymbols = 0;
        long streamRules = 0;
        for (Grammar g : trace.streams()) {
            streamSymbols += g.symbolCount();
            streamRules += g.ruleCount();
        }
        r.grammarSymbols += streamSymbols;
        r.rules += streamRules;
        r.expandRate = expandRate(trace.control(), r.symbols < 10_000_000 ? 3 : 1);

        // expandTo writes the 13-byte binary records, which are also the binary raw form.
        Path bin = work.resolve(s.fileName() + ".bin13");
        t0 = System.nanoTime();
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(bin), 1 << 20)) {
            trace.expandTo(o);
        }
        double expandToSeconds = (System.nanoTime() - t0) / 1e9;
        boolean roundTrip = sameRecords(text, bin, r.symbols);

        long[] sizes = wgr(payload, name);
        r.wgrBest = sizes[0];
        r.wgrZstd = sizes[1];
        r.wgrXz = sizes[2];
        boolean decoded = sizes[3] == 1 && decodesTo(payload, trace);
        r.verified = roundTrip && decoded && deterministic ? "yes" : "NO";
        if (!roundTrip) log.info("  ROUND TRIP FAILED for %s", name);
        if (!decoded) log.info("  .wgr DECODE MISMATCH for %s", name);
        if (!deterministic) log.info("  NON-DETERMINISTIC payload for %s", name);

        r.extra.put("format", s.format().cliName);
        r.extra.put("text MB", String.format(Locale.ROOT, "%.1f", textBytes / 1e6));
        r.extra.put("parse-only rate (M rec/s)", Report.rate(r.symbols / parse));
        double rest = median(seconds) - parse;
        r.extra.put("build excl. parse (M rec/s)", rest > 0 ? Report.rate(r.symbols / rest) : "n/a");
        r.extra.put("expandTo rate (M rec/s)", Report.rate(r.symbols / expandToSeconds));
        r.extra.put("control grammar symbols", Report.count(trace.control().symbolCount()));
        r.extra.put("signatures", Report.count(trace.signatures().size()));
        r.extra.put("address streams", Report.count(trace.streams().size()));
        r.extra.put("stream grammar symbols", Report.count(streamSymbols));
        r.extra.put("run alphabet", Report.count(trace.runs().size()));
        r.extra.put("grammar depth", Integer.toString(trace.control().depth()));

        r.raws.add(new RawForm("lackey text", textBytes, ByteSource.file(text), null));
        r.raws.add(new RawForm("13-byte records", Files.size(bin), ByteSource.file(bin), null));
        log.info("  %s: %s records, %s grammar symbols, build %s M/s (median of %d), expand %s M/s, .wgr %s B, verified %s",
                name, Report.count(r.symbols), Report.count(r.grammarSymbols), Report.rate(r.buildRate), reps,
                Report.rate(r.expandRate), Report.count(r.wgrBest), r.verified);
        return r;
    }

    /** Seconds to parse the text into a sink that only checksums the records. */
    private double parseOnly(Path text) throws IOException {
        ChecksumSink sink = new ChecksumSink();
        long t0 = System.nanoTime();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(text), 1 << 16)) {
            new LackeyParser().parse(in, sink);
        }
        double s = (System.nanoTime() - t0) / 1e9;
        blackhole += sink.sum;
        return s;
    }

    static final class ChecksumSink implements dev.wholetrace.importers.LackeyRecord.Sink {
        long sum;

        @Override
        public void record(int kind, long address, int size) {
            sum += address ^ kind ^ size;
        }
    }

    /** Checks the 13-byte records that {@code expandTo} wrote against a fresh parse of the text. */
    private static boolean sameRecords(Path text, Path bin, long expected) throws IOException {
        try (InputStream b = new BufferedInputStream(Files.newInputStream(bin), 1 << 16);
             InputStream t = new BufferedInputStream(Files.newInputStream(text), 1 << 16)) {
            byte[] rec = new byte[13];
            ByteBuffer bb = ByteBuffer.wrap(rec).order(ByteOrder.LITTLE_ENDIAN);
            long[] count = {0};
            try {
                long n = new LackeyParser().parse(t, (kind, address, size) -> {
                    if (b.readNBytes(rec, 0, 13) != 13) throw new IOException("binary records end early");
                    if (rec[0] != kind || bb.getLong(1) != address || bb.getInt(9) != size) {
                        throw new IOException("record " + count[0] + " differs");
                    }
                    count[0]++;
                });
                return n == expected && count[0] == expected && b.read() < 0;
            } catch (IOException e) {
                return false;
            }
        }
    }

    private static boolean decodesTo(byte[] payload, CompressedTrace trace) {
        try {
            CompressedTrace back = CompressedTrace.fromPayload(payload);
            return back.records() == trace.records() && back.control().equals(trace.control())
                    && back.streams().equals(trace.streams());
        } catch (IOException e) {
            return false;
        }
    }

    // ---- (b) synthetic control flow ----------------------------------------------------------

    private long small;
    private long large;

    private Result controlFlow(long n) throws IOException {
        String name = "cf-" + label(n);
        Result r = new Result("b", name, "synthetic basic-block trace: main loop, 5 functions, nested loops, LCG branches");
        log.info("(b) %s: %s symbols generated on the fly", name, Report.count(n));
        int reps = n <= 1_000_000 ? 5 : n <= 20_000_000 ? 3 : 1;
        double[] seconds = new double[reps];
        SequiturGrammar g = null;
        for (int rep = 0; rep < reps; rep++) {
            g = null;
            System.gc();
            g = new SequiturGrammar(1 << 12);
            seconds[rep] = appendTimed(g, new ControlFlowTrace(SEED)::fill, n, name + " rep " + (rep + 1));
        }
        r.symbols = n;
        r.reps = reps;
        r.buildRate = n / median(seconds);
        r.peakBytes = g.peakFootprintBytes();
        long t0 = System.nanoTime();
        Grammar grammar = g.toGrammar();
        double freeze = (System.nanoTime() - t0) / 1e9;
        g = null;
        r.grammarSymbols = grammar.symbolCount();
        r.rules = grammar.ruleCount();
        r.expandRate = expandRate(grammar, n < 10_000_000 ? 3 : 1);

        Alphabet blocks = new Alphabet();
        for (int b = 0; b < ControlFlowTrace.ALPHABET; b++) blocks.idOf(b);
        CompressedTrace trace = new CompressedTrace(InputFormat.U32, n, blocks, grammar, new Alphabet(), List.of());
        byte[] payload = trace.toPayload();
        long[] sizes = wgr(payload, name);
        r.wgrBest = sizes[0];
        r.wgrZstd = sizes[1];
        r.wgrXz = sizes[2];
        boolean expands = sameInts(grammar, new ControlFlowTrace(SEED)::fill, n, name);
        boolean decoded = sizes[3] == 1 && decodesTo(payload, trace);
        r.verified = expands && decoded ? "yes" : "NO";
        r.extra.put("grammar depth", Integer.toString(grammar.depth()));
        r.extra.put("freeze (toGrammar) s", String.format(Locale.ROOT, "%.2f", freeze));
        if (n == small) {
            r.raws.add(new RawForm("u32 LE", 4 * n, intSource(() -> new ControlFlowTrace(SEED)::fill, n), null));
        } else {
            r.raws.add(new RawForm("u32 LE", 4 * n, null, quick
                    ? "not run in --quick (only on the " + label(small) + " size)"
                    : "not run on " + Report.count(4 * n) + " raw bytes: xz -9, zstd -19 and bzip2 -9 manage "
                            + "~1-3 MB/s on this data (see the " + label(small) + " row), i.e. about an hour each"));
        }
        log.info("  %s: %s grammar symbols, %s rules, build %s M/s (median of %d), expand %s M/s, .wgr %s B, verified %s",
                name, Report.count(r.grammarSymbols), Report.count(r.rules), Report.rate(r.buildRate), reps,
                Report.rate(r.expandRate), Report.count(r.wgrBest), r.verified);
        return r;
    }

    interface IntFill {
        void fill(int[] buf, int len);
    }

    /** Appends {@code n} generated symbols; returns the seconds spent in append only. */
    private double appendTimed(SequiturGrammar g, IntFill src, long n, String what) {
        int[] buf = new int[1 << 16];
        long done = 0;
        long nanos = 0;
        while (done < n) {
            int len = (int) Math.min(buf.length, n - done);
            src.fill(buf, len);
            long t0 = System.nanoTime();
            g.append(buf, 0, len);
            nanos += System.nanoTime() - t0;
            done += len;
            if (n >= 50_000_000) {
                log.progress("  %s: %.0f%% (%s M/s, %s grammar symbols)", what, 100.0 * done / n,
                        Report.rate(done / (nanos / 1e9)), Report.count(g.symbolCount()));
            }
        }
        return nanos / 1e9;
    }

    private boolean sameInts(Grammar grammar, IntFill src, long n, String what) {
        if (grammar.length() != n) return false;
        int[] a = new int[1 << 16];
        int[] b = new int[1 << 16];
        GrammarExpander ex = grammar.expander();
        long done = 0;
        while (done < n) {
            int len = (int) Math.min(a.length, n - done);
            src.fill(a, len);
            if (ex.read(b, 0, len) != len) return false;
            if (!Arrays.equals(a, 0, len, b, 0, len)) return false;
            done += len;
            if (n >= 50_000_000) log.progress("  %s: verified %.0f%%", what, 100.0 * done / n);
        }
        return !ex.hasNext();
    }

    interface IntFillFactory {
        IntFill create();
    }

    private static ByteSource intSource(IntFillFactory factory, long n) {
        return new ByteSource() {
            @Override
            public void writeTo(OutputStream out) throws IOException {
                IntFill src = factory.create();
                int[] ints = new int[1 << 14];
                ByteBuffer bytes = ByteBuffer.allocate(4 << 14).order(ByteOrder.LITTLE_ENDIAN);
                long done = 0;
                while (done < n) {
                    int len = (int) Math.min(ints.length, n - done);
                    src.fill(ints, len);
                    bytes.clear();
                    for (int i = 0; i < len; i++) bytes.putInt(ints[i]);
                    out.write(bytes.array(), 0, bytes.position());
                    done += len;
                }
            }

            @Override
            public long length() {
                return 4 * n;
            }
        };
    }

    // ---- (c) sub-grid sweeps -------------------------------------------------------------------

    private List<Result> grid(String name, int side, int outer, boolean tiles) throws IOException {
        GridSweep probe = new GridSweep(side, outer, tiles);
        long n = probe.length();
        String desc = probe.describe();
        log.info("(c) %s: %s addresses (%s)", name, Report.count(n), desc);
        int reps = n <= 1_000_000 ? 5 : n <= 20_000_000 ? 3 : 1;
        RawForm raw = new RawForm("u64 LE", 8 * n, longSource(() -> new GridSweep(side, outer, tiles), n), null);
        long[] buf = new long[1 << 16];

        // SEQUITUR directly on the address values (dense ids through an Alphabet).
        Result seq = new Result("c", name + "/seq", desc + "; SEQUITUR on address values");
        double[] seconds = new double[reps];
        SequiturGrammar g = null;
        Alphabet addresses = null;
        for (int rep = 0; rep < reps; rep++) {
            g = null;
            addresses = null;
            System.gc();
            g = new SequiturGrammar(1 << 12);
            addresses = new Alphabet();
            GridSweep sweep = new GridSweep(side, outer, tiles);
            long nanos = 0;
            for (int k; (k = sweep.fill(buf)) > 0; ) {
                long t0 = System.nanoTime();
                for (int i = 0; i < k; i++) g.append(addresses.idOf(buf[i]));
                nanos += System.nanoTime() - t0;
            }
            seconds[rep] = nanos / 1e9;
        }
        Grammar grammar = g.toGrammar();
        seq.symbols = n;
        seq.reps = reps;
        seq.buildRate = n / median(seconds);
        seq.peakBytes = g.peakFootprintBytes() + addresses.footprintBytes();
        seq.grammarSymbols = grammar.symbolCount();
        seq.rules = grammar.ruleCount();
        seq.expandRate = expandRate(grammar, 3);
        g = null;
        CompressedTrace trace = new CompressedTrace(InputFormat.U64, n, addresses, grammar, new Alphabet(), List.of());
        byte[] payload = trace.toPayload();
        long[] sizes = wgr(payload, name + "-seq");
        seq.wgrBest = sizes[0];
        seq.wgrZstd = sizes[1];
        seq.wgrXz = sizes[2];
        boolean ok = sizes[3] == 1 && decodesTo(payload, trace);
        GridSweep check = new GridSweep(side, outer, tiles);
        GrammarExpander ex = grammar.expander();
        for (int k; ok && (k = check.fill(buf)) > 0; ) {
            for (int i = 0; i < k; i++) if (!ex.hasNext() || addresses.first(ex.next()) != buf[i]) ok = false;
        }
        seq.verified = ok && !ex.hasNext() ? "yes" : "NO";
        seq.extra.put("terminals into SEQUITUR", Report.count(n));
        seq.extra.put("alphabet", Report.count(addresses.size()) + " addresses");
        seq.raws.add(raw);
        trace = null;
        grammar = null;
        addresses = null;

        // Diff∘RLE∘SEQ.
        Result drs = new Result("c", name + "/diff-rle", desc + "; Diff∘RLE∘SEQ (DiffRleEncoder)");
        DiffRleEncoder enc = null;
        Alphabet runs = null;
        for (int rep = 0; rep < reps; rep++) {
            enc = null;
            System.gc();
            runs = new Alphabet();
            enc = new DiffRleEncoder(runs, new SequiturGrammar(1 << 12));
            GridSweep sweep = new GridSweep(side, outer, tiles);
            long nanos = 0;
            for (int k; (k = sweep.fill(buf)) > 0; ) {
                long t0 = System.nanoTime();
                for (int i = 0; i < k; i++) enc.append(buf[i]);
                nanos += System.nanoTime() - t0;
            }
            long t0 = System.nanoTime();
            enc.finish();
            seconds[rep] = (nanos + System.nanoTime() - t0) / 1e9;
        }
        grammar = enc.grammar().toGrammar();
        drs.symbols = n;
        drs.reps = reps;
        drs.buildRate = n / median(seconds);
        drs.peakBytes = enc.grammar().peakFootprintBytes() + runs.footprintBytes();
        drs.grammarSymbols = grammar.symbolCount();
        drs.rules = grammar.ruleCount();
        // Expansion = full address decoding through DiffRleDecoder.
        double[] dsec = new double[3];
        for (int rep = 0; rep < 3; rep++) {
            DiffRleDecoder d = new DiffRleDecoder(grammar, runs);
            long t0 = System.nanoTime();
            long sum = 0;
            while (d.hasNext()) sum += d.nextLong();
            dsec[rep] = (System.nanoTime() - t0) / 1e9;
            blackhole += sum;
        }
        drs.expandRate = n / median(dsec);
        VarIntWriter w = new VarIntWriter();
        VarIntWriter block = new VarIntWriter();
        GrammarCodec.write(runs, true, block);
        w.writeBlock(block);
        block = new VarIntWriter();
        GrammarCodec.write(grammar, block);
        w.writeBlock(block);
        payload = w.toByteArray();
        sizes = wgr(payload, name + "-diffrle");
        drs.wgrBest = sizes[0];
        drs.wgrZstd = sizes[1];
        drs.wgrXz = sizes[2];
        ok = sizes[3] == 1;
        try {
            VarIntReader in = new VarIntReader(payload, "payload");
            Alphabet runsBack = GrammarCodec.readAlphabet(in.readBlock("runs"), true);
            Grammar back = GrammarCodec.read(in.readBlock("grammar"));
            ok &= back.equals(grammar) && runsBack.size() == runs.size();
        } catch (IOException e) {
            ok = false;
        }
        DiffRleDecoder d = new DiffRleDecoder(grammar, runs);
        check = new GridSweep(side, outer, tiles);
        for (int k; ok && (k = check.fill(buf)) > 0; ) {
            for (int i = 0; i < k; i++) if (!d.hasNext() || d.nextLong() != buf[i]) ok = false;
        }
        drs.verified = ok && !d.hasNext() ? "yes" : "NO";
        drs.extra.put("terminals into SEQUITUR", Report.count(grammar.length()) + " runs");
        drs.extra.put("alphabet", Report.count(runs.size()) + " (diff, run) pairs");
        drs.raws.add(raw);
        for (Result x : List.of(seq, drs)) {
            log.info("  %s: %s grammar symbols, build %s M/s, expand %s M/s, .wgr %s B, verified %s", x.input,
                    Report.count(x.grammarSymbols), Report.rate(x.buildRate), Report.rate(x.expandRate),
                    Report.count(x.wgrBest), x.verified);
        }
        return List.of(seq, drs);
    }

    interface LongFillFactory {
        GridSweep create();
    }

    private static ByteSource longSource(LongFillFactory factory, long n) {
        return new ByteSource() {
            @Override
            public void writeTo(OutputStream out) throws IOException {
                GridSweep src = factory.create();
                long[] values = new long[1 << 13];
                ByteBuffer bytes = ByteBuffer.allocate(8 << 13).order(ByteOrder.LITTLE_ENDIAN);
                for (int k; (k = src.fill(values)) > 0; ) {
                    bytes.clear();
                    for (int i = 0; i < k; i++) bytes.putLong(values[i]);
                    out.write(bytes.array(), 0, bytes.position());
                }
            }

            @Override
            public long length() {
                return 8 * n;
            }
        };
    }

    // ---- (d) random symbols --------------------------------------------------------------------

    private Result random(String name, long n, int bits) throws IOException {
        Result r = new Result("d", name, "uniform random u32 in [0, 2^" + bits + "), SplittableRandom fixed seed");
        log.info("(d) %s: %s symbols", name, Report.count(n));
        int reps = n <= 1_000_000 ? 5 : 3;
        double[] seconds = new double[reps];
        TraceCompressor c = null;
        int[] buf = new int[1 << 16];
        for (int rep = 0; rep < reps; rep++) {
            c = null;
            System.gc();
            c = new TraceCompressor(InputFormat.U32);
            IntFill src = randomFill(bits);
            long nanos = 0;
            for (long done = 0; done < n; ) {
                int len = (int) Math.min(buf.length, n - done);
                src.fill(buf, len);
                long t0 = System.nanoTime();
                for (int i = 0; i < len; i++) c.value(buf[i]);
                nanos += System.nanoTime() - t0;
                done += len;
            }
            seconds[rep] = nanos / 1e9;
        }
        r.symbols = n;
        r.reps = reps;
        r.buildRate = n / median(seconds);
        r.peakBytes = c.peakFootprintBytes();
        CompressedTrace trace = c.finish();
        c = null;
        r.grammarSymbols = trace.control().symbolCount();
        r.rules = trace.control().ruleCount();
        r.expandRate = expandRate(trace.control(), 3);
        byte[] payload = trace.toPayload();
        long[] sizes = wgr(payload, name);
        r.wgrBest = sizes[0];
        r.wgrZstd = sizes[1];
        r.wgrXz = sizes[2];
        boolean ok = sizes[3] == 1 && decodesTo(payload, trace);
        IntFill check = randomFill(bits);
        GrammarExpander ex = trace.control().expander();
        int[] ids = new int[buf.length];
        for (long done = 0; ok && done < n; ) {
            int len = (int) Math.min(buf.length, n - done);
            check.fill(buf, len);
            if (ex.read(ids, 0, len) != len) ok = false;
            for (int i = 0; ok && i < len; i++) if (trace.signatures().first(ids[i]) != buf[i]) ok = false;
            done += len;
        }
        r.verified = ok && !ex.hasNext() ? "yes" : "NO";
        r.extra.put("alphabet", Report.count(trace.signatures().size()));
        r.raws.add(new RawForm("u32 LE", 4 * n, intSource(() -> randomFill(bits), n), null));
        log.info("  %s: %s grammar symbols, build %s M/s, expand %s M/s, .wgr %s B, verified %s", name,
                Report.count(r.grammarSymbols), Report.rate(r.buildRate), Report.rate(r.expandRate),
                Report.count(r.wgrBest), r.verified);
        return r;
    }

    private static IntFill randomFill(int bits) {
        SplittableRandom rnd = new SplittableRandom(SEED + bits);
        int bound = 1 << (bits - 1) << 1; // 2^31 overflows to Integer.MIN_VALUE
        return (b, len) -> {
            for (int i = 0; i < len; i++) b[i] = bits == 31 ? rnd.nextInt() >>> 1 : rnd.nextInt(bound);
        };
    }

    // ---- shared measurements -------------------------------------------------------------------

    /** Output symbols per second of the streaming expander, read() into a 64 Ki buffer. */
    private double expandRate(Grammar g, int reps) {
        int[] buf = new int[1 << 16];
        double[] seconds = new double[reps];
        for (int rep = 0; rep < reps; rep++) {
            GrammarExpander ex = g.expander();
            long sum = 0;
            long t0 = System.nanoTime();
            int n;
            while ((n = ex.read(buf, 0, buf.length)) > 0) sum += buf[n - 1];
            seconds[rep] = (System.nanoTime() - t0) / 1e9;
            blackhole += sum;
        }
        return g.length() / Math.max(1e-9, median(seconds));
    }

    /**
     * The .wgr size as {@link GrammarFile#write} makes it: {best, zstd-only, xz-only, 1 if both files
     * read back to the payload}. BEST keeps the smaller of zstd -19 and xz -9, so its size is the
     * smaller of the two single-codec files.
     */
    private long[] wgr(byte[] payload, String name) throws IOException {
        Path z = work.resolve("tmp-" + name + ".zstd.wgr");
        Path x = work.resolve("tmp-" + name + ".xz.wgr");
        try {
            long zs = GrammarFile.write(z, payload, Codec.ZSTD);
            long xs = GrammarFile.write(x, payload, Codec.XZ);
            if (zs != Files.size(z) || xs != Files.size(x)) throw new IllegalStateException("GrammarFile.write size mismatch");
            boolean ok = Arrays.equals(GrammarFile.read(z), payload) && Arrays.equals(GrammarFile.read(x), payload);
            long best;
            if (payload.length <= (1 << 20)) { // check BEST's choice where it is cheap
                Path b = work.resolve("tmp-" + name + ".best.wgr");
                best = GrammarFile.write(b, payload, Codec.BEST);
                ok &= Arrays.equals(GrammarFile.read(b), payload) && best == Math.min(zs, xs);
                Files.deleteIfExists(b);
            } else {
                best = Math.min(zs, xs);
            }
            return new long[] {best, zs, xs, ok ? 1 : 0};
        } finally {
            Files.deleteIfExists(z);
            Files.deleteIfExists(x);
        }
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    // ---- general-purpose compressors -----------------------------------------------------------

    private void generalPurpose(List<Result> results) throws Exception {
        IdentityHashMap<RawForm, String> forms = new IdentityHashMap<>();
        for (Result r : results) {
            for (RawForm f : r.raws) if (f.source != null) forms.putIfAbsent(f, r.input.replaceAll("/.*", "") + " " + f.name);
        }
        record Job(RawForm form, GeneralPurpose gp, String label) {}
        List<Job> jobs = new ArrayList<>();
        long totalBytes = 0;
        for (var e : forms.entrySet()) {
            totalBytes += e.getKey().bytes;
            for (GeneralPurpose gp : GeneralPurpose.values()) jobs.add(new Job(e.getKey(), gp, e.getValue() + " " + gp.label));
        }
        jobs.sort(Comparator.comparingDouble((Job j) -> j.form.bytes * j.gp.cost).reversed());
        log.info("general-purpose compressors: %d jobs over %.0f MB of raw input, %d threads", jobs.size(), totalBytes / 1e6, threads);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Job j : jobs) {
                futures.add(pool.submit(() -> {
                    long t0 = System.nanoTime();
                    long size = j.gp.compressedBytes(j.form.source);
                    double sec = (System.nanoTime() - t0) / 1e9;
                    synchronized (j.form) {
                        j.form.sizes.put(j.gp, size);
                        j.form.seconds.put(j.gp, sec);
                    }
                    log.info("  [%d/%d] %s: %s -> %s bytes in %.1f s (%.1f MB/s)", done.incrementAndGet(), jobs.size(),
                            j.label, Report.count(j.form.bytes), Report.count(size), sec, j.form.bytes / 1e6 / sec);
                    return null;
                }));
            }
            for (Future<?> f : futures) f.get();
        } finally {
            pool.shutdownNow();
        }
    }
}
