package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.model.strata.StrataRaise;
import dev.wholetrace.model.strata.StrataStream;
import java.util.ArrayList;
import java.util.List;

/**
 * How many stratum layers the strata streams of a chunk store when the file is rewritten (format
 * version 15 on): the count whose STREAM payloads, the chunk's threads' together, pack smallest.
 * Layers above 0 fold the runs of loops nested in loops into tables and leave the grammar fewer
 * runs (Water), and they cost where strata seldom repeat (Mp3d: each layer adds more table than it
 * takes from the grammar): the paper's hourglass, so the count is measured per chunk rather than
 * fixed (docs/strata.md, "Stored layers"). The threads are measured together because a chunk's
 * sections are packed together: threads running the same code have the same strata, whose tables
 * the pack's general-purpose stage folds (measured alone, each thread's would count in full).
 */
public final class StrataLayerChoice {
    /** The most layers tried: on Water the packed size still fell at four (docs/results/strata.md, session 43). */
    public static final int MAX_LAYERS = 4;

    private StrataLayerChoice() {}

    /**
     * {@code streams} (one chunk's) with the layer count, from one up to {@code maxLayers}, whose
     * payloads pack smallest together with {@code codec}: each candidate stores one layer more than
     * the last (a stream that stores more already keeps its own), and the first that is not smaller
     * than the last ends the search. Deterministic; every stream unfolds to the same control string.
     */
    public static List<StrataStream> smallest(List<StrataStream> streams, int maxLayers, Codec codec) {
        List<StrataStream> best = streams;
        long bestBytes = packedBytes(streams, codec);
        for (int layers = 2; layers <= Math.min(maxLayers, StrataStreamCodec.MAX_LAYERS); layers++) {
            List<StrataStream> next = new ArrayList<>(best.size());
            for (StrataStream s : best) {
                next.add(s.layers() >= layers ? s : StrataRaise.raise(s, layers, GrammarAlgorithm.SEQUITUR.newBuilder(), StrataPipeline.DEFAULT_MAX_LENGTH));
            }
            long bytes = packedBytes(next, codec);
            if (bytes >= bestBytes) break;
            best = next;
            bestBytes = bytes;
        }
        return best;
    }

    /** The streams' STREAM payloads, back to back, packed with {@code codec}. */
    static long packedBytes(List<StrataStream> streams, Codec codec) {
        VarIntWriter w = new VarIntWriter();
        for (StrataStream s : streams) StrataStreamCodec.write(s, w);
        return codec.pack(w.toByteArray()).bytes().length;
    }
}
