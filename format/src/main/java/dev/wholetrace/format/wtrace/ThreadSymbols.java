package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.model.util.Alphabet;

/**
 * A thread's symbol tables as a reader rebuilds them chunk by chunk: control symbols, data
 * symbols (both (tag, value), see {@link SymbolTag}) and the (difference, run length) pairs of the
 * address streams.
 */
public final class ThreadSymbols {
    public final Alphabet control = new Alphabet();
    public final Alphabet data = new Alphabet();
    public final Alphabet runs = new Alphabet();

    void add(Alphabet table, long[] pairs, String what) throws FormatException {
        for (int i = 0; i < pairs.length; i += 2) {
            int expected = table.size();
            if (table.idOf(pairs[i], pairs[i + 1]) != expected) {
                throw new FormatException("corrupted " + what + ": symbol " + expected + " repeats an earlier one");
            }
        }
    }

    public boolean isSyncControl(int symbol) {
        return symbol < control.size() && control.first(symbol) == SymbolTag.SYNC;
    }

    public boolean isSyncData(int symbol) {
        return symbol < data.size() && data.first(symbol) == SymbolTag.SYNC;
    }
}
