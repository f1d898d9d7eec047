package dev.wholetrace.bench;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarFile;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.grammar.GrammarExpander;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What {@code bench compressor} measures the same way for every input: the build rate of a grammar
 * builder, the streaming expansion rate, the .wgr sizes and whether a payload decodes back. One
 * instance per run; the input-specific measurements ({@link LackeyMeasurement},
 * {@link ControlFlowMeasurement}, {@link GridMeasurement}, {@link RandomMeasurement}) share it.
 */
final class GrammarMeasures {
    static final long SEED = 0x5EED_1234_ABCDL;

    /** Fills {@code buf[0, len)} with the next generated symbols. */
    interface IntFill {
        void fill(int[] buf, int len);
    }

    final Log log;
    /** Generated traces and scratch files. */
    final Path work;
    /** The algorithm whose builders are measured. */
    final GrammarAlgorithm grammars;
    /** Results the JIT must not discard; never read. */
    long blackhole;

    GrammarMeasures(Log log, Path work, GrammarAlgorithm grammars) {
        this.log = log;
        this.work = work;
        this.grammars = grammars;
    }

    /** A fresh builder of the benchmarked algorithm, sized as every measurement sizes it. */
    GrammarBuilder newBuilder() {
        return grammars.newBuilder(1 << 12);
    }

    /** Appends {@code n} generated symbols; returns the seconds spent in append only. */
    double appendTimed(GrammarBuilder g, IntFill src, long n, String what) {
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

    /** Output symbols per second of the streaming expander, read() into a 64 Ki buffer. */
    double expandRate(Grammar g, int reps) {
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
        return g.length() / Math.max(1e-9, CompressorCommand.median(seconds));
    }

    /**
     * The .wgr size as {@link GrammarFile#write} makes it: {best, zstd-only, xz-only (xz -9), 1 if
     * the files read back to the payload and BEST kept the smallest of its candidates}. BEST's
     * candidates ({@link Codec#BEST_DESCRIPTION}) are the raw bytes, zstd -19 and, from
     * {@link Codec#BEST_XZ_FROM} bytes, xz: xz -9 below {@link Codec#LARGE_XZ_FROM}, a bounded search
     * above, whose file may be larger or smaller than xz -9's. BEST is run at every size, so that the
     * "best" column is the file BEST writes, as the reports say: until session 44 it was not run above
     * 1 MiB and the column held the smaller single-codec file there, an estimate no report named. It
     * costs less than the two single-codec files already made (its xz there is the bounded search).
     */
    long[] wgr(byte[] payload, String name) throws IOException {
        Path z = work.resolve("tmp-" + name + ".zstd.wgr");
        Path x = work.resolve("tmp-" + name + ".xz.wgr");
        try {
            long zs = GrammarFile.write(z, payload, Codec.ZSTD);
            long xs = GrammarFile.write(x, payload, Codec.XZ);
            if (zs != Files.size(z) || xs != Files.size(x)) throw new IllegalStateException("GrammarFile.write size mismatch");
            boolean ok = Arrays.equals(GrammarFile.read(z), payload) && Arrays.equals(GrammarFile.read(x), payload);
            Path b = work.resolve("tmp-" + name + ".best.wgr");
            Path n = work.resolve("tmp-" + name + ".none.wgr");
            long best = GrammarFile.write(b, payload, Codec.BEST);
            long ns = GrammarFile.write(n, payload, Codec.NONE); // BEST also keeps raw bytes when they are smallest
            ok &= Arrays.equals(GrammarFile.read(b), payload) && bestChoseSmallest(payload.length, best, ns, zs, xs);
            Files.deleteIfExists(b);
            Files.deleteIfExists(n);
            return new long[] {best, zs, xs, ok ? 1 : 0};
        } finally {
            Files.deleteIfExists(z);
            Files.deleteIfExists(x);
        }
    }

    /**
     * Whether BEST's file of a {@code length}-byte payload ({@code best} bytes) is the smallest of its
     * candidates: the smaller of the raw and the zstd file below {@link Codec#BEST_XZ_FROM}, the
     * smallest of those and xz -9 below {@link Codec#ESTIMATE_FROM}. From there a sample may rule a
     * codec out: the file is then one of the candidates' and no larger than the raw one; where its
     * xz is the bounded search (not measured here) only the latter is checked.
     */
    static boolean bestChoseSmallest(int length, long best, long raw, long zstd, long xz9) {
        long plain = Math.min(raw, zstd);
        if (length < Codec.BEST_XZ_FROM) return best == plain;
        if (length < Codec.ESTIMATE_FROM) return best == Math.min(plain, xz9);
        if (length < Codec.LARGE_XZ_FROM) return best <= raw && (best == raw || best == zstd || best == xz9);
        return best <= raw;
    }

    /** Whether the payload reads back to the same trace (records, control grammar, address streams). */
    static boolean decodesTo(byte[] payload, CompressedTrace trace) {
        try {
            CompressedTrace back = CompressedTrace.fromPayload(payload);
            return back.records() == trace.records() && back.control().equals(trace.control())
                    && back.streams().equals(trace.streams());
        } catch (IOException e) {
            return false;
        }
    }

    /** Copies the .wgr sizes {@link #wgr} returned into the result; returns whether both files read back. */
    static boolean recordSizes(Result r, long[] sizes) {
        r.wgrBest = sizes[0];
        r.wgrZstd = sizes[1];
        r.wgrXz = sizes[2];
        return sizes[3] == 1;
    }
}
