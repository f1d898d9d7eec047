package dev.wholetrace.reader;

import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.ThreadChunk;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Turns the terminals of one chunk's WPP, from some position on, back into events: symbols into
 * blocks, accesses and sync operations, each sync operation completed from the sync order, each
 * load/store of a control WPP completed from its instruction's address stream (sought to the
 * right address without decoding the ones before).
 */
final class EventCursor implements Iterator<Event> {
    private final Piece piece;
    private final Alphabet symbols;
    private final Alphabet runs;
    private final boolean control;
    private final GrammarExpander terminals;
    private final long start;
    private long position;
    private final ThreadTrace.SyncOperations sync;
    private DiffRleDecoder[] streams; // per control symbol, opened on first use

    /**
     * @param expander  positioned at {@code start}; may expand a sub-rule (a segment's LCA)
     * @param start     position of the expander's first terminal in the chunk's WPP
     * @param sync      the thread's sync operations from the first at or after {@code start}
     */
    EventCursor(Piece piece, Alphabet symbols, Alphabet runs, boolean control,
                GrammarExpander expander, long start, ThreadTrace.SyncOperations sync) {
        this.piece = piece;
        this.symbols = symbols;
        this.runs = runs;
        this.control = control;
        this.terminals = expander;
        this.start = start;
        this.position = start;
        this.sync = sync;
    }

    @Override
    public boolean hasNext() {
        return terminals.hasNext();
    }

    @Override
    public Event next() {
        if (!terminals.hasNext()) throw new NoSuchElementException();
        int symbol = terminals.next();
        position++;
        int tag = (int) symbols.first(symbol);
        long value = symbols.second(symbol);
        return switch (tag) {
            case SymbolTag.BLOCK -> Event.block((int) value);
            case SymbolTag.SYNC -> {
                ThreadSyncOps.Reader s = sync.next();
                yield Event.sync(SyncKind.byOrdinal(SymbolTag.syncKindOrdinal(value)), SymbolTag.syncSite(value), s.object, s.aux);
            }
            case SymbolTag.LOAD, SymbolTag.STORE -> {
                boolean load = tag == SymbolTag.LOAD;
                if (!control) yield load ? Event.load(-1, value) : Event.store(-1, value);
                // mode EWPP names the instruction but keeps no address (docs/ewpp.md)
                if (piece.chunk().stream(StreamKinds.ADDRESSES) == null) yield load ? Event.load((int) value, -1) : Event.store((int) value, -1);
                long address = stream(symbol).nextLong();
                yield load ? Event.load((int) value, address) : Event.store((int) value, address);
            }
            default -> throw new IllegalStateException("symbol " + symbol + " has unknown tag " + tag);
        };
    }

    private DiffRleDecoder stream(int symbol) {
        if (streams == null) streams = new DiffRleDecoder[symbols.size()];
        DiffRleDecoder d = streams[symbol];
        if (d == null) {
            ThreadChunk chunk = piece.chunk();
            int k = indexOf(chunk.streamSymbols(), symbol);
            if (k < 0) throw new IllegalStateException("no address stream for instruction symbol " + symbol);
            // How far into its stream this instruction is: its occurrences before the cursor's start.
            long skip = start == 0 ? 0 : piece.occurrences(symbol).countBefore(start);
            streams[symbol] = d = skip == 0 ? new DiffRleDecoder(chunk.streams()[k], runs, chunk.exceptions(k))
                    : piece.seeker(k, runs).at(skip);
        }
        return d;
    }

    private static int indexOf(int[] sorted, int v) {
        int i = java.util.Arrays.binarySearch(sorted, v);
        return i >= 0 ? i : -1;
    }
}
