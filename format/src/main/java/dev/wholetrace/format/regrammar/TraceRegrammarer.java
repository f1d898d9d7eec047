package dev.wholetrace.format.regrammar;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.ChunkContent;
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
import java.util.List;
import java.util.Map;

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
 */
public final class TraceRegrammarer {
    private final GrammarAlgorithm algorithm;
    private final AddressCoding addresses;
    private final Codec codec;
    private final long mergeEvents;
    private final boolean join;

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
        this(algorithm, addresses, codec, mergeEvents, false);
    }

    private TraceRegrammarer(GrammarAlgorithm algorithm, AddressCoding addresses, Codec codec, long mergeEvents, boolean join) {
        if (algorithm == null && addresses == null && mergeEvents <= 0) throw new IllegalArgumentException("nothing to rebuild");
        if (mergeEvents < 0) throw new IllegalArgumentException("mergeEvents must not be negative");
        this.algorithm = algorithm;
        this.addresses = addresses;
        this.codec = codec;
        this.mergeEvents = mergeEvents;
        this.join = join;
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
        return new TraceRegrammarer(null, null, codec, mergeEvents, true);
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
                            writer.writeChunk(group.content(symbols, merged), codec, Codec.NO_DEADLINE);
                            written++;
                            group = null;
                        }
                        if (group == null) group = new ChunkGroup(algorithm == null ? GrammarAlgorithm.DEFAULT : algorithm,
                                addresses == null ? AddressCoding.PREDICTIVE : addresses, join);
                        long eventsBefore = group.events();
                        before += group.add(chunk, symbols);
                        events += group.events() - eventsBefore;
                        continue;
                    }
                    List<ThreadSyncColumn> ops = new ArrayList<>();
                    for (int t = 0; t < symbols.size(); t++) ops.add(new ThreadSyncColumn(64));
                    chunk.sync(symbols.size(), (thread, ticket, kindSite, object, aux) -> ops.get(thread).add(ticket, kindSite, object, aux));
                    List<ThreadChunk> threads = new ArrayList<>();
                    for (TraceSections.Decoded d : chunk.threadChunks(symbols, t -> true)) {
                        ThreadChunk tc = d.chunk();
                        List<StreamChunk> streams = new ArrayList<>();
                        for (StreamChunk s : tc.streamChunks()) {
                            if (s.strata() != null) { // a strata stream: its grammar over the runs is rebuilt, its tables kept
                                StrataStream st = s.strata().withGrammar(rebuild(s.strata().grammar()));
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
                    writer.writeChunk(new ChunkContent(chunk.properties(), chunk.threads(), chunk.blocks(), chunk.instructions(), threads,
                            chunk.clock()), codec, Codec.NO_DEADLINE);
                    written++;
                }
                if (group != null) {
                    writer.writeChunk(group.content(symbols, merged), codec, Codec.NO_DEADLINE);
                    written++;
                }
                after += merged[0];
                if (reader.complete()) {
                    writer.copyTrailer(reader, Map.of()); // stored analyses of the events, which are unchanged
                    writer.finish();
                }
            }
            return new Result(reader.chunks().size(), written, events, reader.complete(), before, after, reader.size(), Files.size(out));
        }
    }

    static EdgeCounts recount(Grammar g, StreamKind kind, ThreadSymbols symbols) {
        return EdgeCounts.count(g, s -> symbols.isSync(kind, s));
    }
}
