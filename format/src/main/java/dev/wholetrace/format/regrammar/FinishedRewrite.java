package dev.wholetrace.format.regrammar;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.StrataLayerChoice;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * What becomes of a recording once its program has ended normally ({@code wholetrace record},
 * {@code workload -o}, {@code demo}, after the agent finished the file): the agent seals a chunk
 * every second with a fast codec so that a crash loses little (docs/durability.md), and a short
 * run on a loaded machine is then many small chunks, each repeating its threads' WPPs, symbol
 * tables, address grammars and framing (docs/results/compression.md, sessions 34-40). Nothing is at
 * risk any more, so a small COR or CDR recording is merged into one chunk, its grammars rebuilt
 * by Re-Pair over all its events and its address streams coded by the predictor stage
 * ({@link TraceRegrammarer} with a merge bound, as {@code recompress --chunk-events N --grammar
 * repair --addresses predictive}); a STRATA recording of the current version is rewritten with
 * each chunk's strata streams storing the layers that pack smallest ({@link #relayers}); every
 * other complete recording is re-packed ({@link TraceRepacker}), all with {@link Codec#BEST}. The merge costs time and memory in
 * proportion to the events (Re-Pair holds ~12 bytes per event, docs/grammars.md), so it is bounded
 * by {@link #MERGE_AT_MOST} events: beyond, the user would wait minutes after the program for a
 * smaller file (session 40: an LU recording of 34 M events took 131 s and 441 MB merged).
 *
 * <p>The caller writes the output beside the agent's file and renames it over it once complete
 * (cli's OutputFile), so until then the chunked file is what is on disk: a kill during the rewrite
 * leaves the recording as the agent sealed it. Events, sync order, clock and every analysis read
 * the same from either output (CliRecompressMergeTest.finishedRecordingsAreMergedWhenSmall).
 */
public final class FinishedRewrite {
    /**
     * Recordings of at most this many events are merged: SOR at the study's input (1.19 M events)
     * is, an LU run of the study (34 M) is not. Measured in session 42 (docs/results/compression.md):
     * merging a SOR recording took 2.2 times the CPU of re-packing it (medians 2.26 and 1.04 s, cold JVMs).
     */
    public static final long MERGE_AT_MOST = 1L << 22;

    private final long mergeAtMost;
    private LongConsumer progress = done -> {};

    /** Merges recordings of at most {@link #MERGE_AT_MOST} events. */
    public FinishedRewrite() {
        this(MERGE_AT_MOST);
    }

    /** Merges recordings of at most {@code mergeAtMost} events (0: never). */
    public FinishedRewrite(long mergeAtMost) {
        if (mergeAtMost < 0) throw new IllegalArgumentException("mergeAtMost must not be negative");
        this.mergeAtMost = mergeAtMost;
    }

    /**
     * Whether {@link #rewrite} merges {@code reader}'s trace: a complete COR or CDR recording of a
     * version the merge reads, in more than one chunk, of at most the bound's events, with no
     * trailer to add.
     */
    public boolean merges(TraceReader reader, Map<SectionType, byte[]> trailer) {
        return reader.complete() && trailer.isEmpty() && ChunkGroup.supports(reader.mode()) && reader.chunks().size() > 1
                && reader.version() >= TraceFormat.CLOCK_SINCE - 1 && reader.declaredEvents() <= mergeAtMost;
    }

    /**
     * Whether {@link #rewrite} stores {@code reader}'s strata streams with the layer count that packs
     * smallest ({@link StrataLayerChoice}, through {@link TraceRegrammarer#strataLayers}) rather than
     * re-packing them as the agent wrote them (layer 0): a complete STRATA recording of the current
     * format version (an older one keeps its version, as a re-pack does, and so its one layer).
     */
    public static boolean relayers(TraceReader reader) {
        return reader.complete() && reader.mode() == TraceMode.STRATA && reader.version() == TraceFormat.VERSION;
    }

    /**
     * Tells {@code listener} how far a re-pack has come, as {@link TraceRepacker#progress} does
     * (input bytes spanned by the chunks written); a merge reports nothing until it ends.
     */
    public FinishedRewrite progress(LongConsumer listener) {
        this.progress = listener;
        return this;
    }

    /** What a rewrite did: whether it merged, and the output's size. */
    public record Result(boolean merged, int chunksIn, int chunksOut, long outBytes) {}

    /**
     * Writes {@code reader}'s trace into {@code out} (created or replaced): merged when
     * {@link #merges}, else re-packed with {@code trailer} added (TraceRepacker). A merge that runs
     * out of memory is abandoned for the re-pack, which holds one chunk at a time.
     */
    public Result rewrite(TraceReader reader, Path out, Map<SectionType, byte[]> trailer) throws IOException {
        if (relayers(reader)) {
            TraceRegrammarer.Result r = TraceRegrammarer.strataLayers(StrataLayerChoice.MAX_LAYERS, Codec.BEST).rewrite(reader.file(), out, trailer);
            return new Result(false, r.chunks(), r.chunksOut(), r.outBytes());
        }
        if (merges(reader, trailer)) {
            try {
                TraceRegrammarer.Result r = new TraceRegrammarer(GrammarAlgorithm.REPAIR, AddressCoding.PREDICTIVE, Codec.BEST, mergeAtMost)
                        .rewrite(reader.file(), out);
                return new Result(true, r.chunks(), r.chunksOut(), r.outBytes());
            } catch (OutOfMemoryError e) {
                // the grammars just built are garbage now: the re-pack below has the heap again
            }
        }
        TraceRepacker.Result r = new TraceRepacker(Codec.BEST).progress(progress).repack(reader, out, trailer);
        return new Result(false, r.chunks(), r.chunks(), Files.size(out));
    }
}
