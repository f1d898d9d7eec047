package dev.wholetrace.analysis.deps;

import dev.wholetrace.format.wtrace.CheckCounts;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import java.util.Arrays;

/**
 * What counting every edge reads of one chunk's check grammar ({@link EwppCounts}), in one pass
 * over the grammar and one over its alphabet: each symbol's occurrences in the expansion (the
 * terminal counts), the occurrences per tag (the statistics), and the head symbols that occur.
 * Query-independent, so {@link EwppIndex} keeps it per opened trace with the chunk's other
 * summaries. No edge is here: a head's edge needs the filter and the sync order, which the
 * recovery asks for each head. (mp3d's alphabet holds 10^5 symbols, nearly all XSTORE instances
 * read once: three passes over it per recovery, to find the heads, were an eighth of a warm one.)
 */
final class CheckSummary {
    /** Occurrences in the expansion per symbol of the chunk's check alphabet (of the heads only if {@link #headsOnly}). */
    final long[] counts;
    /** Whether {@link #counts} holds the heads' occurrences only (the file's stored counts: the other symbols' are in {@link #perTag}). */
    final boolean headsOnly;
    /** Occurrences per tag ({@link CheckSymbols#OK} .. {@link CheckSymbols#XSTORE}). */
    final long[] perTag = new long[CheckSymbols.XSTORE + 1];
    /** The head symbols that occur, ascending. */
    final int[] heads;
    /** Whether every head of the alphabet names its load (format 9 on), so that edges can be counted on the grammar. */
    final boolean namesLoads;
    /** Signature groups: the occurrences of heads, one per load. */
    final long groups;

    CheckSummary(Grammar checks, Alphabet alphabet) {
        counts = checks.terminalCounts(alphabet.size());
        headsOnly = false;
        int[] found = new int[16];
        int n = 0;
        boolean named = true;
        long g = 0;
        for (int c = 0; c < counts.length; c++) {
            long first = alphabet.first(c);
            int tag = CheckSymbols.tag(first);
            boolean head = CheckSymbols.isHead(tag);
            if (head && CheckSymbols.load(first) < 0) named = false;
            long k = counts[c];
            if (k == 0) continue;
            if (!CheckSymbols.known(tag)) throw new IllegalStateException("check symbol tag " + tag + " unknown");
            perTag[tag] += k;
            if (!head) continue;
            g += k;
            if (n == found.length) found = Arrays.copyOf(found, 2 * n);
            found[n++] = c;
        }
        heads = Arrays.copyOf(found, n);
        namesLoads = named;
        groups = g;
    }

    /**
     * The same from the counts the file stores beside the grammar (format 14 on), which the
     * reader checked against the alphabet: no pass over the grammar, which is not even decoded.
     */
    CheckSummary(CheckCounts stored, Alphabet alphabet) {
        counts = new long[alphabet.size()];
        headsOnly = true;
        long g = 0;
        for (int i = 0; i < stored.heads().length; i++) {
            counts[stored.heads()[i]] = stored.headCounts()[i];
            g += stored.headCounts()[i];
        }
        System.arraycopy(stored.perTag(), 0, perTag, 0, perTag.length);
        boolean named = true;
        for (int c = 0; c < counts.length && named; c++) {
            long first = alphabet.first(c);
            if (CheckSymbols.isHead(CheckSymbols.tag(first)) && CheckSymbols.load(first) < 0) named = false;
        }
        heads = stored.heads().clone();
        namesLoads = named;
        groups = g;
    }
}
