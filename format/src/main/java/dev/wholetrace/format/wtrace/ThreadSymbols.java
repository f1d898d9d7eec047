package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.util.Alphabet;

/**
 * A thread's symbol tables as a reader rebuilds them: one alphabet per stream kind ({@link
 * StreamKind}). {@link #control}, {@link #data} and {@link #runs} are today's three.
 *
 * <p>A thread has one {@code ThreadSymbols} for the whole trace, holding the alphabets that grow
 * chunk by chunk; each chunk is read through {@link #chunk}, a view that shares those and holds
 * fresh alphabets of the kinds whose alphabet restarts in every chunk ({@link #perChunk}: from
 * format version 3, the kinds whose descriptor says so).
 */
public final class ThreadSymbols {
    private final Alphabet[] byKind = new Alphabet[StreamKinds.MAX_ID + 1];
    /** Control symbols (tag, value), see {@link SymbolTag}. */
    public final Alphabet control;
    /** Data symbols (tag, value). */
    public final Alphabet data;
    /** The (difference, run length) pairs of the address streams. */
    public final Alphabet runs;

    /** A thread's trace-wide tables, empty. */
    public ThreadSymbols() {
        control = of(StreamKinds.CONTROL);
        data = of(StreamKinds.DATA);
        runs = of(StreamKinds.ADDRESSES);
    }

    private ThreadSymbols(ThreadSymbols thread, int version) {
        for (StreamKind k : StreamKinds.ALL) byKind[k.id()] = perChunk(k, version) ? new Alphabet() : thread.of(k);
        control = of(StreamKinds.CONTROL);
        data = of(StreamKinds.DATA);
        runs = of(StreamKinds.ADDRESSES);
    }

    /**
     * The tables one chunk of a file of format {@code version} is read with: this thread's
     * trace-wide alphabets, shared, and empty ones for the kinds whose alphabet is per chunk.
     */
    public ThreadSymbols chunk(int version) {
        return new ThreadSymbols(this, version);
    }

    /** Whether a file of format {@code version} restarts {@code kind}'s alphabet in every chunk. */
    public static boolean perChunk(StreamKind kind, int version) {
        return version >= 3 && kind.alphabetPerChunk();
    }

    /** Bytes held by the alphabets of the kinds that are per chunk in {@code version} (what a decoded chunk adds). */
    public long chunkBytes(int version) {
        long n = 0;
        for (StreamKind k : StreamKinds.ALL) if (perChunk(k, version)) n += of(k).footprintBytes();
        return n;
    }

    /** The alphabet of {@code kind}. */
    public Alphabet of(StreamKind kind) {
        Alphabet a = byKind[kind.id()];
        if (a == null) byKind[kind.id()] = a = new Alphabet();
        return a;
    }

    void add(StreamKind kind, long[] pairs, String what) throws FormatException {
        Alphabet table = of(kind);
        table.reserve(pairs.length / 2);
        for (int i = 0; i < pairs.length; i += 2) {
            int expected = table.size();
            String bad = meaningless(kind, pairs[i], pairs[i + 1]);
            if (bad != null) throw new FormatException("corrupted " + what + ": " + kind + " symbol " + expected + " " + bad);
            if (table.idOf(pairs[i], pairs[i + 1]) != expected) {
                throw new FormatException("corrupted " + what + ": " + kind + " symbol " + expected + " repeats an earlier one");
            }
        }
    }

    /**
     * Why a symbol cannot mean anything, or null: a (tag, value) symbol needs a known tag and, for a
     * sync operation, a known kind; a run of an address stream covers at least one address.
     */
    private static String meaningless(StreamKind kind, long first, long second) {
        if (kind == StreamKinds.CONTROL || kind == StreamKinds.DATA) {
            if (first < SymbolTag.BLOCK || first > SymbolTag.STORE) return "has unknown tag " + first;
            if (first == SymbolTag.SYNC && SyncKind.byOrdinal(SymbolTag.syncKindOrdinal(second)) == null) {
                return "is a sync operation of unknown kind " + SymbolTag.syncKindOrdinal(second);
            }
        } else if (kind == StreamKinds.STRATA) {
            if (first != SymbolTag.BLOCK && first != SymbolTag.SYNC) return "has tag " + first + " (a strata stream holds blocks and sync operations)";
            if (first == SymbolTag.SYNC && SyncKind.byOrdinal(SymbolTag.syncKindOrdinal(second)) == null) {
                return "is a sync operation of unknown kind " + SymbolTag.syncKindOrdinal(second);
            }
        } else if (kind == StreamKinds.ADDRESSES && second < 1) {
            return "is a run of length " + second;
        }
        return null;
    }

    /** Whether {@code symbol} of {@code kind}'s (tag, value) alphabet is a sync operation. */
    public boolean isSync(StreamKind kind, int symbol) {
        Alphabet a = of(kind);
        return symbol < a.size() && a.first(symbol) == SymbolTag.SYNC;
    }

    public boolean isSyncControl(int symbol) {
        return isSync(StreamKinds.CONTROL, symbol);
    }

    public boolean isSyncData(int symbol) {
        return isSync(StreamKinds.DATA, symbol);
    }
}
