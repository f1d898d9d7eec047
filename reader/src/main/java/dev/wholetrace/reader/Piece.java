package dev.wholetrace.reader;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.format.wtrace.ThreadSymbols;
import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.TerminalCounts;
import dev.wholetrace.model.util.Alphabet;
import java.util.HashMap;
import java.util.Map;

/**
 * One piece of a thread (its part of one chunk), decoded: the grammars of its thread chunk and the
 * symbol tables they are read with (the thread's trace-wide alphabets and the chunk's own, for
 * the stream kinds whose alphabet is per chunk). A reader holds a piece while it reads it; the
 * trace keeps recently read pieces in a {@link PieceCache} and decodes the others again from the
 * file when asked for them. The random-access helpers a segment needs (an instruction's
 * occurrences per rule, an address stream's seeker) are built on first use and live as long as
 * the piece.
 */
public final class Piece {
    private final ThreadChunk chunk;
    private final ThreadSymbols symbols;
    private final long bytes;
    private final Map<Integer, TerminalCounts> occurrences = new HashMap<>();
    private final Map<Integer, DiffRleDecoder.Seeker> seekers = new HashMap<>();

    Piece(ThreadChunk chunk, ThreadSymbols symbols, int version) {
        this.chunk = chunk;
        this.symbols = symbols;
        this.bytes = estimateBytes(chunk) + symbols.chunkBytes(version);
    }

    /** The thread chunk: its grammars and sync counts (no sync array: those are in the sync order). */
    public ThreadChunk chunk() {
        return chunk;
    }

    /** The tables the piece's grammars are read with. */
    public ThreadSymbols symbols() {
        return symbols;
    }

    /** About what the piece holds in memory: its grammars, sync counts and own alphabets. */
    long bytes() {
        return bytes;
    }

    /** How often control symbol {@code symbol} occurs per rule of the control WPP (built once). */
    synchronized TerminalCounts occurrences(int symbol) {
        return occurrences.computeIfAbsent(symbol, k -> new TerminalCounts(chunk.control(), symbol));
    }

    /** The seeker of the piece's {@code stream}-th address stream (built once). */
    synchronized DiffRleDecoder.Seeker seeker(int stream, Alphabet runs) {
        return seekers.computeIfAbsent(stream, k -> new DiffRleDecoder.Seeker(chunk.streams()[stream], runs, chunk.exceptions(stream)));
    }

    private static long estimateBytes(ThreadChunk chunk) {
        long n = 64;
        for (StreamChunk s : chunk.streamChunks()) {
            // a check grammar the file defers (format 14 on) is counted as what it holds once a command
            // decodes it (its coded bytes and the grammar its header declares), without decoding it:
            // the estimate is made once per piece, and a decoded one is some 20 times its coded bytes
            if (s.deferred() != null) n += deferredBytes(s.deferred().codedBytes(), s.deferred().declaredSize());
            else for (Grammar g : s.grammars()) n += grammarBytes(g);
            if (s.exceptions() != null) for (long[] e : s.exceptions()) n += 16L + 8L * e.length;
            EdgeCounts c = s.syncCounts();
            if (c != null) n += 8L * c.grammar().symbolCount() + 8L * c.grammar().ruleCount();
        }
        return n;
    }

    /** A grammar's arrays: its bodies (4 bytes a symbol, 8 more for the positions an expander seeks by), 16 bytes a rule. */
    private static long grammarBytes(Grammar g) {
        return 48 + 12L * g.symbolCount() + 16L * g.ruleCount();
    }

    /** A deferred grammar block: its coded bytes, and {@link #grammarBytes} of the grammars its header declares (count, symbols, rules). */
    private static long deferredBytes(int coded, long[] declared) {
        return 16L + coded + 48 * declared[0] + 12 * declared[1] + 16 * declared[2];
    }
}
