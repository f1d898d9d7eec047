package dev.wholetrace.bench.study;

import dev.wholetrace.analysis.streams.AccessStreams;
import dev.wholetrace.baseline.GeneralPurpose;
import dev.wholetrace.model.address.DiffRleEncoder;
import dev.wholetrace.model.address.PredictiveDiffRleEncoder;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.util.Alphabet;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The compressions the study compares on the raw streams of one trace: plain SEQUITUR and
 * Diff∘RLE∘SEQ per load/store instruction (Figure 4 sizes, Figure 5 times), and the
 * general-purpose compressors on the control, sync and data streams (Table 5's baselines).
 */
final class StreamCompression {
    private StreamCompression() {}

    /**
     * Encoded grammar bytes (symbol table, grammars and, with the predictor stage, exception lists,
     * as the trace format writes them), the same after the file's last stage ({@code Codec.BEST}
     * per thread, {@link dev.wholetrace.format.io.Codec#BEST_DESCRIPTION}), build time, grammar symbols, exceptions.
     */
    record Grammars(long bytes, long packedBytes, double seconds, long symbols, long exceptions) {}

    /** Builds one stream's grammar over a thread's shared alphabet; adds its exceptions (if any) to {@code exceptions}. */
    private interface StreamEncoder {
        Grammar encode(AccessStreams.Stream st, Alphabet alphabet, VarIntWriter exceptions);
    }

    /**
     * Plain SEQUITUR over each instruction's addresses: each distinct address is a terminal (one
     * alphabet per thread, as the recorder keeps its symbol tables).
     */
    static Grammars sequitur(AccessStreams s) {
        return perThread(s, false, (st, values, exceptions) -> {
            GrammarBuilder g = GrammarAlgorithm.DEFAULT.newBuilder(8);
            for (int i = 0; i < st.length(); i++) g.append(values.idOf(st.address(i)));
            return g.toGrammar();
        });
    }

    /** Diff∘RLE∘SEQ over each instruction's addresses, one (difference, run) alphabet per thread. */
    static Grammars diffRleSeq(AccessStreams s) {
        return perThread(s, true, (st, runs, exceptions) -> {
            DiffRleEncoder e = new DiffRleEncoder(runs);
            for (int i = 0; i < st.length(); i++) e.append(st.address(i));
            e.finish();
            return e.grammar().toGrammar();
        });
    }

    /**
     * Diff∘RLE∘SEQ with the predictor stage, as the recorder writes address streams from format
     * version 6 ({@link PredictiveDiffRleEncoder}: unpredictable differences of a mostly
     * unpredictable stream go to its exception list, varint count and signed varints).
     */
    static Grammars predictiveDiffRleSeq(AccessStreams s) {
        return perThread(s, true, (st, runs, exceptions) -> {
            PredictiveDiffRleEncoder e = new PredictiveDiffRleEncoder(runs, GrammarAlgorithm.DEFAULT.newBuilder());
            for (int i = 0; i < st.length(); i++) e.append(st.address(i));
            e.finish();
            long[] list = e.exceptions();
            exceptions.writeVarLong(list.length);
            for (long d : list) exceptions.writeSignedVarLong(d);
            return e.grammar().toGrammar();
        });
    }

    /** Per thread: its streams' grammars over one alphabet, encoded as the trace format writes them, timed. */
    private static Grammars perThread(AccessStreams s, boolean pairs, StreamEncoder encoder) {
        long bytes = 0;
        long packed = 0;
        long symbols = 0;
        long exceptionBytes = 0;
        double seconds = 0;
        for (int t = 0; t < s.blocks.size(); t++) {
            long t0 = System.nanoTime();
            Alphabet alphabet = new Alphabet();
            VarIntWriter grammars = new VarIntWriter();
            VarIntWriter exceptions = new VarIntWriter();
            for (AccessStreams.Stream st : s.streams) {
                if (st.thread != t) continue;
                Grammar g = encoder.encode(st, alphabet, exceptions);
                symbols += g.symbolCount();
                GrammarCodec.write(g, grammars);
            }
            seconds += (System.nanoTime() - t0) / 1e9;
            VarIntWriter out = new VarIntWriter();
            GrammarCodec.write(alphabet, pairs, out);
            out.writeBlock(grammars);
            if (exceptions.size() > 0) out.writeBlock(exceptions);
            exceptionBytes += exceptions.size();
            bytes += out.size();
            packed += Codec.BEST.pack(out.toByteArray()).bytes().length;
        }
        return new Grammars(bytes, packed, seconds, symbols, exceptionBytes);
    }

    /** Compressed bytes of the control, sync and data streams under one general-purpose compressor. */
    record Baseline(long control, long sync, long data, double seconds) {
        long total() {
            return control + sync + data;
        }
    }

    /** Every compressor in {@code which} on the three raw streams, two at a time (the machine's cores). */
    static Map<GeneralPurpose, Baseline> baselines(AccessStreams s, List<GeneralPurpose> which, int parallel) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(parallel);
        try {
            Map<GeneralPurpose, Future<Baseline>> running = new EnumMap<>(GeneralPurpose.class);
            for (GeneralPurpose c : which) running.put(c, pool.submit(() -> baseline(s, c)));
            Map<GeneralPurpose, Baseline> out = new EnumMap<>(GeneralPurpose.class);
            for (var e : running.entrySet()) out.put(e.getKey(), e.getValue().get());
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Baseline baseline(AccessStreams s, GeneralPurpose c) throws IOException {
        long t0 = System.nanoTime();
        long control = c.compressedBytes(source(s.controlRawBytes(), out -> {
            ByteBuffer b = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
            for (int[] ids : s.blocks) {
                for (int id : ids) {
                    if (!b.hasRemaining()) flush(b, out);
                    b.putInt(id);
                }
            }
            flush(b, out);
        }));
        long sync = c.compressedBytes(source(s.syncRawBytes(), out -> {
            ByteBuffer b = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
            for (long[] ops : s.syncs) {
                for (int i = 0; i < ops.length; i += 4) {
                    if (b.remaining() < AccessStreams.SYNC_BYTES) flush(b, out);
                    b.put((byte) ops[i]).putInt((int) ops[i + 1]).putLong(ops[i + 2]).putLong(ops[i + 3]);
                }
            }
            flush(b, out);
        }));
        long data = c.compressedBytes(source(s.dataRawBytes(), out -> {
            ByteBuffer b = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
            for (AccessStreams.Stream st : s.streams) {
                for (int i = 0; i < st.length(); i++) {
                    if (!b.hasRemaining()) flush(b, out);
                    b.putLong(st.address(i));
                }
            }
            flush(b, out);
        }));
        return new Baseline(control, sync, data, (System.nanoTime() - t0) / 1e9);
    }

    private interface Writer {
        void write(OutputStream out) throws IOException;
    }

    private static GeneralPurpose.ByteSource source(long length, Writer writer) {
        return new GeneralPurpose.ByteSource() {
            @Override
            public void writeTo(OutputStream out) throws IOException {
                writer.write(out);
            }

            @Override
            public long length() {
                return length;
            }
        };
    }

    private static void flush(ByteBuffer b, OutputStream out) throws IOException {
        out.write(b.array(), 0, b.position());
        b.clear();
    }
}
