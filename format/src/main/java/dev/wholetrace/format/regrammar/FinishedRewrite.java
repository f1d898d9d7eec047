package dev.wholetrace.format.regrammar;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.StrataLayerChoice;
import dev.wholetrace.format.wtrace.StrataLayerLimits;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * What becomes of a recording once its program has ended normally ({@code wholetrace record},
 * {@code workload -o}, {@code demo}, after the agent finished the file): the agent seals a chunk
 * every second with a fast codec so that a crash loses little (docs/durability.md), and a short
 * run on a loaded machine is then many small chunks, each repeating its threads' WPPs, symbol
 * tables, address grammars and framing (docs/results/compression.md, sessions 34-40). Nothing is at
 * risk any more, so a COR or CDR recording is merged into one chunk. Up to {@link #REBUILD_AT_MOST}
 * events its grammars are rebuilt by Re-Pair over all its events and its address streams coded
 * by the predictor stage (as {@code recompress --chunk-events N --grammar repair --addresses
 * predictive}; session 42), which costs time and memory in proportion to the events (Re-Pair
 * holds ~12 bytes per event, docs/grammars.md) but gives the smallest file. Above, up to
 * {@link #MERGE_AT_MOST}, the chunks' grammars are joined rule by rule instead
 * ({@link TraceRegrammarer#joining}, {@code recompress --chunk-events N --join}; docs/grammars.md
 * "Joining grammars"), which costs in proportion to the chunks' grammars, not to the events they
 * expand to, and gives a somewhat larger file (session 43: an LU recording of 34 M events took
 * 3.1-4.0 s of process CPU joined against 9.2-10.7 s rebuilt, cold JVMs; SOR's joined traces were
 * 7-9 % larger than rebuilt ones). A STRATA recording of the current version is rewritten with
 * each chunk's strata streams storing the layers that pack smallest ({@link #relayers}). Any
 * other complete recording is re-packed ({@link TraceRepacker}); all with {@link Codec#BEST}.
 *
 * <p>The caller writes the output beside the agent's file and renames it over it once complete
 * (cli's OutputFile), so until then the chunked file is what is on disk: a kill during the rewrite
 * leaves the recording as the agent sealed it. Events, sync order, clock and every analysis read
 * the same from either output (CliRecompressMergeTest.finishedRecordingsAreMergedWhenSmall).
 */
public final class FinishedRewrite {
    /**
     * Recordings of at most this many events are merged by rebuilding their grammars from the events.
     * Measured in session 42 (docs/results/compression.md): merging a SOR recording (1.19 M events) so
     * took 2.2 times the CPU of re-packing it (medians 2.26 and 1.04 s, cold JVMs).
     */
    public static final long REBUILD_AT_MOST = 1L << 22;

    /**
     * Recordings of at most this many events are merged, those above {@link #REBUILD_AT_MOST} by
     * joining their grammars: 2^27, twice the largest recording the join was timed on in session 43
     * (LU at 8 threads, size 320: 66 M events; docs/results/compression.md).
     */
    public static final long MERGE_AT_MOST = 1L << 27;

    private final long rebuildAtMost;
    private final long mergeAtMost;
    private final Merge merge;
    private final Relayer relayer;
    private Repack repack = (reader, out, trailer, progress) -> new TraceRepacker(Codec.BEST).progress(progress).repack(reader, out, trailer);
    private LongConsumer progress = done -> {};
    private RewriteProgress phases = RewriteProgress.NONE;
    private Consumer<String> fallback = why -> {};
    private StrataLayerLimits strataLimits = StrataLayerLimits.DEFAULT;
    private Consumer<String> givenUp = line -> {};
    private long joinBytesAtMost = Runtime.getRuntime().maxMemory() / 64;

    /** The merge of a recording into {@code out}, rebuilt or joined: {@link TraceRegrammarer} in use, another in tests. */
    @FunctionalInterface
    public interface Merge {
        TraceRegrammarer.Result merge(Path in, Path out, boolean join, RewriteProgress progress) throws IOException;
    }

    /** The rewrite of a STRATA recording into {@code out} with the layers that pack smallest: {@link TraceRegrammarer#strataLayers} in use, another in tests. */
    @FunctionalInterface
    public interface Relayer {
        TraceRegrammarer.Result relayer(Path in, Path out, Map<SectionType, byte[]> trailer, RewriteProgress progress) throws IOException;
    }

    /** The re-pack every other path falls back on: {@link TraceRepacker} with {@link Codec#BEST} in use, another in tests. */
    @FunctionalInterface
    public interface Repack {
        TraceRepacker.Result repack(TraceReader reader, Path out, Map<SectionType, byte[]> trailer, LongConsumer progress) throws IOException;
    }

    /** Rebuilds recordings of at most {@link #REBUILD_AT_MOST} events, joins those of at most {@link #MERGE_AT_MOST}. */
    public FinishedRewrite() {
        this(MERGE_AT_MOST);
    }

    /** Merges recordings of at most {@code mergeAtMost} events (0: never), rebuilding those of at most {@link #REBUILD_AT_MOST}. */
    public FinishedRewrite(long mergeAtMost) {
        this(Math.min(REBUILD_AT_MOST, mergeAtMost), mergeAtMost);
    }

    /** Merges recordings of at most {@code mergeAtMost} events (0: never): rebuilt up to {@code rebuildAtMost}, joined above. */
    public FinishedRewrite(long rebuildAtMost, long mergeAtMost) {
        this(rebuildAtMost, mergeAtMost, (in, out, join, progress) -> (join ? TraceRegrammarer.joining(Codec.BEST, Long.MAX_VALUE)
                : new TraceRegrammarer(GrammarAlgorithm.REPAIR, AddressCoding.PREDICTIVE, Codec.BEST, Long.MAX_VALUE))
                .progress(progress).rewrite(in, out));
    }

    /** Merges as {@link #FinishedRewrite(long, long)} does, with {@code merge} (tests: a merge that fails). */
    public FinishedRewrite(long rebuildAtMost, long mergeAtMost, Merge merge) {
        this(rebuildAtMost, mergeAtMost, merge, null);
    }

    /**
     * As {@link #FinishedRewrite(long, long, Merge)}, with {@code relayer} for STRATA recordings (tests: one that fails;
     * null: {@link TraceRegrammarer#strataLayers} within {@link #strataLimits}).
     */
    public FinishedRewrite(long rebuildAtMost, long mergeAtMost, Merge merge, Relayer relayer) {
        if (mergeAtMost < 0 || rebuildAtMost < 0) throw new IllegalArgumentException("bounds must not be negative");
        this.rebuildAtMost = rebuildAtMost;
        this.mergeAtMost = mergeAtMost;
        this.merge = merge;
        this.relayer = relayer;
    }

    /**
     * Whether {@link #rewrite} merges {@code reader}'s trace: a complete COR or CDR recording of a
     * version the merge reads, in more than one chunk, of at most the bound's events, with no
     * trailer to add; one above {@link #REBUILD_AT_MOST} events (joined) only while its file is at
     * most {@link #joinBytesAtMost} bytes.
     */
    public boolean merges(TraceReader reader, Map<SectionType, byte[]> trailer) {
        return reader.complete() && trailer.isEmpty() && ChunkGroup.supports(reader.mode()) && reader.chunks().size() > 1
                && reader.version() >= TraceFormat.CLOCK_SINCE - 1 && reader.declaredEvents() <= mergeAtMost
                && (reader.declaredEvents() <= rebuildAtMost || reader.size() <= joinBytesAtMost);
    }

    /**
     * Joins only recordings whose file is at most {@code bytes} long (default: the heap's limit / 64).
     * The join holds every chunk's grammars decoded at once, so its memory grows with what the
     * chunks store, not with the events; the file's size is what is known of that before decoding.
     * LU at 8 threads (34 M events) is a 169 KB file; a CompletableFuture program of 400,000 orders
     * (sync operations nearly all of its file, 31.8 MiB as the agent sealed it) ran the CLI's 512 MB
     * heap out during its join in session 43 and was re-packed after it (79 s wall, 73 s CPU for the
     * whole {@code record} at load 3): the bound skips such a join; the fallback stays for what the
     * bound misjudges.
     */
    public FinishedRewrite joinBytesAtMost(long bytes) {
        if (bytes < 0) throw new IllegalArgumentException("bytes must not be negative");
        this.joinBytesAtMost = bytes;
        return this;
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
     * The layers a STRATA recording's streams may store and the budget of their search ({@code record
     * --strata-layers N --strata-memory MiB}; default {@link StrataLayerLimits#DEFAULT}); each layer
     * given up is told to {@link #onGivenUp}'s listener besides being stored in the chunk's properties.
     */
    public FinishedRewrite strataLimits(StrataLayerLimits limits) {
        this.strataLimits = java.util.Objects.requireNonNull(limits, "limits");
        return this;
    }

    /**
     * Tells {@code listener} each stratum layer the layer search gave up (one line), set apart from
     * {@link #strataLimits} because the caller that draws a progress line must print it through
     * that line's reporter, which exists only once the rewrite starts (cli's FinishedTrace).
     */
    public FinishedRewrite onGivenUp(Consumer<String> listener) {
        this.givenUp = java.util.Objects.requireNonNull(listener, "listener");
        return this;
    }

    /** Re-packs with {@code repack} (tests: a re-pack that fails; cli's FinishedTrace must then keep the agent's file). */
    public FinishedRewrite repackWith(Repack repack) {
        this.repack = repack;
        return this;
    }

    /**
     * Tells {@code listener} how far a re-pack has come, as {@link TraceRepacker#progress} does
     * (input bytes spanned by the chunks written); a merge and a STRATA recording's rewrite report
     * to {@link #phases} instead.
     */
    public FinishedRewrite progress(LongConsumer listener) {
        this.progress = listener;
        return this;
    }

    /** Tells {@code listener} how far a merge or a STRATA recording's rewrite has come ({@link RewriteProgress}). */
    public FinishedRewrite phases(RewriteProgress listener) {
        this.phases = listener;
        return this;
    }

    /**
     * Tells {@code listener} why a merge or a STRATA recording's layer choice was abandoned for the
     * re-pack (one line: what failed, the failure, and that the re-pack follows), so that the user
     * learns the file is re-packed, not merged, and which failure to report.
     */
    public FinishedRewrite onFallback(Consumer<String> listener) {
        this.fallback = listener;
        return this;
    }

    /** What a rewrite did: whether it merged, and if so by joining the grammars, and the output's size. */
    public record Result(boolean merged, boolean joined, int chunksIn, int chunksOut, long outBytes) {}

    /**
     * Writes {@code reader}'s trace into {@code out} (created or replaced): merged when
     * {@link #merges}, its strata streams given their layers when {@link #relayers}, else re-packed
     * with {@code trailer} added (TraceRepacker). A merge or a layer choice that fails in any way
     * (out of memory, a stack overflow in a deep grammar, an exception or a failed assertion: a bug
     * of the merge, or an input it reads differently from the re-pack; a class that no longer
     * loads) is abandoned for the re-pack,
     * which holds one chunk at a time and copies every section's events as they are: the user gets
     * the best file the re-pack can make rather than the agent's fast one. The re-pack writes
     * {@code out} from its start, so nothing of the abandoned merge remains in it.
     */
    public Result rewrite(TraceReader reader, Path out, Map<SectionType, byte[]> trailer) throws IOException {
        if (relayers(reader)) {
            try {
                TraceRegrammarer.Result r = relayer != null ? relayer.relayer(reader.file(), out, trailer, phases)
                        : TraceRegrammarer.strataLayers(strataLimits, Codec.BEST).onGivenUp(givenUp).progress(phases).rewrite(reader.file(), out, trailer);
                return new Result(false, false, r.chunks(), r.chunksOut(), r.outBytes());
            } catch (Exception | Error e) { // as the merge's below
                // StrataLayerChoice packs every chunk once per layer count: what fails there, the plain re-pack need not
                fallback.accept("storing its stratum layers failed (" + reason(e) + "); re-packing it instead");
            }
        } else if (merges(reader, trailer)) {
            try {
                boolean join = reader.declaredEvents() > rebuildAtMost;
                TraceRegrammarer.Result r = merge.merge(reader.file(), out, join, phases);
                return new Result(true, join, r.chunks(), r.chunksOut(), r.outBytes());
            } catch (Exception | Error e) { // any: also a failed assertion, a class its jar (rebuilt meanwhile) no longer has
                // the grammars just built are garbage now: the re-pack below has the heap again
                fallback.accept("merging its chunks failed (" + reason(e) + "); re-packing them instead");
            }
        }
        TraceRepacker.Result r = repack.repack(reader, out, trailer, progress);
        return new Result(false, false, r.chunks(), r.chunks(), Files.size(out));
    }

    /** The failure as one line of at most {@link #REASON_CHARS} characters: its type and message (also cli's FinishedTrace's warning). */
    public static String reason(Throwable e) {
        String m = e.getMessage();
        String line = (m == null || m.isBlank() ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + m)
                .replaceAll("\\s+", " ");
        return line.length() <= REASON_CHARS ? line : line.substring(0, REASON_CHARS - 1) + "…";
    }

    /** A warning stays one readable line even when a message quotes a whole grammar or path list. */
    private static final int REASON_CHARS = 200;
}
