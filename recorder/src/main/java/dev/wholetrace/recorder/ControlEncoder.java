package dev.wholetrace.recorder;

import dev.wholetrace.model.util.SequenceHash;
import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.ThreadSyncColumn;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.PathDictionary;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;

/**
 * The control WPP (StreamKinds.CONTROL): SEQUITUR over blocks, sync operations and, when the
 * mode keeps address streams, the load/store instructions as they execute.
 *
 * <p>The control string reaches SEQUITUR folded into paths ({@link PathDictionary}): runs of
 * blocks, sync operations and access instructions, cut at a backward jump (a block whose id
 * is not above the previous one's: ids grow in code order within a method) once a path holds
 * {@value #MIN_PATH} symbols, and at {@value #MAX_PATH}. A loop iteration, or a few of them, is
 * then one SEQUITUR symbol; SEQUITUR's per-symbol cost is what bounds online compression. At the
 * cut the paths become rules of the chunk's grammar, so readers see an ordinary WPP. Without
 * folding ({@link RecorderConfig#foldPaths()} false) every path is one symbol long: the grammar
 * is then exactly SEQUITUR's.
 */
final class ControlEncoder extends StreamEncoder {
    /**
     * Shortest path a backward jump ends; shorter ones run on through the next iteration. 16, not
     * 8: a thread that runs tight loops (math3's main thread, 0.7 G blocks in 45 s) is compressed
     * by one worker, so SEQUITUR's cost per path bounds the whole recording. Twice as many blocks
     * a path: the compressor 0.6x as costly on math3 (3 % more grammar bytes in CompressorReplay),
     * the whole recording 0.87x the CPU for 14 % larger traces (a dictionary of paths per chunk;
     * docs/results/overhead-profile.md, session 32).
     */
    static final int MIN_PATH = 16;
    /** Longest path: bounds how many distinct paths irregular code can make. */
    static final int MAX_PATH = 128;

    private final boolean accesses;
    private final int minPath;
    private final int maxPath;
    private final PathDictionary paths = new PathDictionary();
    private final int[] path = new int[MAX_PATH];
    private int pathLength;
    /** {@link SequenceHash#hash} of {@code path[0, pathLength)}, kept symbol by symbol. */
    private long pathHash = SequenceHash.SEED;
    private long lastBlock;
    private final BlockSymbols blockSymbols = new BlockSymbols(symbols);
    /** Per load/store of the last buffer, its control symbol (kept only when {@code accesses}). */
    private int[] accessSymbols = new int[0];
    private GrammarBuilder grammar;

    /** @param accesses whether load/store instructions are part of the string (CDR, ALL) */
    ControlEncoder(boolean accesses, boolean foldPaths, GrammarAlgorithm grammars) {
        super(StreamKinds.CONTROL, grammars);
        this.grammar = newGrammar();
        this.accesses = accesses;
        this.minPath = foldPaths ? MIN_PATH : 1;
        this.maxPath = foldPaths ? MAX_PATH : 1;
    }

    @Override
    void consume(long[] buf, int length) {
        consume(buf, length, null);
    }

    /**
     * {@link #consume(long[], int)}, also adding each sync operation to {@code syncColumn} (unless
     * null) and counting the events: the thread's compressor then needs no walk of its own over
     * the buffer (a second walk over every event was ~10 % of the compressors' samples on the
     * Guava and Jackson drivers, overhead-profile.md, session 37). Returns the buffer's events.
     */
    int consume(long[] buf, int length, ThreadSyncColumn syncColumn) {
        if (accesses && accessSymbols.length < length / 2) accessSymbols = new int[length / 2];
        int access = 0;
        int events = 0;
        for (int i = 0; i < length; events++) {
            long head = buf[i];
            if (BufferLayout.isBlock(head)) { // most events: no switch, one predictable branch
                block(BufferLayout.id(head));
                i++;
                continue;
            }
            switch (BufferLayout.tag(head)) {
                case BufferLayout.LOAD, BufferLayout.STORE, BufferLayout.XLOAD -> {
                    if (accesses) accessSymbols[access++] = access(BufferLayout.accessTag(head), BufferLayout.id(head));
                }
                case BufferLayout.SYNC -> {
                    long value = BufferLayout.syncValue(head);
                    sync(value);
                    if (syncColumn != null) syncColumn.add(buf[i + 2], value, buf[i + 1], buf[i + 3]);
                }
                default -> { } // BufferLayout.longs throws below
            }
            i += BufferLayout.longs(head);
        }
        return events;
    }

    private void block(long block) {
        if (pathLength == maxPath || pathLength >= minPath && block <= lastBlock) endPath();
        lastBlock = block;
        int symbol = blockSymbols.of(block);
        path[pathLength++] = symbol;
        pathHash = SequenceHash.step(pathHash, symbol);
    }


    private int access(int tag, long instruction) {
        int symbol = symbols.idOf(tag, instruction);
        extendPath(symbol);
        return symbol;
    }

    /**
     * The control symbol of the buffer's {@code k}-th load/store, from the last {@link #consume}:
     * what keys the instruction's address stream.
     */
    int accessSymbol(int k) {
        return accessSymbols[k];
    }

    /**
     * A sync operation joins the path like a block: a loop that synchronizes in every iteration
     * (takes a lock, updates a concurrent map) is then still one SEQUITUR symbol an iteration
     * instead of one per operation and one per run of blocks between them. synch_cnt is counted
     * on the unfolded grammar, where the path is a rule like any other.
     */
    private void sync(long value) {
        extendPath(symbols.idOf(SymbolTag.SYNC, value));
    }

    /** Appends a symbol that does not end a path by itself (an access or a sync operation). */
    private void extendPath(int symbol) {
        if (pathLength == maxPath) endPath();
        path[pathLength++] = symbol;
        pathHash = SequenceHash.step(pathHash, symbol);
    }

    @Override
    long symbols() {
        return grammar.symbolCount() + paths.symbolCount() + pathLength;
    }

    /** Hands the current path to SEQUITUR: as itself when it is one symbol, else as its path terminal. */
    private void endPath() {
        if (pathLength == 0) return;
        grammar.append(pathLength == 1 ? path[0] : PathDictionary.terminal(paths.intern(path, pathLength, pathHash)));
        pathLength = 0;
        pathHash = SequenceHash.SEED;
    }

    @Override
    StreamChunk cut() {
        endPath();
        StreamChunk c = perThread(paths.unfold(grammar.toGrammar()));
        grammar = nextGrammar(grammar);
        paths.clear();
        return c;
    }
}
