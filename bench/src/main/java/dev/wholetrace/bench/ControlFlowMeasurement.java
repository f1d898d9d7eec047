package dev.wholetrace.bench;

import dev.wholetrace.bench.GrammarMeasures.IntFill;
import dev.wholetrace.bench.Result.RawForm;
import dev.wholetrace.baseline.GeneralPurpose.ByteSource;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.synthetic.ControlFlowTrace;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Input group (b) of {@code bench compressor}: a synthetic control-flow trace generated on the fly
 * straight into the grammar builder (no alphabet, no parser), at a small and a large size, so the
 * two build rates show how the builder scales; verified by expanding it against the generator.
 *
 * @param quick whether the run is {@code --quick} (said in the report of the large size)
 * @param small the size whose raw form also goes to the general-purpose compressors
 */
record ControlFlowMeasurement(GrammarMeasures m, boolean quick, long small) {

    Result run(long n) throws IOException {
        Log log = m.log;
        long seed = GrammarMeasures.SEED;
        String name = "cf-" + CompressorCommand.label(n);
        Result r = new Result("b", name, "synthetic basic-block trace: main loop, 5 functions, nested loops, LCG branches");
        log.info("(b) %s: %s symbols generated on the fly", name, Report.count(n));
        int reps = n <= 1_000_000 ? 5 : n <= 20_000_000 ? 3 : 1;
        double[] seconds = new double[reps];
        GrammarBuilder g = null;
        for (int rep = 0; rep < reps; rep++) {
            g = null;
            System.gc();
            g = m.newBuilder();
            seconds[rep] = m.appendTimed(g, new ControlFlowTrace(seed)::fill, n, name + " rep " + (rep + 1));
        }
        r.symbols = n;
        r.reps = reps;
        r.buildRate = n / CompressorCommand.median(seconds);
        r.peakBytes = g.peakFootprintBytes();
        long t0 = System.nanoTime();
        Grammar grammar = g.toGrammar();
        double freeze = (System.nanoTime() - t0) / 1e9;
        g = null;
        r.grammarSymbols = grammar.symbolCount();
        r.rules = grammar.ruleCount();
        r.expandRate = m.expandRate(grammar, n < 10_000_000 ? 3 : 1);

        Alphabet blocks = new Alphabet();
        for (int b = 0; b < ControlFlowTrace.ALPHABET; b++) blocks.idOf(b);
        CompressedTrace trace = new CompressedTrace(InputFormat.U32, n, blocks, grammar, new Alphabet(), List.of());
        byte[] payload = trace.toPayload();
        boolean decoded = GrammarMeasures.recordSizes(r, m.wgr(payload, name)) && GrammarMeasures.decodesTo(payload, trace);
        boolean expands = sameInts(grammar, new ControlFlowTrace(seed)::fill, n, name);
        r.verified = expands && decoded ? "yes" : "NO";
        r.extra.put("grammar depth", Integer.toString(grammar.depth()));
        r.extra.put("freeze (toGrammar) s", String.format(Locale.ROOT, "%.2f", freeze));
        if (n == small) {
            r.raws.add(new RawForm("u32 LE", 4 * n, intSource(() -> new ControlFlowTrace(seed)::fill, n), null));
        } else {
            r.raws.add(new RawForm("u32 LE", 4 * n, null, quick
                    ? "not run in --quick (only on the " + CompressorCommand.label(small) + " size)"
                    : "not run on " + Report.count(4 * n) + " raw bytes: xz -9, zstd -19 and bzip2 -9 manage "
                            + "~1-3 MB/s on this data (see the " + CompressorCommand.label(small) + " row), i.e. about an hour each"));
        }
        log.info("  %s: %s grammar symbols, %s rules, build %s M/s (median of %d), expand %s M/s, .wgr %s B, verified %s",
                name, Report.count(r.grammarSymbols), Report.count(r.rules), Report.rate(r.buildRate), reps,
                Report.rate(r.expandRate), Report.count(r.wgrBest), r.verified);
        return r;
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
            if (n >= 50_000_000) m.log.progress("  %s: verified %.0f%%", what, 100.0 * done / n);
        }
        return !ex.hasNext();
    }

    interface IntFillFactory {
        IntFill create();
    }

    /** The generated symbols as little-endian u32, for the general-purpose compressors. */
    static ByteSource intSource(IntFillFactory factory, long n) {
        return new GeneratedSource(4 * n, out -> {
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
        });
    }
}
