package dev.wholetrace.reader;

import dev.wholetrace.format.wtrace.CheckCounts;
import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.TraceSections;
import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;

/**
 * One chunk's part of a thread as a {@link ThreadGrammar}, read through the view's WPP. The piece
 * is decoded (or taken from the trace's cache) on the first question that needs its grammars, and
 * held as long as this object: a fold reads each part once, and the parts it is done with are
 * garbage ({@link ParallelTrace#grammars} makes them one at a time).
 */
final class ChunkGrammar implements ThreadGrammar {
    private final ThreadTrace thread;
    private final int index;
    private Piece piece;
    private Alphabet symbols;
    private TraceSections.Checks checks;

    ChunkGrammar(ThreadTrace thread, int index) {
        this.thread = thread;
        this.index = index;
    }

    private Piece piece() {
        if (piece == null) {
            piece = thread.piece(index);
            symbols = piece.symbols().of(thread.view());
        }
        return piece;
    }

    private Alphabet symbols() {
        piece();
        return symbols;
    }

    @Override
    public Grammar wpp() {
        return piece().chunk().grammar(thread.view());
    }

    @Override
    public int terminals() {
        return symbols().size();
    }

    @Override
    public Event.Type type(int terminal) {
        return switch ((int) symbols().first(terminal)) {
            case SymbolTag.BLOCK -> Event.Type.BLOCK;
            case SymbolTag.SYNC -> Event.Type.SYNC;
            case SymbolTag.LOAD -> Event.Type.LOAD;
            case SymbolTag.STORE -> Event.Type.STORE;
            default -> throw new IllegalStateException("symbol " + terminal + " has an unknown tag");
        };
    }

    @Override
    public long value(int terminal) {
        return symbols().second(terminal);
    }

    @Override
    public long eventCount() {
        return thread.eventsOfPiece(index);
    }

    @Override
    public long syncCount() {
        return thread.syncCountOf(index);
    }

    @Override
    public int addressStreams() {
        // only a control WPP reads its loads and stores from address streams; streamSymbols() is empty, never null, without streams
        return thread.view() == StreamKinds.CONTROL ? piece().chunk().streamSymbols().length : 0;
    }

    @Override
    public int addressStreamTerminal(int k) {
        return piece().chunk().streamSymbols()[k];
    }

    @Override
    public Grammar stream(StreamKind kind) {
        return piece().chunk().stream(kind) == null ? null : piece().chunk().grammar(kind);
    }

    @Override
    public CheckCounts checkCounts() {
        TraceSections.Checks c = checksOnly();
        if (c != null) return c.counts();
        StreamChunk s = piece().chunk().stream(StreamKinds.CHECKS);
        return s == null ? null : s.checkCounts();
    }

    @Override
    public Alphabet alphabet(StreamKind kind) {
        TraceSections.Checks c = kind == StreamKinds.CHECKS ? checksOnly() : null;
        return c != null ? c.alphabet() : piece().symbols().of(kind);
    }

    /**
     * The check alphabet and counts read alone, where the piece is not decoded (a lazily opened eWPP: a count
     * of every edge reads nothing else of it); null once it is, or where the file stores no counts. The same
     * symbols in the same order as the piece's own alphabet, so a grammar decoded later reads with either.
     */
    private TraceSections.Checks checksOnly() {
        if (checks == null && piece == null) checks = thread.checksOnly(index);
        return checks;
    }

    @Override
    public DiffRleDecoder addressStream(int k) {
        return new DiffRleDecoder(piece().chunk().streams()[k], piece().symbols().runs, piece().chunk().exceptions(k));
    }
}
