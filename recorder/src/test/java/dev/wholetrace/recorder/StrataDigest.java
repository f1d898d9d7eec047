package dev.wholetrace.recorder;

import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.strata.Runs;
import dev.wholetrace.model.strata.StrataStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

/**
 * The byte-identity harness of the stored strata: replays events through the recorder's STRATA
 * compressor ({@link ThreadCompressor}, mode STRATA, layer 0 on the worker as the agent runs it by
 * default), cutting a chunk every {@code cutEvents} events of a thread, and digests (SHA-256) every
 * sealed chunk's strata stream in full: the chunk's new symbols, its paths, its layer-0 strata,
 * its top alphabet of [stratum, trip] runs and its grammar (as {@link GrammarCodec} writes it),
 * thread by thread, chunk by chunk. Equal digests before and after a change of the compressor
 * mean the files store the same strata. {@code StrataDigestTest} pins the digest of a generated
 * input; {@code main} digests the replay of recorded traces (e.g. the kernels' COR traces), to be
 * run with the classes before and after a change:
 * {@code java -cp ... dev.wholetrace.recorder.StrataDigest [--cut EVENTS] TRACE...}.
 */
public final class StrataDigest {
    private StrataDigest() {}

    /**
     * The digest and how many bytes were digested (the strata streams' encoded size, uncompressed);
     * {@code runTrips}: the trip counts of layer 0's [stratum, trip] runs that occur, up to 63 (bit k: trip k;
     * bit 63: any larger), so that a test can check that its input reaches the paths it means to pin.
     */
    record Result(String sha256, long bytes, int chunks, long runTrips) {}

    static Result of(ReplayBuffers in, long cutEvents) throws Exception {
        return of(in, cutEvents, false);
    }

    /**
     * As {@link #of(ReplayBuffers, long)}; with {@code sequiturOverRuns} each grammar is digested as
     * SEQUITUR rebuilt over its expansion (the top runs in order), not as stored: the digest then
     * pins the paths, the strata, the runs and their order whatever grammar the compressor built
     * over them (the recorder folds the runs into words first since session 48, {@code RunWords};
     * before, its grammar was SEQUITUR over the runs, so this digest equals the one pinned before).
     */
    static Result of(ReplayBuffers in, long cutEvents, boolean sequiturOverRuns) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        long bytes = 0;
        int chunks = 0;
        long[] runTrips = new long[1];
        for (int t = 0; t < in.threads(); t++) {
            ThreadCompressor c = new ThreadCompressor(t, TraceMode.STRATA, true);
            long sinceCut = 0;
            List<long[]> bufs = in.buffers.get(t);
            for (int i = 0; i < bufs.size(); i++) {
                sinceCut += c.consume(bufs.get(i), in.lengths.get(t).get(i));
                if (sinceCut >= cutEvents) {
                    bytes += digest(c.cut(), md, runTrips, sequiturOverRuns);
                    chunks++;
                    sinceCut = 0;
                }
            }
            bytes += digest(c.cut(), md, runTrips, sequiturOverRuns);
            chunks++;
        }
        return new Result(HexFormat.of().formatHex(md.digest()), bytes, chunks, runTrips[0]);
    }

    private static long digest(ThreadChunk chunk, MessageDigest md, long[] runTrips, boolean sequiturOverRuns) {
        if (chunk == null) return 0;
        VarIntWriter w = new VarIntWriter();
        w.writeVarLong(chunk.thread());
        w.writeVarLong(chunk.events());
        for (StreamChunk s : chunk.streamChunks()) {
            StrataStream st = s.strata();
            if (st == null) continue;
            w.writeVarLong(s.newSymbols().length);
            for (long v : s.newSymbols()) w.writeSignedVarLong(v);
            w.writeVarLong(st.pathCount());
            for (int p = 0; p < st.pathCount(); p++) {
                w.writeVarLong(st.pathLength(p));
                for (int i = 0; i < st.pathLength(p); i++) w.writeVarLong(st.pathSymbol(p, i));
            }
            w.writeVarLong(st.stratumCount());
            for (int k = 0; k < st.stratumCount(); k++) {
                w.writeVarLong(st.stratumLength(k));
                for (int i = 0; i < st.stratumLength(k); i++) w.writeVarLong(st.stratumElement(k, i));
            }
            w.writeVarLong(st.runCount());
            for (int r = 0; r < st.runCount(); r++) {
                w.writeVarLong(st.run(r));
                runTrips[0] |= 1L << Math.min(63, Runs.trip(st.run(r)));
            }
            GrammarCodec.write(sequiturOverRuns ? sequitur(st.grammar().expand()) : st.grammar(), w);
        }
        byte[] b = w.toByteArray();
        md.update(b);
        return b.length;
    }

    private static Grammar sequitur(int[] runs) {
        GrammarBuilder b = GrammarAlgorithm.SEQUITUR.newBuilder();
        for (int r : runs) b.append(r);
        return b.toGrammar();
    }

    public static void main(String[] args) throws Exception {
        long cut = 2_000_000L;
        int i = 0;
        if (args.length > 1 && args[0].equals("--cut")) {
            cut = Long.parseLong(args[1]);
            i = 2;
        }
        for (; i < args.length; i++) {
            ReplayBuffers in = ReplayBuffers.of(Path.of(args[i]));
            Result r = of(in, cut);
            System.out.printf("%s %s %d events, %d chunks, %d strata bytes%n", r.sha256(), args[i], in.events, r.chunks(), r.bytes());
        }
    }
}
