package dev.wholetrace.analysis.deps;

import dev.wholetrace.format.wtrace.CheckCounts;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.util.Alphabet;

/**
 * What counting every edge reads of one chunk's check grammar ({@link EwppCounts}): the
 * occurrences per tag (the statistics), the head symbols that occur and their occurrences, and
 * whether the heads name their loads. Query-independent, so {@link EwppIndex} keeps it per opened
 * trace with the chunk's other summaries. Made from the chunk's {@link CheckCounts}: those the file
 * stores beside the grammar (format 14 on), else those of the decoded grammar ({@link
 * CheckCounts#of}; one pass over it: session 42 had a second, equal pass here). No edge is here: a
 * head's edge needs the filter and the sync order, which the recovery asks for each head.
 */
final class CheckSummary {
    /** Occurrences in the expansion per symbol of the chunk's check alphabet, of the head symbols (0 for the others: their occurrences are in {@link #perTag}). */
    final long[] counts;
    /** Occurrences per tag ({@link CheckSymbols#OK} .. {@link CheckSymbols#XSTORE}). */
    final long[] perTag = new long[CheckSymbols.XSTORE + 1];
    /** The head symbols that occur, ascending. */
    final int[] heads;
    /** Whether every head that occurs names its load (format 9 on), so that edges can be counted on the grammar. */
    final boolean namesLoads;
    /** Signature groups: the occurrences of heads, one per load. */
    final long groups;
    /** Whether the counts are the file's (format 14 on), not computed from the decoded grammar. */
    final boolean stored;

    /**
     * The summary of {@code checks}, the grammar's counts, its terminals the symbols of {@code alphabet} (checked against it by the reader);
     * {@code stored}: the counts the file stores, not the decoded grammar's.
     */
    CheckSummary(CheckCounts checks, Alphabet alphabet, boolean stored) {
        this.stored = stored;
        counts = new long[alphabet.size()];
        long g = 0;
        for (int i = 0; i < checks.heads().length; i++) {
            counts[checks.heads()[i]] = checks.headCounts()[i];
            g += checks.headCounts()[i];
        }
        System.arraycopy(checks.perTag(), 0, perTag, 0, perTag.length);
        // only the heads that occur: a head the grammar never uses is no load's, and walking the
        // whole alphabet (mp3d: tens of thousands of symbols a chunk) was most of this summary
        boolean named = true;
        for (int c : checks.heads()) {
            long first = alphabet.first(c);
            if (CheckSymbols.isHead(CheckSymbols.tag(first)) && CheckSymbols.load(first) < 0) named = false;
        }
        heads = checks.heads().clone();
        namesLoads = named;
        groups = g;
    }
}
