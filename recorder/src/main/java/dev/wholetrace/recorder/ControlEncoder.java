package dev.wholetrace.recorder;

import dev.wholetrace.model.util.LongLongMap;
import dev.wholetrace.model.util.SequenceHash;
import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.ThreadSyncColumn;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.PathDictionary;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import java.util.Arrays;

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
 *
 * <p>A path is collected and interned by its blocks' ids ({@link #rawPaths}), not their symbols:
 * only a path met for the first time in the chunk has its ids turned into symbols
 * ({@link BlockSymbols}) and interned among the chunk's paths ({@link #paths}). The id to symbol
 * lookup at every block was the compressor workers' largest frame on the Jackson driver
 * (11 % of their samples, overhead-profile.md, session 38), and a chunk repeats its paths; the
 * cost is a second dictionary as large as the first.
 * Symbols enter the alphabet in the same order as when each block was looked up as it came:
 * a path's new blocks are looked up before any other symbol joins it ({@link #resolvePending}),
 * and a new path's in its order at its end, so the trace's bytes are the same.
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
    /** The chunk's paths of symbols: what SEQUITUR's path terminals name, unfolded at the cut. */
    private final PathDictionary paths = new PathDictionary();
    /** The chunk's paths of codes ({@link #path}): raw path r is {@code paths}' {@code pathOfRaw[r]}. */
    private final PathDictionary rawPaths = new PathDictionary();
    private int[] pathOfRaw = new int[16];
    /** Raw paths with their path of symbols in {@link #pathOfRaw}: all of them but the open path when it is new. */
    private int knownRaw;
    /**
     * The open path by codes: a block id (&ge; 0) as itself, any other symbol s (a sync operation,
     * an access, a block whose id is not an int) as {@code -1 - s}. Codes of distinct symbols are
     * distinct, so a path of codes names one path of symbols.
     */
    private final int[] path = new int[MAX_PATH];
    private int pathLength;
    /** {@code path[0, pendingFrom)} has had its blocks' symbols looked up ({@link #resolvePending}). */
    private int pendingFrom;
    /** The path's symbols, made when a path of codes is new. */
    private final int[] pathSymbols = new int[MAX_PATH];
    /** {@link SequenceHash#hash} of {@code path[0, pathLength)}, kept code by code. */
    private long pathHash = SequenceHash.SEED;
    private long lastBlock;
    private final BlockSymbols blockSymbols = new BlockSymbols(symbols);
    /** Per load/store of the last buffer, its control symbol (kept only when {@code accesses}). */
    private int[] accessSymbols = new int[0];
    private GrammarBuilder grammar;
    /** Per counted loop's cycle number and number of whole cycles ({@code number << 16 | n}), the path terminal + 1 of those cycles in this chunk ({@link #cycles}). */
    private final LongLongMap cyclePaths = new LongLongMap(16);

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
                    if (syncColumn != null) BufferLayout.addSync(syncColumn, buf, i, value);
                }
                case BufferLayout.RUN -> events += run((int) BufferLayout.id(head), BufferLayout.runCycle(head), BufferLayout.runCount(buf, i)) - 1;
                default -> { } // BufferLayout.longs throws below
            }
            i += BufferLayout.longs(head);
        }
        return events;
    }

    /**
     * A counted loop's run: {@code count} blocks of cycle {@code number} ({@code cycle}), from its first
     * on, as {@link #block} would take them one by one. A run of whole cycles goes to SEQUITUR as whole
     * cycles: the open path is ended, then paths of as many cycles as a path holds, then one path of the
     * cycles left, each path interned once a chunk ({@link #cycles}), and the blocks of the last partial
     * cycle open the next path. Where paths end does not change the expansion; a row of SOR's two-block
     * loop is two or three SEQUITUR symbols instead of sixteen, and no per-block work. Returns {@code count}.
     */
    private int run(int number, int[] cycle, int count) {
        int period = cycle.length;
        int perPath = maxPath / period; // whole cycles a path holds
        int whole = count / period;
        if (perPath < 2 || whole < 2) {
            blocks(cycle, 0, count);
            return count;
        }
        endPath();
        int full = whole / perPath, rest = whole - full * perPath;
        if (full > 0) {
            int terminal = cycles(number, cycle, perPath);
            for (int k = 0; k < full; k++) OutOfLine.append(grammar, terminal);
        }
        if (rest * period >= 2) {
            OutOfLine.append(grammar, cycles(number, cycle, rest));
        } else if (rest > 0) {
            blocks(cycle, 0, period);
        }
        lastBlock = cycle[period - 1];
        blocks(cycle, 0, count - whole * period);
        return count;
    }

    /** {@code count} blocks of {@code cycle} from block {@code from} on, each through {@link #block}. */
    private void blocks(int[] cycle, int from, int count) {
        for (int k = 0, c = from; k < count; k++) {
            block(cycle[c]);
            if (++c == cycle.length) c = 0;
        }
    }

    /** The path terminal of {@code n} (at least 2 blocks) whole runs of {@code cycle}: interned at its first use in the chunk. */
    private int cycles(int number, int[] cycle, int n) {
        long key = (long) number << 16 | n;
        long known = cyclePaths.get(key);
        if (known != 0) return (int) (known - 1);
        for (int k = 0; k < n; k++) {
            for (int code : cycle) {
                path[pathLength++] = code;
                pathHash = SequenceHash.step(pathHash, code);
            }
        }
        int terminal = PathDictionary.terminal(pathOf(rawPaths.intern(path, pathLength, pathHash)));
        pathLength = 0;
        pendingFrom = 0;
        pathHash = SequenceHash.SEED;
        cyclePaths.put(key, terminal + 1L);
        return terminal;
    }

    private void block(long block) {
        if (pathLength == maxPath || pathLength >= minPath && block <= lastBlock) endPath();
        lastBlock = block;
        int code;
        if (block == (int) block) {
            code = (int) block;
        } else { // not an int: its symbol now, after the path's earlier blocks'
            resolvePending();
            code = -1 - blockSymbols.of(block);
            pendingFrom = pathLength + 1;
        }
        path[pathLength++] = code;
        pathHash = SequenceHash.step(pathHash, code);
    }

    /** The symbol of path code {@code code}. */
    private int symbolOf(int code) {
        return code >= 0 ? blockSymbols.of(code) : -1 - code;
    }

    /**
     * Looks up the symbols of the open path's blocks not looked up yet, so that a symbol about to
     * be added to the alphabet (a sync operation's, an access's) comes after theirs, as it did in
     * the string: the alphabet's order is the trace's.
     */
    private void resolvePending() {
        for (int k = pendingFrom; k < pathLength; k++) if (path[k] >= 0) blockSymbols.of(path[k]);
        pendingFrom = pathLength;
    }

    private int access(int tag, long instruction) {
        resolvePending();
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
        resolvePending();
        extendPath(symbols.idOf(SymbolTag.SYNC, value));
    }

    /** Appends a symbol that does not end a path by itself (an access or a sync operation), the path's blocks before it looked up. */
    private void extendPath(int symbol) {
        if (pathLength == maxPath) endPath();
        int code = -1 - symbol;
        path[pathLength++] = code;
        pendingFrom = pathLength;
        pathHash = SequenceHash.step(pathHash, code);
    }

    @Override
    long symbols() {
        return grammar.symbolCount() + paths.symbolCount() + pathLength;
    }

    /**
     * Hands the current path to SEQUITUR: as its symbol when it is one long, else as its path terminal. Through
     * {@link OutOfLine}, as every append here: SEQUITUR is then compiled once, not into each compile of the walk.
     */
    private void endPath() {
        if (pathLength == 0) return;
        OutOfLine.append(grammar, pathLength == 1 ? symbolOf(path[0]) : PathDictionary.terminal(pathOf(rawPaths.intern(path, pathLength, pathHash))));
        pathLength = 0;
        pendingFrom = 0;
        pathHash = SequenceHash.SEED;
    }

    /**
     * The path of symbols of raw path {@code raw}, the open path: interned among the chunk's paths
     * the first time (raw paths are numbered in order, so a new one is {@link #knownRaw}).
     */
    private int pathOf(int raw) {
        if (raw < knownRaw) return pathOfRaw[raw];
        if (raw == pathOfRaw.length) pathOfRaw = Arrays.copyOf(pathOfRaw, 2 * raw);
        for (int k = 0; k < pathLength; k++) pathSymbols[k] = symbolOf(path[k]);
        int p = paths.intern(pathSymbols, pathLength);
        pathOfRaw[raw] = p;
        knownRaw = raw + 1;
        return p;
    }

    @Override
    StreamChunk cut() {
        endPath();
        StreamChunk c = perThread(paths.unfold(grammar.toGrammar()));
        grammar = nextGrammar(grammar);
        paths.clear();
        rawPaths.clear();
        knownRaw = 0;
        cyclePaths.clear();
        return c;
    }
}
