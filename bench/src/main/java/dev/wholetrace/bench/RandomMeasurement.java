package dev.wholetrace.bench;

import dev.wholetrace.bench.GrammarMeasures.IntFill;
import dev.wholetrace.bench.Result.RawForm;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.importers.TraceCompressor;
import dev.wholetrace.model.grammar.GrammarExpander;
import java.io.IOException;
import java.util.SplittableRandom;

/**
 * Input group (d) of {@code bench compressor}: uniform random symbols through
 * {@link TraceCompressor#value} (alphabet and grammar builder), the incompressible extreme;
 * verified by expanding it against the generator.
 */
final class RandomMeasurement {
    private final GrammarMeasures m;

    RandomMeasurement(GrammarMeasures m) {
        this.m = m;
    }

    Result run(String name, long n, int bits) throws IOException {
        Result r = new Result("d", name, "uniform random u32 in [0, 2^" + bits + "), SplittableRandom fixed seed");
        m.log.info("(d) %s: %s symbols", name, Report.count(n));
        int reps = n <= 1_000_000 ? 5 : 3;
        double[] seconds = new double[reps];
        TraceCompressor c = null;
        int[] buf = new int[1 << 16];
        for (int rep = 0; rep < reps; rep++) {
            c = null;
            System.gc();
            c = new TraceCompressor(InputFormat.U32, m.grammars);
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
        r.buildRate = n / CompressorCommand.median(seconds);
        r.peakBytes = c.peakFootprintBytes();
        CompressedTrace trace = c.finish();
        c = null;
        r.grammarSymbols = trace.control().symbolCount();
        r.rules = trace.control().ruleCount();
        r.expandRate = m.expandRate(trace.control(), 3);
        byte[] payload = trace.toPayload();
        boolean ok = GrammarMeasures.recordSizes(r, m.wgr(payload, name)) && GrammarMeasures.decodesTo(payload, trace);
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
        r.raws.add(new RawForm("u32 LE", 4 * n, ControlFlowMeasurement.intSource(() -> randomFill(bits), n), null));
        m.log.info("  %s: %s grammar symbols, build %s M/s, expand %s M/s, .wgr %s B, verified %s", name,
                Report.count(r.grammarSymbols), Report.rate(r.buildRate), Report.rate(r.expandRate),
                Report.count(r.wgrBest), r.verified);
        return r;
    }

    /** Uniform symbols in [0, 2^bits) from a fixed seed per width. */
    private static IntFill randomFill(int bits) {
        SplittableRandom rnd = new SplittableRandom(GrammarMeasures.SEED + bits);
        int bound = 1 << (bits - 1) << 1; // 2^31 overflows to Integer.MIN_VALUE
        return (b, len) -> {
            for (int i = 0; i < len; i++) b[i] = bits == 31 ? rnd.nextInt() >>> 1 : rnd.nextInt(bound);
        };
    }
}
