package dev.wholetrace.reader;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.event.TraceClock;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.wtrace.CodeSections;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.ThreadSymbols;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceSections;
import java.io.IOException;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntPredicate;
import java.util.function.LongConsumer;

/**
 * A recorded execution read back from a {@code .wtrace} file: metadata, the per-thread traces and
 * the sync order. Loads the complete chunks of the file; a file whose writer did not finish is
 * read up to its last complete chunk ({@link #complete()} tells). Analyses read it as a {@link
 * TraceView}, which leaves the chunks out.
 */
public final class ParallelTrace implements TraceView {
    private final Path file;
    private final TraceMode mode;
    private final boolean complete;
    private final long ignoredBytes;
    private final long fileBytes;
    private final int version;
    private final List<List<Section>> chunks;
    private final List<Section> trailer;
    private final Map<String, String> properties = new LinkedHashMap<>();
    private final List<ThreadInfo> threads = new ArrayList<>();
    private final List<ThreadTrace> traces = new ArrayList<>();
    private final List<ThreadTrace> dataViews = new ArrayList<>();
    /** The CODE sections, checked but not decoded until the code map is asked for ({@link #code()}). */
    private final CodeSections codeSections;
    private volatile CodeMap code;
    private final SyncOrder syncOrder;
    private final TraceClock clock;
    private final long[] syncCounts; // per thread
    private final IntPredicate loaded;
    private final PieceLoader pieces;

    private ParallelTrace(TraceReader reader, IntPredicate load, LongConsumer progress) throws IOException {
        this(reader, load, progress, PieceCache.configured(), false);
    }

    /** @param lazy an eWPP's thread chunks only CRC-checked at open, each decoded when first read ({@link #openLazily}) */
    private ParallelTrace(TraceReader reader, IntPredicate load, LongConsumer progress, PieceCache cache, boolean lazy) throws IOException {
        this.loaded = load;
        this.file = reader.file();
        this.mode = reader.mode();
        this.complete = reader.complete();
        this.ignoredBytes = reader.ignoredBytes();
        this.fileBytes = reader.size();
        this.version = reader.version();
        this.chunks = reader.chunks();
        this.trailer = reader.trailer();
        if (!complete && chunks.isEmpty()) {
            throw new FormatException(file.getFileName() + " holds no complete chunk: the recording stopped before its first chunk was written");
        }
        this.pieces = new PieceLoader(reader, cache);
        this.codeSections = new CodeSections(file.getFileName().toString());
        List<ThreadSymbols> symbols = new ArrayList<>();
        SyncOrder.Builder sync = new SyncOrder.Builder(0, PageSpill.configured()); // packed as it is read; pages beyond the heap share spilled
        TraceClock.Builder clockSamples = new TraceClock.Builder();
        for (int c = 0; c < chunks.size(); c++) {
            TraceSections.Chunk chunk = TraceSections.read(reader, c);
            properties.putAll(chunk.properties());
            for (ThreadInfo t : chunk.threads()) {
                if (t.index() != threads.size()) throw new FormatException("corrupted THREADS section in chunk " + c + ": thread " + t.index() + " out of order");
                threads.add(t);
                symbols.add(new ThreadSymbols());
                traces.add(new ThreadTrace(t, symbols.get(t.index()), mode.mainWpp(), pieces));
                boolean dorView = mode.keeps(StreamKinds.DATA) && mode.mainWpp() != StreamKinds.DATA;
                dataViews.add(dorView ? new ThreadTrace(t, symbols.get(t.index()), StreamKinds.DATA, pieces) : null);
            }
            sync.threads(threads.size());
            codeSections.addAll(chunk.code());
            long[] samples = chunk.clock();
            for (int i = 0; i < samples.length; i += 2) {
                try {
                    clockSamples.add(samples[i], samples[i + 1]);
                } catch (IllegalArgumentException e) {
                    throw new FormatException("corrupted CLOCK section in chunk " + c + ": " + e.getMessage());
                }
            }
            chunk.sync(threads.size(), sync::add); // streamed into the packed order, one operation at a time
            if (lazy && mode == TraceMode.EWPP) {
                for (TraceSections.Pending d : chunk.checkedThreadChunks(threads.size())) {
                    if (load.test(d.thread())) traces.get(d.thread()).add(c, d, chunk.syncCount(d.thread()));
                }
            } else for (TraceSections.Decoded d : chunk.threadChunks(symbols, load)) {
                // the sync operations live in the packed order; the piece keeps its streams only
                int t = d.chunk().thread();
                long ops = chunk.syncCount(t);
                traces.get(t).add(c, d, ops);
                if (dataViews.get(t) != null) dataViews.get(t).add(c, d, ops);
            }
            Section end = chunks.get(c).get(chunks.get(c).size() - 1);
            progress.accept(end.offset() + end.fileBytes());
        }
        syncOrder = sync.build();
        clock = clockSamples.build(parseLongOr(properties.get(TraceClock.ORIGIN_PROPERTY)));
        syncCounts = new long[threads.size()];
        for (int t = 0; t < threads.size(); t++) {
            syncCounts[t] = syncOrder.count(t);
            traces.get(t).syncOrder(syncOrder);
            if (dataViews.get(t) != null) dataViews.get(t).syncOrder(syncOrder);
        }
    }

    /** Reads the complete chunks of {@code file}. */
    public static ParallelTrace open(Path file) throws IOException {
        return open(file, bytes -> { });
    }

    /** Reads the complete chunks of {@code file}, telling {@code progress} the bytes read after each chunk. */
    public static ParallelTrace open(Path file, LongConsumer progress) throws IOException {
        return open(file, t -> true, progress);
    }

    /**
     * Reads the metadata and the sync order of every thread but the WPPs and streams only of the
     * threads {@code load} accepts: random access into one thread of a trace of many costs that
     * thread's grammars, not all of them.
     */
    public static ParallelTrace open(Path file, IntPredicate load, LongConsumer progress) throws IOException {
        try (TraceReader reader = TraceReader.open(file)) {
            return new ParallelTrace(reader, load, progress);
        }
    }

    /** Reads {@code file} with a piece cache of {@code pieceCacheBytes} (tests: 0 decodes every piece again when read). */
    static ParallelTrace open(Path file, long pieceCacheBytes) throws IOException {
        try (TraceReader reader = TraceReader.open(file)) {
            return new ParallelTrace(reader, t -> true, bytes -> { }, new PieceCache(pieceCacheBytes), false);
        }
    }

    /**
     * Reads {@code file} as {@link #open(Path, LongConsumer)} does, but an eWPP's thread chunks are only
     * CRC-checked, as stored, and their event counts read: each is decoded, with every check the open pass
     * makes of it, when a reader first asks for it, and a count of every dependence reads of a chunk only its
     * check alphabet and stored check counts ({@link ThreadGrammar#checkCounts}). So damage behind valid CRCs
     * is found by what reads it, not by every command (docs/trace-format.md, "One structural validation");
     * {@code deps} opens this way. Other modes are read as {@link #open(Path, LongConsumer)} reads them.
     */
    public static ParallelTrace openLazily(Path file, LongConsumer progress) throws IOException {
        try (TraceReader reader = TraceReader.open(file)) {
            return new ParallelTrace(reader, t -> true, progress, PieceCache.configured(), true);
        }
    }

    public Path file() {
        return file;
    }

    public TraceMode mode() {
        return mode;
    }

    /** Whether the writer finished; if not, the trace holds the events of its complete chunks. */
    public boolean complete() {
        return complete;
    }

    /** Bytes of a partial chunk at the end of an unfinished file, not read. */
    public long ignoredBytes() {
        return ignoredBytes;
    }

    /** The file's format version (docs/trace-format.md, "Versions"). */
    public int version() {
        return version;
    }

    public long fileBytes() {
        return fileBytes;
    }

    public int chunkCount() {
        return chunks.size();
    }

    /** The sections of each complete chunk (for sizes). */
    public List<List<Section>> chunks() {
        return chunks;
    }

    /** Why the agent stopped recording before the program ended (ChunkContent.STOPPED_PROPERTY), or null if it recorded to the end. */
    public String stoppedEarly() {
        return properties().get(dev.wholetrace.format.wtrace.ChunkContent.STOPPED_PROPERTY);
    }

    public Map<String, String> properties() {
        return Collections.unmodifiableMap(properties);
    }

    public List<ThreadInfo> threads() {
        return Collections.unmodifiableList(threads);
    }

    /**
     * The code map, decoded from the CODE sections as it is asked for: what reads only events (race
     * detection on a trace without races, a replay) does not pay for it, and what asks for a few
     * instructions (a count's edges) pays for those (their sections' decompression and one pass
     * over them, here) and not for every entry's text ({@link CodeMap#lazy}). Damage the open pass's
     * CRC check could not see surfaces here, as bad input ({@link IllegalArgumentException}).
     */
    public CodeMap code() {
        CodeMap c = code;
        if (c != null) return c;
        synchronized (this) {
            if (code == null) {
                try {
                    code = codeSections.lazy();
                } catch (FormatException e) {
                    throw new IllegalArgumentException(e.getMessage() + " (decoding the code map)", e);
                }
            }
            return code;
        }
    }

    /** The code map decoded whole, damage anywhere in it a {@link FormatException} (for {@code wholetrace verify}). */
    public CodeMap checkedCode() throws FormatException {
        List<CodeEntry> blocks = new ArrayList<>(), instructions = new ArrayList<>();
        codeSections.decode(blocks, instructions);
        CodeMap decoded = new CodeMap();
        for (CodeEntry e : blocks) decoded.addBlock(e);
        for (CodeEntry e : instructions) decoded.addInstruction(e);
        return decoded;
    }

    /** Thread t's trace, read through its main WPP (the control WPP, or in DOR the data WPP). */
    public ThreadTrace thread(int t) {
        if (t < 0 || t >= traces.size()) throw new IndexOutOfBoundsException("no thread " + t + " (the trace has " + traces.size() + ")");
        if (!loaded.test(t)) throw new IllegalStateException("thread " + t + " was not loaded (the trace was opened for other threads)");
        return traces.get(t);
    }

    /** Whether thread t's WPPs were loaded (see {@link #open(Path, IntPredicate, LongConsumer)}). */
    public boolean isLoaded(int t) {
        return t >= 0 && t < traces.size() && loaded.test(t);
    }

    @Override
    public TraceClock clock() {
        return clock;
    }

    private static long parseLongOr(String s) {
        try {
            return s == null ? 0 : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Sync operations of thread t (known for every thread, loaded or not). */
    public long syncCount(int t) {
        return syncCounts[t];
    }

    /** In ALL mode, thread t read through its data WPP (the DOR view); otherwise null. */
    public ThreadTrace dataView(int t) {
        thread(t);
        return dataViews.get(t);
    }

    public SyncOrder syncOrder() {
        return syncOrder;
    }

    /** Events of the loaded threads. */
    public long eventCount() {
        long n = 0;
        for (int t = 0; t < traces.size(); t++) if (loaded.test(t)) n += traces.get(t).eventCount();
        return n;
    }

    // ---- the rest of TraceView: each thread through its ThreadTrace ----------------------------

    @Override
    public List<Section> sections() {
        List<Section> all = new ArrayList<>();
        for (List<Section> chunk : chunks) all.addAll(chunk);
        return Collections.unmodifiableList(all);
    }

    @Override
    public List<Section> trailer() {
        return trailer;
    }

    @Override
    public long eventCount(int thread) {
        return thread(thread).eventCount();
    }

    @Override
    public Iterator<Event> events(int thread) {
        return thread(thread).events();
    }

    @Override
    public Iterator<Event> events(int thread, long from, long to) {
        return thread(thread).events(from, to);
    }

    @Override
    public long syncPosition(int thread, long m) {
        return thread(thread).syncPosition(m);
    }

    @Override
    public EventCounts eventCounts(int thread) {
        return EventCounts.of(thread(thread));
    }

    /** The thread's pieces as grammars, each decoded when first asked (a fold holds one at a time). */
    @Override
    public List<ThreadGrammar> grammars(int thread) {
        ThreadTrace t = thread(thread);
        return new AbstractList<>() {
            @Override
            public ThreadGrammar get(int p) {
                Objects.checkIndex(p, t.pieceCount());
                return new ChunkGrammar(t, p);
            }

            @Override
            public int size() {
                return t.pieceCount();
            }
        };
    }

    /** Pieces read again from the file since the trace was opened (the rest came from the piece cache). */
    public long pieceDecodes() {
        return pieces.decodes();
    }

    /** The piece cache's budget in bytes ({@code -Dwholetrace.pieceCacheBytes}, else an eighth of the heap). */
    public long pieceCacheBudget() {
        return pieces.cache().budget();
    }
}
