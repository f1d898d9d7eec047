package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.grammar.Grammar;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Format 18's copy list of an address-stream section (docs/trace-format.md, "Address streams"):
 * a stream whose grammar equals an earlier stream's of the same section but for the start rule's
 * first terminal, and whose exception list is equal, is stored as a reference to that stream and
 * its own first terminal, not as a grammar and a list of its own. Why: an instruction's first
 * difference is its absolute address (from 0) and the rest its shape; the loads of one object's
 * fields in a loop (Water's x, y, z of each molecule) have the same shape, and per-stream grammars
 * stored them once each (Water at 2 threads: 138 of the main thread's 160 streams and 129 of each
 * worker's 163 repeat an earlier one).
 */
final class AddressCopies {
    private AddressCopies() {}

    /**
     * A section's plan: {@code source[k]} is the earlier stream stream {@code k} copies, or −1 for a
     * stream stored in full; {@code first[k]} a copy's own first terminal (as {@link #read} gives it:
     * its difference to the previous stream's, which {@link #assemble} resolves).
     */
    record Plan(int[] source, int[] first) {
        /** Indices of the streams stored in full, in order. */
        int[] own() {
            return java.util.stream.IntStream.range(0, source.length).filter(k -> source[k] < 0).toArray();
        }
    }

    /**
     * Which streams copy an earlier one: the first stream of each (grammar but its first symbol,
     * exception list) is stored, later equal ones refer to it, as long as the symbols copied in
     * the section stay within {@link GrammarCodec#MAX_SYMBOLS} (the bound a reader applies).
     */
    static Plan plan(Grammar[] grammars, long[][] exceptions) {
        int n = grammars.length;
        int[] source = new int[n];
        int[] first = new int[n];
        Arrays.fill(source, -1);
        Map<Shape, Integer> seen = new HashMap<>();
        long copied = 0;
        for (int k = 0; k < n; k++) {
            Grammar g = grammars[k];
            if (g.bodyLength(0) == 0 || Grammar.isRule(g.symbol(0, 0))) continue;
            Shape key = new Shape(g.withFirstSymbol(0), exceptions == null || exceptions[k] == null ? new long[0] : exceptions[k]);
            Integer j = seen.putIfAbsent(key, k);
            if (j == null || copied + g.symbolCount() > GrammarCodec.MAX_SYMBOLS) continue;
            copied += g.symbolCount();
            source[k] = j;
            first[k] = g.symbol(0, 0);
        }
        return new Plan(source, first);
    }

    /**
     * The copy list: per stream, varint 0 (stored in full), or varint (k − source) and svarint its
     * first terminal minus the previous stream's ({@link #previousFirst}): a merged thread numbers
     * its runs as its streams meet them, so a copy's first run, its one new symbol, is mostly the
     * next id, and the differences repeat where the ids do not.
     */
    static void write(Plan p, Grammar[] grammars, VarIntWriter w) {
        for (int k = 0; k < p.source.length; k++) {
            if (p.source[k] < 0) {
                w.writeVarLong(0);
            } else {
                w.writeVarLong(k - p.source[k]);
                w.writeSignedVarLong((long) p.first[k] - previousFirst(grammars, k));
            }
        }
    }

    /** The first terminal of stream {@code k − 1}, or 0 for the first stream or one that begins with a rule. */
    private static long previousFirst(Grammar[] grammars, int k) {
        if (k == 0) return 0;
        Grammar g = grammars[k - 1];
        return g.bodyLength(0) == 0 || Grammar.isRule(g.symbol(0, 0)) ? 0 : g.symbol(0, 0);
    }

    /** Reads the copy list of {@code n} streams. */
    static Plan read(VarIntReader in, int n) throws FormatException {
        int[] source = new int[n];
        int[] first = new int[n];
        for (int k = 0; k < n; k++) {
            long back = in.readVarLong("copy distance");
            // a 10-byte varint reads negative: without the first test the cast below would name a later stream, itself, or any
            if (back < 0 || back > k) throw in.corrupt("stream " + k + " copies a stream " + Long.toUnsignedString(back) + " before it");
            source[k] = back == 0 ? -1 : k - (int) back;
            if (back > 0) {
                long d = in.readSignedVarLong("copied stream's first terminal");
                if (d < -Integer.MAX_VALUE || d > Integer.MAX_VALUE) throw in.corrupt("first terminal difference " + d + " out of range");
                first[k] = (int) d; // resolved against the previous stream by assemble
            }
        }
        return new Plan(source, first);
    }

    /**
     * Every stream's grammar and exception list: the stored ones ({@code grammars}, {@code exceptions}
     * in the order of {@link Plan#own}) in their places, each copy rebuilt from its source. The
     * symbols copied are bounded by {@link GrammarCodec#MAX_SYMBOLS} per section, the format's limit
     * on one grammar: a few bytes of copy list cost no more than one crafted grammar could.
     */
    static Grammar[] assemble(Plan p, List<Grammar> grammars, long[][] exceptions, long[][] allExceptions, VarIntReader in)
            throws FormatException {
        int n = p.source.length;
        Grammar[] out = new Grammar[n];
        int next = 0;
        long copied = 0;
        for (int k = 0; k < n; k++) {
            int j = p.source[k];
            if (j < 0) {
                if (next >= grammars.size()) throw in.corrupt(grammars.size() + " stream grammars for more streams stored in full");
                out[k] = grammars.get(next);
                if (allExceptions != null) allExceptions[k] = exceptions[next];
                next++;
                continue;
            }
            Grammar s = out[j];
            copied += s.symbolCount();
            if (copied > GrammarCodec.MAX_SYMBOLS) throw in.corrupt("copied streams exceed " + GrammarCodec.MAX_SYMBOLS + " symbols");
            if (s.bodyLength(0) == 0 || Grammar.isRule(s.symbol(0, 0))) throw in.corrupt("stream " + k + " copies a stream that does not begin with a terminal");
            long first = previousFirst(out, k) + p.first[k];
            if (first < 0 || first > Integer.MAX_VALUE) throw in.corrupt("stream " + k + "'s first terminal " + first + " out of range");
            out[k] = s.withFirstSymbol((int) first);
            if (allExceptions != null) allExceptions[k] = allExceptions[j];
        }
        if (next != grammars.size()) throw in.corrupt(grammars.size() + " stream grammars for " + next + " streams stored in full");
        return out;
    }

    /** A stream's grammar with its first symbol set to 0, and its exception list: what a copy shares. */
    private record Shape(Grammar grammar, long[] exceptions) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Shape s && grammar.equals(s.grammar) && Arrays.equals(exceptions, s.exceptions);
        }

        @Override
        public int hashCode() {
            return 31 * grammar.hashCode() + Arrays.hashCode(exceptions);
        }
    }

    /** The stored part of a section's per-stream array: the entries of the streams stored in full. */
    static <T> List<T> own(Plan p, T[] all) {
        List<T> out = new ArrayList<>();
        for (int k : p.own()) out.add(all[k]);
        return out;
    }
}
