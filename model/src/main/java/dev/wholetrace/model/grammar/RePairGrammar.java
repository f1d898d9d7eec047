package dev.wholetrace.model.grammar;

/**
 * Re-Pair (Larsson and Moffat, 1999/2000): offline, the most frequent pair of adjacent symbols
 * of the sequence is replaced by a new rule, over and over, until no pair occurs twice. Rules are
 * binary and are never searched again; then pruned ({@link RulePruning}): every rule whose
 * definition saves less than two symbols is written out in place, so the grammar keeps neither
 * SEQUITUR property; see {@link EnhancedSequiturGrammar} for the variant that keeps
 * both. Linear time, 12 bytes per input symbol plus the digram table (docs/grammars.md).
 */
public final class RePairGrammar extends OfflineGrammarBuilder {
    /** A builder with room for {@code initialCapacity} symbols before its buffer grows. */
    public RePairGrammar(int initialCapacity) {
        super(initialCapacity, false);
    }
}
