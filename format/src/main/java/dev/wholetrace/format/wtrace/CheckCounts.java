package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import java.util.Arrays;
import java.util.function.IntToLongFunction;

/**
 * The check counts of one chunk's eWPP check grammar, stored before it in its STREAM section from
 * format {@link TraceFormat#CHECK_COUNTS_SINCE} (docs/trace-format.md, "Check counts"): the
 * grammar's occurrences per symbol tag and per head symbol (a load's signature group starts with
 * its head). Derived from the grammar at seal time, as its terminal counts are: what counting
 * every dependence edge reads of the grammar (analysis/deps/EwppCounts), so that a full count
 * decodes no check grammar, which is most of opening an eWPP (docs/results/ewpp.md, "Session 42").
 * The reader decodes the grammar only when asked for it and then checks it against these counts.
 *
 * @param perTag     occurrences per tag, {@link CheckSymbols#OK} .. the highest tag the writer knew
 * @param heads      the head symbols (ids in the chunk's check alphabet) that occur, ascending
 * @param headCounts their occurrences, each at least 1
 */
public record CheckCounts(long[] perTag, int[] heads, long[] headCounts) {
    /** The counts of {@code g}, whose terminals are the chunk's check symbols {@code pairs} (first, second, ...). */
    public static CheckCounts of(Grammar g, long[] pairs) {
        return of(g, pairs.length / 2, c -> pairs[2 * c]);
    }

    /** The counts of {@code g}, whose terminals are the symbols of the chunk's check {@code alphabet} (a file before format 14, which stores none). */
    public static CheckCounts of(Grammar g, Alphabet alphabet) {
        return of(g, alphabet.size(), alphabet::first);
    }

    private static CheckCounts of(Grammar g, int symbols, IntToLongFunction firstOf) {
        long[] counts = g.terminalCounts(symbols);
        long[] perTag = new long[CheckSymbols.XSTORE + 1];
        int[] heads = new int[counts.length];
        long[] headCounts = new long[counts.length];
        int n = 0;
        for (int c = 0; c < counts.length; c++) {
            if (counts[c] == 0) continue;
            int tag = CheckSymbols.tag(firstOf.applyAsLong(c));
            if (!CheckSymbols.known(tag)) throw new IllegalArgumentException("check symbol " + c + " has unknown tag " + tag);
            perTag[tag] += counts[c];
            if (!CheckSymbols.isHead(tag)) continue;
            heads[n] = c;
            headCounts[n++] = counts[c];
        }
        return new CheckCounts(perTag, Arrays.copyOf(heads, n), Arrays.copyOf(headCounts, n));
    }

    /** varint tags, that many varint occurrences; varint heads, that many (varint id − previous id − 1, varint occurrences − 1). */
    public void write(VarIntWriter w) {
        w.writeVarLong(perTag.length);
        for (long k : perTag) w.writeVarLong(k);
        w.writeVarLong(heads.length);
        int previous = -1;
        for (int i = 0; i < heads.length; i++) {
            w.writeVarLong(heads[i] - previous - 1L);
            w.writeVarLong(headCounts[i] - 1);
            previous = heads[i];
        }
    }

    /**
     * Reads what {@link #write} wrote for a chunk whose check alphabet is {@code pairs}: every head
     * must be a head symbol of it, the tags known, and the heads' occurrences those of the head tags.
     */
    public static CheckCounts read(VarIntReader in, long[] pairs) throws FormatException {
        int symbols = pairs.length / 2;
        int tags = in.readCount("check count tags", CheckSymbols.XSTORE + 1);
        long[] perTag = new long[CheckSymbols.XSTORE + 1];
        for (int t = 0; t < tags; t++) {
            perTag[t] = in.readVarLong("check count of a tag");
            if (perTag[t] < 0) throw in.corrupt("check count of tag " + t + " out of range");
        }
        int n = in.readCount("check count heads", symbols);
        int[] heads = new int[n];
        long[] headCounts = new long[n];
        long[] byTag = new long[perTag.length];
        long previous = -1;
        for (int i = 0; i < n; i++) {
            long c = previous + 1 + in.readVarLong("check count head");
            if (c <= previous || c >= symbols) throw in.corrupt("check count head " + c + " not in the chunk's " + symbols + " check symbols");
            int tag = CheckSymbols.tag(pairs[2 * (int) c]);
            if (!CheckSymbols.isHead(tag)) throw in.corrupt("check count symbol " + c + " is no head");
            long k = in.readVarLong("check count occurrences") + 1;
            if (k <= 0) throw in.corrupt("check count of symbol " + c + " out of range");
            heads[i] = (int) c;
            headCounts[i] = k;
            byTag[tag] += k;
            previous = c;
        }
        for (int t = 0; t < perTag.length; t++) {
            if (CheckSymbols.isHead(t) && byTag[t] != perTag[t]) {
                throw in.corrupt("check counts of tag " + t + ": " + perTag[t] + " in all, " + byTag[t] + " by head");
            }
        }
        return new CheckCounts(perTag, heads, headCounts);
    }

    /** Whether {@code g}, decoded after these counts were read, is the grammar they count (its terminals the chunk's check symbols {@code pairs}). */
    public boolean counts(Grammar g, long[] pairs) {
        CheckCounts of = of(g, pairs);
        return Arrays.equals(of.perTag, perTag) && Arrays.equals(of.heads, heads) && Arrays.equals(of.headCounts, headCounts);
    }
}
