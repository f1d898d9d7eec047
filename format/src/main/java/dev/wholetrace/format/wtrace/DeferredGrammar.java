package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.model.grammar.Grammar;

/**
 * An eWPP check grammar read from its section but decoded only when first asked for: from format
 * {@link TraceFormat#CHECK_COUNTS_SINCE} its {@link CheckCounts} stand before it, and they are all
 * a full dependence count reads of it, while decoding the range-coded grammars is most of opening
 * an eWPP. Decoded, it is checked as an eager read would check it, and against the counts; a
 * damaged grammar is then an IllegalArgumentException (a command's one-line error, exit 2), not a
 * FormatException at open. Safe for the reader's decoding threads.
 */
public final class DeferredGrammar {
    private final VarIntReader in;
    private final long[] pairs;
    private final CheckCounts counts;
    private final String where;
    private final int codedBytes;
    /** The grammar count, symbols and rules its block declares (zeros if its header is damaged: decoding it says so). */
    private final long[] declared;
    private Grammar grammar;
    /** Why decoding failed, if it did: {@code in} stands where it stopped, so a second read would say something else. */
    private Exception failure;

    /** {@code in}: the section from the grammar on; {@code pairs}: the chunk's check symbols, which the grammar's terminals number. */
    DeferredGrammar(VarIntReader in, long[] pairs, CheckCounts counts, String where) {
        this.in = in;
        this.pairs = pairs;
        this.counts = counts;
        this.where = where;
        this.codedBytes = in.remaining();
        long[] d;
        try {
            d = GrammarCodec.declaredSize(in);
        } catch (FormatException e) {
            d = new long[3];
        }
        this.declared = d;
    }

    /** The coded bytes it holds (also once decoded: they stay with it). */
    public int codedBytes() {
        return codedBytes;
    }

    /**
     * The grammar count, total symbols and total rules its block's header declares: what decoding
     * it allocates, known without decoding it, for a reader's memory estimate (a decoded check
     * grammar is some 20 times its coded bytes: mp3d's, session 42).
     */
    public long[] declaredSize() {
        return declared.clone();
    }

    /** Whether it was decoded already. */
    public synchronized boolean decoded() {
        return grammar != null;
    }

    /** The grammar, decoded and checked the first time; a damaged one is the same error every time it is asked for. */
    synchronized Grammar get() {
        if (failure != null) throw new IllegalArgumentException(failure.getMessage(), failure);
        if (grammar == null) {
            try {
                Grammar g = GrammarCodec.read(in);
                in.expectEnd();
                int size = pairs.length / 2;
                if (g.maxTerminal() >= size) throw in.corrupt("the check stream uses symbol " + g.maxTerminal() + " of " + size);
                if (!counts.counts(g, pairs)) throw new FormatException("corrupted " + where + ": its check grammar is not what its check counts count");
                grammar = g;
            } catch (FormatException | IllegalArgumentException e) { // the latter: a Grammar the codec's checks let through
                failure = e;
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        return grammar;
    }
}
