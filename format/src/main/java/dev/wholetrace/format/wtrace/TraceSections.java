package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/** Decodes the sections of one complete chunk (see {@link TraceReader} for finding them). */
public final class TraceSections {
    private TraceSections() {}

    /** Receives a chunk's sync operations one at a time, in S_synch order (see {@link Chunk#sync}). */
    @FunctionalInterface
    public interface SyncSink {
        /** Operation of thread {@code thread}: its ticket, kind &lt;&lt; 32 | site, object and aux (as in ThreadChunk#sync). */
        void add(int thread, long ticket, long kindSite, long object, long aux) throws FormatException;
    }

    /**
     * One thread's part of a chunk, decoded: its thread chunk, the symbol tables it was read with
     * (the thread's trace-wide alphabets and the chunk's own, {@link ThreadSymbols#chunk}) and its
     * sections, from which {@link #decodeAgain} reads it once more.
     */
    public record Decoded(ThreadChunk chunk, ThreadSymbols symbols, List<Section> sections) {}

    /**
     * Decodes once more thread {@code thread}'s {@code sections} of chunk {@code chunk}, which an
     * earlier {@link Chunk#threadChunks} decoded and checked (a reader that keeps no grammars
     * resident reads a piece again when it is asked for it): the thread's trace-wide alphabets
     * ({@code thread}'s tables) already hold its symbols; the chunk's own alphabets are rebuilt.
     * {@code syncOps}: the thread's operations in the chunk's sync order.
     */
    public static Decoded decodeAgain(TraceReader reader, int chunk, int thread, List<Section> sections, ThreadSymbols symbols,
                                      long syncOps) throws IOException {
        ThreadSymbols view = symbols.chunk(reader.version());
        ThreadChunk tc = Chunk.decode(reader, chunk, thread, sections, view, syncOps, 0, true);
        return new Decoded(tc, view, sections);
    }

    /**
     * Only the grammar of thread {@code thread}'s per-thread stream {@code kind} in chunk {@code
     * chunk} (decoded and checked before by {@link Chunk#threadChunks}), or null if the thread has
     * no such stream there: for folds that need a WPP and nothing else of the piece (event counts),
     * when the kind's alphabet is trace-wide and so already known.
     */
    public static Grammar decodeStreamAgain(TraceReader reader, List<Section> sections, StreamKind kind) throws IOException {
        for (Section s : sections) {
            if (s.type() == SectionType.SYMBOLS || s.type() == SectionType.SYNC_COUNTS || s.stream() != kind) continue;
            VarIntReader in = Chunk.in(reader, s);
            Grammar g = kind == StreamKinds.STRATA // decoded and checked before: its symbols are known to be in the alphabet
                    ? ThreadChunkCodec.unfold(StrataStreamCodec.read(in, Integer.MAX_VALUE, reader.version()), in)
                    : GrammarCodec.read(in);
            in.expectEnd();
            return g;
        }
        return null;
    }

    /**
     * One thread's part of a chunk as the lazy open pass leaves it ({@link Chunk#checkedThreadChunks}): its
     * sections, CRC-checked and not decoded, the event count its SYMBOLS section declares, the hash of its
     * operations in S_synch, which {@link #decodeFirst} checks its WPP against, and the SYMBOLS section's
     * payload, decompressed for the event count and kept for {@link #decodeChecks} (not decompressed twice).
     */
    public record Pending(int thread, List<Section> sections, long events, long opsHash, byte[] symbols) {}

    /**
     * Decodes and checks, for the first time, thread {@code thread}'s {@code sections} of chunk {@code chunk},
     * which the lazy open pass only CRC-checked: every check {@link Chunk#threadChunks} makes of it (symbols,
     * grammars, sync counts, agreement with S_synch: {@code opsHash}); the thread's trace-wide alphabets
     * ({@code symbols}) grow with its new symbols, so its earlier pieces must have been decoded first.
     */
    public static Decoded decodeFirst(TraceReader reader, int chunk, int thread, List<Section> sections, ThreadSymbols symbols,
                                      long syncOps, long opsHash) throws IOException {
        ThreadSymbols view = symbols.chunk(reader.version());
        ThreadChunk tc = Chunk.decode(reader, chunk, thread, sections, view, syncOps, opsHash, false);
        return new Decoded(tc, view, sections);
    }

    /** A chunk's check alphabet and stored check counts, read without the rest of its thread chunk ({@link #decodeChecks}). */
    public record Checks(Alphabet alphabet, CheckCounts counts) {}

    /**
     * What a count of every dependence reads of thread {@code thread}'s part of chunk {@code chunk}: its check
     * alphabet (its SYMBOLS section parsed, only the check symbols kept: no trace-wide alphabet grows) and the
     * check counts stored before its check grammar (format 14 on), neither the grammars nor the other symbols
     * decoded. Null where the file stores no counts or the thread chunk lacks those sections (the whole
     * decode then reads, or reports, it). {@code symbolsPayload}: the SYMBOLS section's payload if the caller
     * has it ({@link Pending#symbols}), else null (read from the file).
     */
    public static Checks decodeChecks(TraceReader reader, int chunk, int thread, List<Section> sections, byte[] symbolsPayload)
            throws IOException {
        int version = reader.version();
        if (version < TraceFormat.CHECK_COUNTS_SINCE || !ThreadSymbols.perChunk(StreamKinds.CHECKS, version)) return null;
        Section sym = null;
        Section checks = null;
        for (Section s : sections) {
            if (s.type() == SectionType.SYMBOLS) sym = s;
            else if (s.type() != SectionType.SYNC_COUNTS && s.stream() == StreamKinds.CHECKS) checks = s;
        }
        if (sym == null || checks == null) return null;
        VarIntReader symbolsIn = symbolsPayload == null ? Chunk.in(reader, sym)
                : new VarIntReader(symbolsPayload, reader.file().getFileName() + ": " + sym.describe() + " at offset " + sym.offset());
        long[] fresh = ThreadChunkCodec.checkSymbols(version, reader.mode(), symbolsIn);
        ThreadSymbols view = new ThreadSymbols().chunk(version);
        view.add(StreamKinds.CHECKS, fresh, "SYMBOLS section of thread " + thread + " in chunk " + chunk);
        return new Checks(view.of(StreamKinds.CHECKS), CheckCounts.read(Chunk.in(reader, checks), fresh));
    }

    /** A chunk's metadata, decoded; its thread chunks are decoded by {@link #threadChunks}. */
    public static final class Chunk {
        private final TraceReader reader;
        private final int index;
        private final Map<String, String> properties = new LinkedHashMap<>();
        private final List<ThreadInfo> threads = new ArrayList<>();
        private final CodeSections code;
        private List<CodeEntry> blocks;
        private List<CodeEntry> instructions;
        private final Map<Integer, List<Section>> perThread = new LinkedHashMap<>();
        private Section syncOrder;
        private long[] clock = new long[0];
        private ChunkCodec.SyncTotals sync;
        private long declaredEvents;

        private Chunk(TraceReader reader, int index) {
            this.reader = reader;
            this.index = index;
            this.code = new CodeSections(reader.file().getFileName().toString());
        }

        public Map<String, String> properties() {
            return properties;
        }

        public List<ThreadInfo> threads() {
            return threads;
        }

        /** The blocks this chunk's CODE section defines (decoded on the first call of this or {@link #instructions}). */
        public List<CodeEntry> blocks() throws FormatException {
            decodeCode();
            return blocks;
        }

        /** The instructions this chunk's CODE section defines. */
        public List<CodeEntry> instructions() throws FormatException {
            decodeCode();
            return instructions;
        }

        /** This chunk's CODE section, CRC-checked but not decoded: for a reader that decodes the code map when it is asked for. */
        public CodeSections code() {
            return code;
        }

        private void decodeCode() throws FormatException {
            if (blocks != null) return;
            List<CodeEntry> b = new ArrayList<>(), i = new ArrayList<>();
            code.decode(b, i);
            blocks = b;
            instructions = i;
        }

        /** The clock samples of this chunk's CLOCK section: ticket, nanoseconds, ticket, ... (empty if none). */
        public long[] clock() {
            return clock;
        }

        /**
         * Streams this chunk's sync operations (its SYNC_ORDER section) into {@code sink}, in
         * S_synch order; {@code threadCount} threads are defined so far. Nothing per operation is
         * kept here: only each thread's count and a hash for the thread chunk checks. Call it
         * once, before {@link #threadChunks}.
         */
        public void sync(int threadCount, SyncSink sink) throws IOException {
            if (sync != null) throw new IllegalStateException("chunk " + index + "'s sync order was streamed already");
            sync = syncOrder == null ? ChunkCodec.SyncTotals.NONE : SyncOrderCodec.decode(reader.version(), in(syncOrder), threadCount, sink);
            for (int t = 0; t < sync.counts().length; t++) {
                if (sync.counts()[t] > 0 && !perThread.containsKey(t)) {
                    throw new FormatException("corrupted chunk " + index + ": thread " + t + " has sync operations but no events");
                }
            }
        }

        /** Thread t's sync operations in this chunk (after {@link #sync}). */
        public long syncCount(int t) {
            if (sync == null) throw new IllegalStateException("chunk " + index + "'s sync order was not streamed yet");
            return sync.count(t);
        }

        /**
         * Decodes the thread chunks of every thread and returns those of the threads {@code load}
         * accepts, adding new symbols to {@code symbols} (indexed by thread, covering every thread
         * defined so far). The other threads' chunks are decoded, checked and dropped: every
         * command sees the same damage, whichever threads it reads. Checks the chunk's event count
         * against its CHUNK_END. The thread chunks hold no sync array: their operations went to
         * {@link #sync}'s sink ({@link #syncCount} counts them).
         */
        public List<Decoded> threadChunks(List<ThreadSymbols> symbols, IntPredicate load) throws IOException {
            if (sync == null) sync(symbols.size(), (t, ticket, kindSite, object, aux) -> { });
            List<Decoded> out = new ArrayList<>();
            long chunkEvents = 0;
            for (Map.Entry<Integer, List<Section>> e : perThread.entrySet()) {
                int t = e.getKey();
                if (t >= symbols.size()) throw new FormatException("corrupted chunk " + index + ": events of undeclared thread " + t);
                ThreadSymbols view = symbols.get(t).chunk(reader.version());
                ThreadChunk tc = decode(reader, index, t, e.getValue(), view, sync.count(t), sync.hash(t), false);
                chunkEvents += tc.events();
                if (load.test(t)) out.add(new Decoded(tc, view, e.getValue()));
            }
            if (chunkEvents != declaredEvents) {
                throw new FormatException("corrupted chunk " + index + ": its CHUNK_END declares " + declaredEvents
                        + " events, its threads hold " + chunkEvents);
            }
            reader.chunkDecoded(index, chunkEvents);
            return out;
        }

        /**
         * The lazy open pass's part of {@link #threadChunks}: every thread's sections CRC-checked as stored (not
         * decompressed, but for its SYMBOLS section, whose first varint is the thread's event count) and none
         * decoded; the chunk's event count checked against its CHUNK_END. What a decode checks besides (the
         * symbols, the grammars and their agreement with S_synch) is checked when a piece is first decoded
         * ({@link #decodeFirst}), so damage behind valid CRCs is found by what reads it, not at open.
         */
        public List<Pending> checkedThreadChunks(int threadCount) throws IOException {
            if (sync == null) sync(threadCount, (t, ticket, kindSite, object, aux) -> { });
            List<Pending> out = new ArrayList<>();
            long chunkEvents = 0;
            for (Map.Entry<Integer, List<Section>> e : perThread.entrySet()) {
                int t = e.getKey();
                if (t >= threadCount) throw new FormatException("corrupted chunk " + index + ": events of undeclared thread " + t);
                Section sym = null;
                for (Section s : e.getValue()) {
                    if (s.type() == SectionType.SYMBOLS) sym = s;
                    else reader.verify(s);
                }
                if (sym == null) throw new FormatException("corrupted chunk " + index + ": thread " + t + " lacks its SYMBOLS section");
                byte[] payload = reader.payload(sym);
                VarIntReader in = new VarIntReader(payload, reader.file().getFileName() + ": " + sym.describe() + " at offset " + sym.offset());
                long events = ThreadChunkCodec.declaredEvents(in);
                if (events < 0 || events > declaredEvents - chunkEvents) {
                    throw in.corrupt("thread " + t + " declares " + events + " events, more than its chunk's CHUNK_END leaves");
                }
                chunkEvents += events;
                out.add(new Pending(t, e.getValue(), events, sync.hash(t), payload));
            }
            if (chunkEvents != declaredEvents) {
                throw new FormatException("corrupted chunk " + index + ": its CHUNK_END declares " + declaredEvents
                        + " events, its threads hold " + chunkEvents);
            }
            reader.chunkDecoded(index, chunkEvents);
            return out;
        }

        /** One thread's sections of a chunk, decoded and (unless {@code again}) checked. */
        private static ThreadChunk decode(TraceReader reader, int index, int t, List<Section> sections, ThreadSymbols symbols,
                                          long syncOps, long opsHash, boolean again) throws IOException {
            TraceMode mode = reader.mode();
            Section sym = null;
            Section counts = null;
            Map<StreamKind, VarIntReader> streams = new HashMap<>();
            for (Section s : sections) {
                if (s.type() == SectionType.SYMBOLS) sym = s;
                else if (s.type() == SectionType.SYNC_COUNTS) counts = s;
                else if (!mode.keeps(s.stream())) throw new FormatException("corrupted chunk " + index + ": " + s.describe() + " holds a stream the mode (" + mode.label() + ") does not keep");
                else streams.put(s.stream(), in(reader, s));
            }
            if (sym == null) throw new FormatException("corrupted chunk " + index + ": thread " + t + " lacks its SYMBOLS section");
            return ThreadChunkCodec.decode(reader.version(), mode, index, t, in(reader, sym), streams, counts == null ? null : in(reader, counts),
                    syncOps, opsHash, symbols, again);
        }

        private VarIntReader in(Section s) throws IOException {
            return in(reader, s);
        }

        private static VarIntReader in(TraceReader reader, Section s) throws IOException {
            return new VarIntReader(reader.payload(s), reader.file().getFileName() + ": " + s.describe() + " at offset " + s.offset());
        }
    }

    /** Reads chunk {@code c}'s metadata sections and indexes its per-thread ones. */
    public static Chunk read(TraceReader reader, int c) throws IOException {
        Chunk chunk = new Chunk(reader, c);
        for (Section s : reader.chunks().get(c)) {
            switch (s.type()) {
                case PROPERTIES -> chunk.properties.putAll(ChunkCodec.properties(chunk.in(s)));
                case THREADS -> chunk.threads.addAll(ChunkCodec.threads(chunk.in(s)));
                case CODE -> chunk.code.add(s, reader.stored(s)); // decoded when asked for (CodeSections)
                case CODE_INDEX -> chunk.code.index(s, CodePieces.read(chunk.in(s), reader.version()));
                case SYNC_ORDER -> chunk.syncOrder = s;
                case CLOCK -> chunk.clock = ChunkCodec.clock(chunk.in(s));
                case CHUNK_END -> chunk.declaredEvents = ChunkIndex.checkChunkEnd(chunk.in(s), reader.version(), c, reader.chunks().get(c));
                case END, PACK -> { } // a PACK stands for its header and directory: the reader lists the sections it holds
                default -> {
                    List<Section> sections = chunk.perThread.computeIfAbsent(s.thread(), k -> new ArrayList<>());
                    for (Section other : sections) {
                        if (other.type() == s.type() && other.stream() == s.stream()) {
                            throw new FormatException("corrupted chunk " + c + ": a second " + s.describe());
                        }
                    }
                    sections.add(s);
                }
            }
        }
        chunk.code.checkPieces(c);
        return chunk;
    }
}
