package dev.wholetrace.recorder;

import static dev.wholetrace.recorder.BufferLayout.BLOCK;
import static dev.wholetrace.recorder.BufferLayout.LOAD;
import static dev.wholetrace.recorder.BufferLayout.STORE;
import static dev.wholetrace.recorder.BufferLayout.SYNC;

import dev.wholetrace.model.address.DiffRleEncoder;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.PathDictionary;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.ThreadChunk;
import java.util.Arrays;

/**
 * Compresses one thread's events online, on a background worker: SEQUITUR over the control
 * string, SEQUITUR over the data string, one Diff∘RLE∘SEQ encoder per load/store instruction, as
 * the mode asks. {@link #cut} freezes what the current chunk holds and starts the next; symbol
 * tables persist across chunks so that each symbol is written once.
 *
 * <p>The control string reaches SEQUITUR folded into paths ({@link PathDictionary}): runs of
 * blocks and access instructions between sync operations, cut at a backward jump (a block whose id
 * is not above the previous one's: ids grow in code order within a method) once a path holds
 * {@value #MIN_PATH} symbols, and at {@value #MAX_PATH}. A loop iteration, or a few of them, is
 * then one SEQUITUR symbol; SEQUITUR's per-symbol cost is what bounds online compression. At the
 * cut the paths become rules of the chunk's grammar, so readers see an ordinary WPP. Without
 * folding ({@link RecorderConfig#foldPaths()} false) every path is one symbol long: the grammar
 * is then exactly SEQUITUR's.
 */
final class ThreadCompressor {
    /** Shortest path a backward jump ends; shorter ones run on through the next iteration. */
    static final int MIN_PATH = 8;
    /** Longest path: bounds how many distinct paths irregular code can make. */
    static final int MAX_PATH = 64;

    private final int thread;
    private final TraceMode mode;
    private final Alphabet controlSymbols = new Alphabet();
    private final Alphabet dataSymbols = new Alphabet();
    private final Alphabet runs = new Alphabet();
    private int controlWritten;
    private int dataWritten;
    private int runsWritten;

    private final GrammarAlgorithm grammars;
    private GrammarBuilder control;
    private final PathDictionary paths = new PathDictionary();
    private final int[] path = new int[MAX_PATH];
    private final int minPath;
    private final int maxPath;
    private int pathLength;
    private long lastBlock;
    private GrammarBuilder data;
    private DiffRleEncoder[] streams = new DiffRleEncoder[0];
    private long[] sync = new long[64];
    private int syncLongs;
    private long events;

    ThreadCompressor(int thread, TraceMode mode, boolean foldPaths) {
        this(thread, mode, foldPaths, GrammarAlgorithm.DEFAULT);
    }

    ThreadCompressor(int thread, TraceMode mode, boolean foldPaths, GrammarAlgorithm grammars) {
        this.grammars = grammars;
        this.thread = thread;
        this.mode = mode;
        this.minPath = foldPaths ? MIN_PATH : 1;
        this.maxPath = foldPaths ? MAX_PATH : 1;
        startChunk();
    }

    int thread() {
        return thread;
    }

    private void startChunk() {
        control = mode.control ? grammars.newBuilder() : null;
        paths.clear();
        pathLength = 0;
        data = mode.dataWpp ? grammars.newBuilder() : null;
        Arrays.fill(streams, null);
        syncLongs = 0;
        events = 0;
    }

    /**
     * What the chunk currently costs in memory, in symbols: those of the open grammars, plus one
     * per sync operation (each waits for the chunk's SYNC_ORDER section as four longs).
     */
    long symbols() {
        long n = syncLongs / ThreadChunk.SYNC_LONGS;
        if (control != null) n += control.symbolCount() + paths.symbolCount() + pathLength;
        if (data != null) n += data.symbolCount();
        return n;
    }

    /** Feeds the events of one buffer; returns how many there were. */
    int consume(long[] buf, int length) {
        int before = (int) events;
        int i = 0;
        while (i < length) {
            long head = buf[i];
            switch ((int) head & 0xFF) {
                case BLOCK -> {
                    long block = head >>> 8;
                    if (pathLength == maxPath || pathLength >= minPath && block <= lastBlock) endPath();
                    lastBlock = block;
                    path[pathLength++] = controlSymbols.idOf(SymbolTag.BLOCK, block);
                    i += 1;
                }
                case LOAD, STORE -> {
                    int tag = ((int) head & 0xFF) == LOAD ? SymbolTag.LOAD : SymbolTag.STORE;
                    long address = buf[i + 1];
                    if (mode.streams) {
                        int symbol = controlSymbols.idOf(tag, head >>> 8);
                        if (pathLength == maxPath) endPath();
                        path[pathLength++] = symbol;
                        stream(symbol).append(address);
                    }
                    if (mode.dataWpp) data.append(dataSymbols.idOf(tag, address));
                    i += 2;
                }
                case SYNC -> {
                    long value = (head >>> 8 & 0xFF) << 32 | head >>> 16 & 0xFFFF_FFFFL;
                    if (control != null) {
                        endPath(); // sync terminals stay in the grammar itself: synch_cnt counts them there
                        control.append(controlSymbols.idOf(SymbolTag.SYNC, value));
                    }
                    if (data != null) data.append(dataSymbols.idOf(SymbolTag.SYNC, value));
                    addSync(buf[i + 2], value, buf[i + 1], buf[i + 3]);
                    i += 4;
                }
                default -> throw new IllegalStateException("corrupt event buffer: tag " + (head & 0xFF) + " at " + i);
            }
            events++;
        }
        return (int) events - before;
    }

    /** Hands the current path to SEQUITUR: as itself when it is one symbol, else as its path terminal. */
    private void endPath() {
        if (pathLength == 0) return;
        control.append(pathLength == 1 ? path[0] : PathDictionary.terminal(paths.intern(path, pathLength)));
        pathLength = 0;
    }

    private DiffRleEncoder stream(int symbol) {
        if (symbol >= streams.length) streams = Arrays.copyOf(streams, Math.max(symbol + 1, streams.length * 2));
        DiffRleEncoder e = streams[symbol];
        if (e == null) streams[symbol] = e = new DiffRleEncoder(runs, grammars.newBuilder());
        return e;
    }

    private void addSync(long ticket, long value, long object, long aux) {
        if (syncLongs + ThreadChunk.SYNC_LONGS > sync.length) sync = Arrays.copyOf(sync, sync.length * 2);
        sync[syncLongs] = ticket;
        sync[syncLongs + 1] = value;
        sync[syncLongs + 2] = object;
        sync[syncLongs + 3] = aux;
        syncLongs += ThreadChunk.SYNC_LONGS;
    }

    /** Freezes the current chunk, or returns null if the thread recorded nothing in it. */
    ThreadChunk cut() {
        if (events == 0) return null;
        int streamCount = 0;
        for (DiffRleEncoder e : streams) if (e != null) streamCount++;
        int[] streamSymbols = new int[streamCount];
        Grammar[] streamGrammars = new Grammar[streamCount];
        int k = 0;
        for (int s = 0; s < streams.length; s++) {
            DiffRleEncoder e = streams[s];
            if (e == null) continue;
            e.finish();
            streamSymbols[k] = s;
            streamGrammars[k++] = e.grammar().toGrammar();
        }
        if (control != null) endPath();
        Grammar c = control == null ? null : paths.unfold(control.toGrammar());
        Grammar d = data == null ? null : data.toGrammar();
        ThreadChunk chunk = new ThreadChunk(thread, events,
                newPairs(controlSymbols, controlWritten), newPairs(dataSymbols, dataWritten), newPairs(runs, runsWritten),
                c, c == null ? null : EdgeCounts.count(c, s -> controlSymbols.first(s) == SymbolTag.SYNC),
                d, d == null ? null : EdgeCounts.count(d, s -> dataSymbols.first(s) == SymbolTag.SYNC),
                streamSymbols, streamGrammars, Arrays.copyOf(sync, syncLongs));
        controlWritten = controlSymbols.size();
        dataWritten = dataSymbols.size();
        runsWritten = runs.size();
        startChunk();
        return chunk;
    }

    private static long[] newPairs(Alphabet a, int from) {
        long[] out = new long[2 * (a.size() - from)];
        for (int id = from, j = 0; id < a.size(); id++, j += 2) {
            out[j] = a.first(id);
            out[j + 1] = a.second(id);
        }
        return out;
    }
}
