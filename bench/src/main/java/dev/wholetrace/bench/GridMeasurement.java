package dev.wholetrace.bench;

import dev.wholetrace.bench.Result.RawForm;
import dev.wholetrace.baseline.GeneralPurpose.ByteSource;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.address.DiffRleEncoder;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.synthetic.GridSweep;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Input group (c) of {@code bench compressor}: one sub-grid address sweep compressed two ways, the
 * grammar builder directly on the address values and Diff∘RLE∘SEQ ({@link DiffRleEncoder}), each
 * verified by decoding it against the generator.
 */
final class GridMeasurement {
    private final GrammarMeasures m;

    GridMeasurement(GrammarMeasures m) {
        this.m = m;
    }

    List<Result> run(String name, int side, int outer, boolean tiles) throws IOException {
        GridSweep probe = new GridSweep(side, outer, tiles);
        long n = probe.length();
        String desc = probe.describe();
        m.log.info("(c) %s: %s addresses (%s)", name, Report.count(n), desc);
        int reps = n <= 1_000_000 ? 5 : n <= 20_000_000 ? 3 : 1;
        RawForm raw = new RawForm("u64 LE", 8 * n, longSource(() -> new GridSweep(side, outer, tiles), n), null);
        Result seq = plain(name, side, outer, tiles, n, desc, reps, raw);
        Result drs = diffRle(name, side, outer, tiles, n, desc, reps, raw);
        for (Result x : List.of(seq, drs)) {
            m.log.info("  %s: %s grammar symbols, build %s M/s, expand %s M/s, .wgr %s B, verified %s", x.input,
                    Report.count(x.grammarSymbols), Report.rate(x.buildRate), Report.rate(x.expandRate),
                    Report.count(x.wgrBest), x.verified);
        }
        return List.of(seq, drs);
    }

    /** The grammar builder directly on the address values (dense ids through an Alphabet). */
    private Result plain(String name, int side, int outer, boolean tiles, long n, String desc, int reps, RawForm raw)
            throws IOException {
        long[] buf = new long[1 << 16];
        Result seq = new Result("c", name + "/seq", desc + "; SEQUITUR on address values");
        double[] seconds = new double[reps];
        GrammarBuilder g = null;
        Alphabet addresses = null;
        for (int rep = 0; rep < reps; rep++) {
            g = null;
            addresses = null;
            System.gc();
            g = m.newBuilder();
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
        seq.buildRate = n / CompressorCommand.median(seconds);
        seq.peakBytes = g.peakFootprintBytes() + addresses.footprintBytes();
        seq.grammarSymbols = grammar.symbolCount();
        seq.rules = grammar.ruleCount();
        seq.expandRate = m.expandRate(grammar, 3);
        g = null;
        CompressedTrace trace = new CompressedTrace(InputFormat.U64, n, addresses, grammar, new Alphabet(), List.of());
        byte[] payload = trace.toPayload();
        boolean ok = GrammarMeasures.recordSizes(seq, m.wgr(payload, name + "-seq")) && GrammarMeasures.decodesTo(payload, trace);
        GridSweep check = new GridSweep(side, outer, tiles);
        GrammarExpander ex = grammar.expander();
        for (int k; ok && (k = check.fill(buf)) > 0; ) {
            for (int i = 0; i < k; i++) if (!ex.hasNext() || addresses.first(ex.next()) != buf[i]) ok = false;
        }
        seq.verified = ok && !ex.hasNext() ? "yes" : "NO";
        seq.extra.put("terminals into SEQUITUR", Report.count(n));
        seq.extra.put("alphabet", Report.count(addresses.size()) + " addresses");
        seq.raws.add(raw);
        return seq;
    }

    /** Diff∘RLE∘SEQ; its expansion rate is that of full address decoding through DiffRleDecoder. */
    private Result diffRle(String name, int side, int outer, boolean tiles, long n, String desc, int reps, RawForm raw)
            throws IOException {
        long[] buf = new long[1 << 16];
        double[] seconds = new double[reps];
        Result drs = new Result("c", name + "/diff-rle", desc + "; Diff∘RLE∘SEQ (DiffRleEncoder)");
        DiffRleEncoder enc = null;
        Alphabet runs = null;
        for (int rep = 0; rep < reps; rep++) {
            enc = null;
            System.gc();
            runs = new Alphabet();
            enc = new DiffRleEncoder(runs, m.newBuilder());
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
        Grammar grammar = enc.grammar().toGrammar();
        drs.symbols = n;
        drs.reps = reps;
        drs.buildRate = n / CompressorCommand.median(seconds);
        drs.peakBytes = enc.grammar().peakFootprintBytes() + runs.footprintBytes();
        drs.grammarSymbols = grammar.symbolCount();
        drs.rules = grammar.ruleCount();
        double[] dsec = new double[3];
        for (int rep = 0; rep < 3; rep++) {
            DiffRleDecoder d = new DiffRleDecoder(grammar, runs);
            long t0 = System.nanoTime();
            long sum = 0;
            while (d.hasNext()) sum += d.nextLong();
            dsec[rep] = (System.nanoTime() - t0) / 1e9;
            m.blackhole += sum;
        }
        drs.expandRate = n / CompressorCommand.median(dsec);
        byte[] payload = payload(runs, grammar);
        boolean ok = GrammarMeasures.recordSizes(drs, m.wgr(payload, name + "-diffrle")) && readsBack(payload, runs, grammar);
        DiffRleDecoder d = new DiffRleDecoder(grammar, runs);
        GridSweep check = new GridSweep(side, outer, tiles);
        for (int k; ok && (k = check.fill(buf)) > 0; ) {
            for (int i = 0; i < k; i++) if (!d.hasNext() || d.nextLong() != buf[i]) ok = false;
        }
        drs.verified = ok && !d.hasNext() ? "yes" : "NO";
        drs.extra.put("terminals into SEQUITUR", Report.count(grammar.length()) + " runs");
        drs.extra.put("alphabet", Report.count(runs.size()) + " (diff, run) pairs");
        drs.raws.add(raw);
        return drs;
    }

    /** The run alphabet and the run grammar as two blocks, as a trace stores an address stream. */
    private static byte[] payload(Alphabet runs, Grammar grammar) {
        VarIntWriter w = new VarIntWriter();
        VarIntWriter block = new VarIntWriter();
        GrammarCodec.write(runs, true, block);
        w.writeBlock(block);
        block = new VarIntWriter();
        GrammarCodec.write(grammar, block);
        w.writeBlock(block);
        return w.toByteArray();
    }

    private static boolean readsBack(byte[] payload, Alphabet runs, Grammar grammar) {
        try {
            VarIntReader in = new VarIntReader(payload, "payload");
            Alphabet runsBack = GrammarCodec.readAlphabet(in.readBlock("runs"), true);
            Grammar back = GrammarCodec.read(in.readBlock("grammar"));
            return back.equals(grammar) && runsBack.size() == runs.size();
        } catch (IOException e) {
            return false;
        }
    }

    interface LongFillFactory {
        GridSweep create();
    }

    /** The sweep's addresses as little-endian u64, for the general-purpose compressors. */
    private static ByteSource longSource(LongFillFactory factory, long n) {
        return new GeneratedSource(8 * n, out -> {
            GridSweep src = factory.create();
            long[] values = new long[1 << 13];
            ByteBuffer bytes = ByteBuffer.allocate(8 << 13).order(ByteOrder.LITTLE_ENDIAN);
            for (int k; (k = src.fill(values)) > 0; ) {
                bytes.clear();
                for (int i = 0; i < k; i++) bytes.putLong(values[i]);
                out.write(bytes.array(), 0, bytes.position());
            }
        });
    }
}
