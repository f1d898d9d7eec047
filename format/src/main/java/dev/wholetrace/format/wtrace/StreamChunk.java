package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.strata.StrataStream;

/**
 * What one chunk holds of one stream kind of one thread (docs/trace-format.md, "Vocabulary").
 *
 * @param kind         the stream kind
 * @param newSymbols   the symbols the kind's alphabet gained in this chunk, as (first, second) pairs
 * @param instructions for a per-instruction kind, the symbol (in {@code kind.keyedBy()}'s
 *                     alphabet) of the instruction each grammar belongs to, increasing; empty otherwise
 * @param grammars     the grammars: one for a per-thread kind, one per instruction otherwise; empty
 *                     when a per-instruction kind has no stream in the chunk
 * @param syncCounts   the sync counts of the grammar if the kind carries them, else null
 * @param strata       for the strata kind, the stored form its grammar is the {@linkplain
 *                     StrataStream#unfold unfolding} of (what the file holds); else null
 * @param exceptions   for the address streams of format version 6 on, each grammar's exception
 *                     list (the differences its escape runs stand for, PredictiveDiffRleEncoder);
 *                     null when the streams have none (older versions, other kinds)
 * @param checkCounts  for the eWPP's check stream of format {@link TraceFormat#CHECK_COUNTS_SINCE}
 *                     on, its stored counts ({@link CheckCounts}); else null
 * @param deferred     when the grammar was read but not decoded yet (the check stream of a file
 *                     with check counts), what decodes it into {@code grammars} when first asked; else null
 */
public record StreamChunk(StreamKind kind, long[] newSymbols, int[] instructions, Grammar[] grammars, EdgeCounts syncCounts,
                          StrataStream strata, long[][] exceptions, CheckCounts checkCounts, DeferredGrammar deferred) {
    private static final int[] NONE = new int[0];

    /** A stream of its grammars, with its strata form and exception lists (or nulls). */
    public StreamChunk(StreamKind kind, long[] newSymbols, int[] instructions, Grammar[] grammars, EdgeCounts syncCounts,
                       StrataStream strata, long[][] exceptions) {
        this(kind, newSymbols, instructions, grammars, syncCounts, strata, exceptions, null, null);
    }

    /** A stream stored as its grammars. */
    public StreamChunk(StreamKind kind, long[] newSymbols, int[] instructions, Grammar[] grammars, EdgeCounts syncCounts) {
        this(kind, newSymbols, instructions, grammars, syncCounts, null, null);
    }

    /** A stream stored as its grammars and its strata form (or null). */
    public StreamChunk(StreamKind kind, long[] newSymbols, int[] instructions, Grammar[] grammars, EdgeCounts syncCounts, StrataStream strata) {
        this(kind, newSymbols, instructions, grammars, syncCounts, strata, null);
    }

    /** The exception list of grammar {@code k}, or null if the stream has none (see {@code exceptions}). */
    public long[] exceptions(int k) {
        return exceptions == null ? null : exceptions[k];
    }

    /** A per-thread stream: one grammar. */
    public static StreamChunk of(StreamKind kind, long[] newSymbols, Grammar grammar, EdgeCounts syncCounts) {
        return new StreamChunk(kind, newSymbols, NONE, new Grammar[] {grammar}, syncCounts);
    }

    /** A strata stream: its stored form and the WPP it unfolds to ({@code grammar}). */
    public static StreamChunk strata(StreamKind kind, long[] newSymbols, StrataStream stored, Grammar grammar, EdgeCounts syncCounts) {
        return new StreamChunk(kind, newSymbols, NONE, new Grammar[] {grammar}, syncCounts, stored);
    }

    /** The check stream of a file with check counts: its grammar decoded when first asked for ({@link DeferredGrammar}). */
    static StreamChunk deferred(StreamKind kind, long[] newSymbols, CheckCounts counts, DeferredGrammar grammar) {
        return new StreamChunk(kind, newSymbols, NONE, new Grammar[1], null, null, null, counts, grammar);
    }

    /** The grammars (a deferred one decoded now). */
    @Override
    public Grammar[] grammars() {
        if (deferred != null && grammars[0] == null) grammars[0] = deferred.get(); // get() decodes once; a race stores the same grammar
        return grammars;
    }

    /** The grammar of a per-thread stream. */
    public Grammar grammar() {
        return grammars()[0];
    }
}
