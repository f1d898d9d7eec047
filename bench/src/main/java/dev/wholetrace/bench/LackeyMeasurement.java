package dev.wholetrace.bench;

import dev.wholetrace.bench.Result.RawForm;
import dev.wholetrace.baseline.GeneralPurpose.ByteSource;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.importers.LackeyParser;
import dev.wholetrace.importers.LackeyRecord;
import dev.wholetrace.importers.TraceCompressor;
import dev.wholetrace.model.grammar.Grammar;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Input group (a) of {@code bench compressor}: a valgrind lackey trace through
 * {@link TraceCompressor} (build rate with and without the text parser, peak memory, expansion,
 * .wgr size), verified by expanding it back to binary records and comparing them with a fresh
 * parse of the text.
 */
final class LackeyMeasurement {
    private final GrammarMeasures m;

    LackeyMeasurement(GrammarMeasures m) {
        this.m = m;
    }

    Result run(LackeyTraces.Spec s) throws IOException {
        Log log = m.log;
        Path text = m.work.resolve(s.fileName());
        long textBytes = Files.size(text);
        String kind = s.format() == InputFormat.LACKEY_SB ? "sb" : "mem";
        String name = s.name() + "-" + kind;
        Result r = new Result("a", name, "lackey " + (kind.equals("sb") ? "--trace-superblocks" : "--trace-mem") + ": " + s.description());
        log.info("(a) %s: %.1f MB of lackey text", name, textBytes / 1e6);

        long lines = 0;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(text), 1 << 16)) {
            ChecksumSink probe = new ChecksumSink();
            lines = new LackeyParser().parse(in, probe);
            m.blackhole += probe.sum;
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
            trace = TraceCompressor.compressFile(text, s.format(), m.grammars,
                    b -> log.progress("  %s build rep %d: %.0f%% of the text", name, repNo + 1, 100.0 * b / textBytes));
            seconds[rep] = (System.nanoTime() - t0) / 1e9;
        }
        r.symbols = trace.records();
        r.reps = reps;
        r.buildRate = r.symbols / CompressorCommand.median(seconds);

        // Parse-only passes: how much of the build time is the text parser.
        double[] parseSeconds = new double[reps];
        for (int rep = 0; rep < reps; rep++) parseSeconds[rep] = parseOnly(text);
        double parse = CompressorCommand.median(parseSeconds);

        // TraceCompressor.compressFile's body once more, to read the builder's peak footprint.
        System.gc();
        TraceCompressor c = new TraceCompressor(s.format(), m.grammars);
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
        r.expandRate = m.expandRate(trace.control(), r.symbols < 10_000_000 ? 3 : 1);

        // expandTo writes the 13-byte binary records, which are also the binary raw form.
        Path bin = m.work.resolve(s.fileName() + ".bin13");
        t0 = System.nanoTime();
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(bin), 1 << 20)) {
            trace.expandTo(o);
        }
        double expandToSeconds = (System.nanoTime() - t0) / 1e9;
        boolean roundTrip = sameRecords(text, bin, r.symbols);

        boolean decoded = GrammarMeasures.recordSizes(r, m.wgr(payload, name)) && GrammarMeasures.decodesTo(payload, trace);
        r.verified = roundTrip && decoded && deterministic ? "yes" : "NO";
        if (!roundTrip) log.info("  ROUND TRIP FAILED for %s", name);
        if (!decoded) log.info("  .wgr DECODE MISMATCH for %s", name);
        if (!deterministic) log.info("  NON-DETERMINISTIC payload for %s", name);

        r.extra.put("format", s.format().cliName);
        r.extra.put("text MB", String.format(Locale.ROOT, "%.1f", textBytes / 1e6));
        r.extra.put("parse-only rate (M rec/s)", Report.rate(r.symbols / parse));
        double rest = CompressorCommand.median(seconds) - parse;
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
    double parseOnly(Path text) throws IOException {
        ChecksumSink sink = new ChecksumSink();
        long t0 = System.nanoTime();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(text), 1 << 16)) {
            new LackeyParser().parse(in, sink);
        }
        double s = (System.nanoTime() - t0) / 1e9;
        m.blackhole += sink.sum;
        return s;
    }

    /** A sink that only checksums the records, so parsing costs what it costs and nothing more. */
    static final class ChecksumSink implements LackeyRecord.Sink {
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
}
