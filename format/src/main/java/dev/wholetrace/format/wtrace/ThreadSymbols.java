package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.util.Alphabet;

/**
 * A thread's symbol tables as a reader rebuilds them chunk by chunk: one alphabet per stream kind
 * ({@link StreamKind}). {@link #control}, {@link #data} and {@link #runs} are today's three.
 */
public final class ThreadSymbols {
    private final Alphabet[] byKind = new Alphabet[StreamKinds.MAX_ID + 1];
    /** Control symbols (tag, value), see {@link SymbolTag}. */
    public final Alphabet control = of(StreamKinds.CONTROL);
    /** Data symbols (tag, value). */
    public final Alphabet data = of(StreamKinds.DATA);
    /** The (difference, run length) pairs of the address streams. */
    public final Alphabet runs = of(StreamKinds.ADDRESSES);

    /** The alphabet of {@code kind}. */
    public Alphabet of(StreamKind kind) {
        Alphabet a = byKind[kind.id()];
        if (a == null) byKind[kind.id()] = a = new Alphabet();
        return a;
    }

    void add(StreamKind kind, long[] pairs, String what) throws FormatException {
        Alphabet table = of(kind);
        for (int i = 0; i < pairs.length; i += 2) {
            int expected = table.size();
            if (table.idOf(pairs[i], pairs[i + 1]) != expected) {
                throw new FormatException("corrupted " + what + ": " + kind + " symbol " + expected + " repeats an earlier one");
            }
        }
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
