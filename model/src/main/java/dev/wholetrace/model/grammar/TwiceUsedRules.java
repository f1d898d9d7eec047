package dev.wholetrace.model.grammar;

/**
 * Re-Pair's pruning step: writes out the rules referenced once, and the rules referenced twice
 * whose body, with such rules below it written out too, is at most {@link #MAX_BODY} symbols.
 *
 * <p>Why: Re-Pair replaces every pair that occurs twice, so it leaves many rules used twice whose
 * definition saves no symbol (a two-symbol rule used twice costs 2 + 2 symbols, written out 4)
 * but costs the grammar coder a rule definition (its length and use count) and one more open rule
 * to choose among at every later reference. Written out, they cost 1.3 % less on mp3d's block
 * trace with grammar model version 3 (docs/grammars.md, "Re-Pair's pruning"). The bound keeps the
 * grammar from growing: each rule written out adds at most {@code MAX_BODY - 2} symbols, where
 * writing out every twice-used rule could double a grammar's size per level of nesting (a run).
 */
final class TwiceUsedRules {
    /** The longest body (after pruning below it) a twice-used rule is written out with. */
    static final int MAX_BODY = 4;

    private TwiceUsedRules() {}

    /** {@code g} pruned as above; the expansion is unchanged. */
    static Grammar inline(Grammar g) {
        int n = g.ruleCount();
        int[] uses = g.referenceCounts();
        boolean[] inlined = new boolean[n];
        long[] length = new long[n]; // body length with the written-out rules below it expanded
        for (int r = n - 1; r > 0; r--) { // a rule references only higher-numbered rules (canonical order)
            long len = 0;
            for (int i = 0; i < g.bodyLength(r); i++) {
                int s = g.symbol(r, i);
                len += Grammar.isRule(s) && inlined[Grammar.ruleOf(s)] ? length[Grammar.ruleOf(s)] : 1;
            }
            length[r] = len;
            inlined[r] = uses[r] == 1 || (uses[r] == 2 && len <= MAX_BODY);
        }
        return RuleInliner.inline(g, inlined);
    }
}
