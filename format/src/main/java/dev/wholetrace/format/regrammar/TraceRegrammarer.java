package dev.wholetrace.format.regrammar;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.ChunkContent;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.StrataLayerChoice;
import dev.wholetrace.format.wtrace.StrataLayerLimits;
import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.format.wtrace.ThreadSyncColumn;
import dev.wholetrace.format.wtrace.ThreadSymbols;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceSections;
import dev.wholetrace.format.wtrace.TraceWriter;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.strata.StrataStream;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.util.Alphabet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Rewrites a {@code .wtrace} file with every grammar (every thread's WPPs and per-instruction
 * streams, in every chunk) rebuilt by another {@link GrammarAlgorithm}
 * ({@code wholetrace recompress --grammar}). Everything else is copied as decoded: metadata,
 * alphabets, the sync order; the sync counts are recounted on the new grammars. Each chunk is
 * read through the public reading path (every check applies) and written through
 * {@link TraceWriter}, so the output is an ordinary trace of the current format version; an
 * unfinished input is rewritten up to its last complete chunk and stays unfinished. With an
 * {@link AddressCoding} ({@code --addresses}) the address streams are decoded and encoded again
 * with it (and their run alphabets rebuilt), instead of having their grammars rebuilt.
 *
 * <p>With a merge bound ({@code --chunk-events}), consecutive chunks are rewritten as one
 * ({@link ChunkGroup}) until a group holds at least that many events: the per-chunk tables,
 * predictors and framing that a short run cut every second repeats are then stored once. Only
 * traces whose streams are all control WPPs and address streams (COR, CDR) are merged; others
 * keep their chunks.
 *
 * <p>{@link #strataLayers} keeps every grammar and coding and stores each chunk's strata streams
 * with the stratum layers that pack smallest ({@link StrataLayerChoice}).
 */
public final class TraceRegrammarer {
    private final GrammarAlgorithm algorithm;
    private final AddressCoding addresses;
    private final Codec codec;
    private final long mergeEvents;
    private final boolean join;
    /** Stratum layers a strata stream may store and the budget of the search, the count that packs smallest ({@link StrataLayerChoice}); null keeps each stream's layers. */
    private final StrataLayerLimits strataLayers;
    private RewriteProgress progress = RewriteProgress.NONE;
    private Consumer<String> givenUp = line -> {};

    /** Rebuilds grammars with {@code algorithm} and packs the sections with {@code codec}. */
    public TraceRegrammarer(GrammarAlgorithm algorithm, Codec codec) {
        this(algorithm, null, codec);
    }

    /**
     * @param algorithm rebuilds every grammar, or null to keep them (but the re-encoded address streams')
     * @param addresses re-encodes the address streams, or null to keep their coding
     */
    public TraceRegrammarer(GrammarAlgorithm algorithm, AddressCoding addresses, Codec codec) {
        this(algorithm, addresses, codec, 0);
    }

    /**
     * As above, merging consecutive chunks until each merged chunk holds at least {@code
     * mergeEvents} events (0: every chunk kept as it is). Merged chunks rebuild their grammars
     * with {@code algorithm} (SEQUITUR if null) and their address streams with {@code addresses}
     * (the predictor stage if null).
     */
    public TraceRegrammarer(GrammarAlgorithm algorithm, AddressCoding addresses, Codec codec, long mergeEvents) {
        this(algorithm, addresses, codec, mergeEvents, false, null);
    }

    /**
     * A rewrite that keeps every grammar and coding but stores each strata stream with the layer
     * count, up to {@code maxLayers}, that packs smallest ({@link StrataLayerChoice}): what a
     * finished STRATA recording's re-pack does ({@link FinishedRewrite}).
     */
    public static TraceRegrammarer strataLayers(int maxLayers, Codec codec) {
        if (maxLayers < 1) throw new IllegalArgumentException("maxLayers must be at least 1");
        return strataLayers(new StrataLayerLimits(maxLayers, Long.MAX_VALUE), codec);
    }

    /**
     * As {@link #strataLayers(int, Codec)} within {@code limits} ({@code --strata-layers},
     * {@code --strata-memory}): a limit that is not the default is stored in every chunk's
     * properties, and a layer given up in a chunk too ({@link StrataLayerLimits#GIVEN_UP_PROPERTY}),
     * so that {@code stats} shows what the file was built with.
     */
    public static TraceRegrammarer strataLayers(StrataLayerLimits limits, Codec codec) {
        return new TraceRegrammarer(null, null, codec, 0, false, java.util.Objects.requireNonNull(limits, "limits"));
    }

    /** Tells {@code listener} each layer the search gave up (one line, with its chunk), besides storing it in the chunk. */
    public TraceRegrammarer onGivenUp(Consumer<String> listener) {
        this.givenUp = listener;
        return this;
    }

    private TraceRegrammarer(GrammarAlgorithm algorithm, AddressCoding addresses, Codec codec, long mergeEvents, boolean join,
            StrataLayerLimits strataLayers) {
        if (algorithm == null && addresses == null && mergeEvents <= 0 && strataLayers == null) throw new IllegalArgumentException("nothing to rebuild");
        if (mergeEvents < 0) throw new IllegalArgumentException("mergeEvents must not be negative");
        this.algorithm = algorithm;
        this.addresses = addresses;
        this.codec = codec;
        this.mergeEvents = mergeEvents;
        this.join = join;
        this.strataLayers = strataLayers;
    }

    /**
     * Merges consecutive chunks until each merged chunk holds at least {@code mergeEvents} events
     * (Long.MAX_VALUE: all into one), their grammars joined rule by rule instead of rebuilt
     * ({@code recompress --chunk-events N --join}, docs/grammars.md "Joining grammars"): the cost
     * grows with the chunks' grammars, not with the events they expand to. Chunks of a trace whose
     * mode the merge does not support are kept as they are, their grammars untouched.
     */
    public static TraceRegrammarer joining(Codec codec, long mergeEvents) {
        if (mergeEvents <= 0) throw new IllegalArgumentException("mergeEvents must be positive");
        return new TraceRegrammarer(null, null, codec, mergeEvents, true, null);
    }

    /**
     * Tells {@code listener} how far {@link #rewrite} has come: chunks read (a merge) or
     * rewritten, a merge's threads built and its chunk packed.
     */
    public TraceRegrammarer progress(RewriteProgress listener) {
        this.progress = listener;
        return this;
    }

    /**
     * Whether the layer search rebuilds {@code s}'s grammar with SEQUITUR before it compares the counts: a stream of one
     * layer as the agent stores it, whose grammar was fed words of runs (model/strata/RunWords, session 48). Its layers
     * above are built with SEQUITUR over the runs, so its one-layer candidate is built so too: the search then compares
     * what it compared before the agent's words (on SOR's worker the words' grammar packed below two layers built with
     * SEQUITUR, and the search stopped at one layer where it had stored four) and stores the same. A stream written by a
     * rewrite has a SEQUITUR grammar already, which the rebuild would give again.
     */
    private boolean searchesLayers(StrataStream s) {
        return strataLayers != null && algorithm == null && s.layers() == 1;
    }

    private Grammar rebuild(Grammar g) {
        return algorithm == null ? g : algorithm.rebuild(g);
    }

    /** The address streams of one thread chunk, decoded and encoded again with {@link #addresses}. */
    private StreamChunk recode(StreamChunk s, ThreadSymbols symbols) {
        Alphabet runs = new Alphabet();
        Grammar[] grammars = new Grammar[s.grammars().length];
        long[][] exceptions = new long[grammars.length][];
        for (int i = 0; i < grammars.length; i++) {
            GrammarBuilder builder = (algorithm == null ? GrammarAlgorithm.DEFAULT : algorithm).newBuilder();
            AddressCoding.Stream st = addresses.recode(s.grammars()[i], symbols.runs, s.exceptions(i), runs, builder);
            grammars[i] = st.grammar();
            exceptions[i] = st.exceptions();
        }
        return new StreamChunk(s.kind(), AddressCoding.pairs(runs), s.instructions(), grammars, null, null, exceptions);
    }

    /**
     * What a rewrite did.
     *
     * @param chunks        chunks rewritten
     * @param chunksOut     chunks written (fewer when chunks were merged)
     * @param events        events they hold
     * @param inputComplete whether the input was a finished recording
     * @param grammarsIn    grammar symbols before (all grammars of all chunks)
     * @param grammarsOut   grammar symbols after
     * @param inBytes       size of the input file
     * @param outBytes      size of the output file
     */
    public record Result(int chunks, int chunksOut, long events, boolean inputComplete, long grammarsIn, long grammarsOut, long inBytes, long outBytes) {}

    /** Reads {@code in} and writes it with rebuilt grammars into {@code out} (created or replaced). */
    public Result rewrite(Path in, Path out) throws IOException {
        return rewrite(in, out, Map.of());
    }

    /**
     * As {@link #rewrite(Path, Path)}, with the trailer sections {@code trailer} added to a complete
     * input's (the strata outputs a finished STRATA recording gets, computed from its events, which
     * a rewrite does not change).
     */
    public Result rewrite(Path in, Path out, Map<SectionType, byte[]> trailer) throws IOException {
        try (TraceReader reader = TraceReader.open(in)) {
            // Versions 4 and 5 differ from the current one by the clock (4 lacks it) and the address streams'
            // exception lists (neither has any): their decoded chunks rewrite as they are, with empty lists.
            if (reader.version() < TraceFormat.CLOCK_SINCE - 1) {
                throw new FormatException(in.getFileName() + " is of trace format version " + reader.version()
                        + "; " + (algorithm != null ? "--grammar" : addresses != null ? "--addresses" : "--chunk-events")
                        + " rewrites versions " + (TraceFormat.CLOCK_SINCE - 1) + " to " + TraceFormat.VERSION + " only (record it again)");
            }
            long events = 0;
            long before = 0;
            long after = 0;
            int written = 0;
            long[] merged = new long[1];
            List<ThreadSymbols> symbols = new ArrayList<>();
            boolean merging = mergeEvents > 0 && ChunkGroup.supports(reader.mode());
            ChunkGroup group = null;
            try (TraceWriter writer = TraceWriter.create(out, reader.mode(), codec)) {
                for (int c = 0; c < reader.chunks().size(); c++) {
                    TraceSections.Chunk chunk = TraceSections.read(reader, c);
                    for (int t = 0; t < chunk.threads().size(); t++) symbols.add(new ThreadSymbols());
                    if (merging) {
                        if (group != null && group.events() >= mergeEvents) {
                            writeGroup(writer, group, symbols, merged);
                            written++;
                            group = null;
                        }
                        if (group == null) group = new ChunkGroup(algorithm == null ? GrammarAlgorithm.DEFAULT : algorithm,
                                addresses == null ? AddressCoding.PREDICTIVE : addresses, join);
                        long eventsBefore = group.events();
                        before += group.add(chunk, symbols);
                        events += group.events() - eventsBefore;
                        progress.at("reading chunks", c + 1, reader.chunks().size());
                        continue;
                    }
                    List<ThreadSyncColumn> ops = new ArrayList<>();
                    for (int t = 0; t < symbols.size(); t++) ops.add(new ThreadSyncColumn(64));
                    chunk.sync(symbols.size(), (thread, ticket, kindSite, object, aux) -> ops.get(thread).add(ticket, kindSite, object, aux));
                    List<ThreadChunk> threads = new ArrayList<>();
                    List<TraceSections.Decoded> decoded = new ArrayList<>();
                    for (TraceSections.Decoded d : chunk.threadChunks(symbols, t -> true)) decoded.add(d);
                    Map<String, String> properties = new LinkedHashMap<>(chunk.properties());
                    Map<StreamChunk, StrataStream> strata = strata(decoded, c, properties);
                    for (TraceSections.Decoded d : decoded) {
                        ThreadChunk tc = d.chunk();
                        List<StreamChunk> streams = new ArrayList<>();
                        for (StreamChunk s : tc.streamChunks()) {
                            if (s.strata() != null) { // a strata stream: its grammar over the runs is rebuilt, its tables kept, layers added where they pay
                                StrataStream st = strata.get(s);
                                before += s.strata().grammar().symbolCount();
                                after += st.grammar().symbolCount();
                                Grammar unfolded = st.unfold();
                                EdgeCounts counts = s.syncCounts() == null ? null : recount(unfolded, s.kind(), d.symbols());
                                streams.add(StreamChunk.strata(s.kind(), s.newSymbols(), st, unfolded, counts));
                                continue;
                            }
                            if (addresses != null && s.kind() == StreamKinds.ADDRESSES) {
                                StreamChunk recoded = recode(s, d.symbols());
                                for (Grammar g : s.grammars()) before += g.symbolCount();
                                for (Grammar g : recoded.grammars()) after += g.symbolCount();
                                streams.add(recoded);
                                continue;
                            }
                            Grammar[] rebuilt = new Grammar[s.grammars().length];
                            for (int i = 0; i < rebuilt.length; i++) {
                                Grammar g = s.grammars()[i];
                                rebuilt[i] = rebuild(g);
                                before += g.symbolCount();
                                after += rebuilt[i].symbolCount();
                            }
                            EdgeCounts counts = s.syncCounts() == null ? null : recount(rebuilt[0], s.kind(), d.symbols());
                            streams.add(new StreamChunk(s.kind(), s.newSymbols(), s.instructions(), rebuilt, counts, null, s.exceptions()));
                        }
                        threads.add(new ThreadChunk(tc.thread(), tc.events(), streams, ops.get(tc.thread())));
                        events += tc.events();
                    }
                    writer.writeChunk(new ChunkContent(properties, chunk.threads(), chunk.blocks(), chunk.instructions(), threads,
                            chunk.clock()), codec, Codec.NO_DEADLINE);
                    written++;
                    progress.at("chunks written", c + 1, reader.chunks().size());
                }
                if (group != null) {
                    writeGroup(writer, group, symbols, merged);
                    written++;
                }
                after += merged[0];
                if (reader.complete()) {
                    writer.copyTrailer(reader, trailer); // stored analyses of the events, which are unchanged
                    writer.finish();
                }
            }
            return new Result(reader.chunks().size(), written, events, reader.complete(), before, after, reader.size(), Files.size(out));
        }
    }

    /** Writes a merged group as one chunk: its threads' grammars built (reported thread by thread), then packed. */
    private void writeGroup(TraceWriter writer, ChunkGroup group, List<ThreadSymbols> symbols, long[] merged) throws IOException {
        ChunkContent content = group.content(symbols, merged, (done, total) -> progress.at("merging threads", done, total));
        progress.at("packing the merged chunk", 0, 1);
        writer.writeChunk(content, codec, Codec.NO_DEADLINE);
        progress.at("packing the merged chunk", 1, 1);
    }

    /**
     * The chunk's strata streams as they are written: each grammar over the runs rebuilt, and with
     * {@link #strataLayers} the chunk's layer count chosen over all its threads' streams together
     * (they are packed together: {@link StrataLayerChoice}).
     */
    private Map<StreamChunk, StrataStream> strata(List<TraceSections.Decoded> decoded, int chunk, Map<String, String> properties) {
        List<StreamChunk> chunks = new ArrayList<>();
        List<StrataStream> streams = new ArrayList<>();
        for (TraceSections.Decoded d : decoded) {
            for (StreamChunk s : d.chunk().streamChunks()) {
                if (s.strata() == null) continue;
                chunks.add(s);
                streams.add(s.strata().withGrammar(searchesLayers(s.strata()) ? GrammarAlgorithm.SEQUITUR.rebuild(s.strata().grammar())
                        : rebuild(s.strata().grammar())));
            }
        }
        if (strataLayers != null && !streams.isEmpty()) {
            StrataLayerChoice.Choice choice = StrataLayerChoice.choose(streams, strataLayers, codec);
            streams = choice.streams();
            properties.putAll(strataLayers.properties());
            if (choice.givenUp() != null) {
                properties.put(StrataLayerLimits.GIVEN_UP_PROPERTY + chunk, choice.givenUp());
                givenUp.accept("chunk " + chunk + ": " + choice.givenUp());
            }
        }
        Map<StreamChunk, StrataStream> out = new IdentityHashMap<>();
        for (int i = 0; i < chunks.size(); i++) out.put(chunks.get(i), streams.get(i));
        return out;
    }

    static EdgeCounts recount(Grammar g, StreamKind kind, ThreadSymbols symbols) {
        return EdgeCounts.count(g, s -> symbols.isSync(kind, s));
    }
}
