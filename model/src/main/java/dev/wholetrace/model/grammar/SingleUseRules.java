package dev.wholetrace.model.grammar;

/**
 * Writes a grammar's rules that are referenced once in place of their reference (SEQUITUR's rule
 * utility, applied after the fact). A grammar built by unfolding another form (the strata's paths
 * and strata as rules) has such rules; a grammar file would spend a rule definition on each.
 * The expansion is unchanged.
 */
public final class SingleUseRules {
    private SingleUseRules() {}

    /** {@code g} with every rule other than the start rule that is referenced once inlined. */
    public static Grammar inline(Grammar g) {
        int[] uses = g.referenceCounts();
        boolean[] inlined = new boolean[g.ruleCount()];
        for (int r = 1; r < inlined.length; r++) inlined[r] = uses[r] == 1; // each is entered once in the whole grammar
        return RuleInliner.inline(g, inlined);
    }
}
