package dev.wholetrace.model.grammar;

/**
 * Frequency-ordered ("enhanced") SEQUITUR, extended-wpp-dependences §4, Figure 14: offline, the
 * most frequent digram of the whole grammar (the sequence and every rule body) is replaced first,
 * by a rule made for it or by the rule whose whole body it already is; a rule left with a single
 * use is inlined at once. When no digram occurs twice, both SEQUITUR properties hold: digram
 * uniqueness (no two non-overlapping occurrences of a digram anywhere) and rule utility (every
 * rule but the start rule used at least twice, every rule at least two symbols long); see
 * {@link GrammarInvariants#violations(Grammar)}. Linear time in practice, memory 12 bytes per
 * input symbol plus the digram table and the rule bodies (docs/grammars.md).
 */
public final class EnhancedSequiturGrammar extends OfflineGrammarBuilder {
    /** A builder with room for {@code initialCapacity} symbols before its buffer grows. */
    public EnhancedSequiturGrammar(int initialCapacity) {
        super(initialCapacity, true);
    }
}
