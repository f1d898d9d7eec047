package dev.wholetrace.model.grammar;

/**
 * Re-Pair's pruning step: writes out every rule whose definition saves less than two symbols. A
 * rule referenced k times with a body of L symbols (counted with the rules written out below it)
 * takes L + k symbols defined and k × L written out; it is written out when that adds at most one
 * symbol, (k − 1)(L − 1) ≤ 2: every rule used once, rules used twice with at most 3 symbols,
 * rules used three times with at most 2.
 *
 * <p>Why: Re-Pair replaces every pair that occurs at least twice, so it leaves many such rules,
 * and each costs the grammar coder a definition (its length and use count) and one more open rule
 * to choose among at every later reference: more than the symbol it may save. Pruned, Re-Pair's
 * grammar of mp3d's block trace codes 1.8 % smaller than frequency-ordered SEQUITUR's with grammar
 * model version 3 (docs/grammars.md, {@code repair}). The bound also keeps the grammar from growing: at most one symbol per rule written
 * out, where writing out every rule used twice would double a grammar per level of a run's
 * doubling rules.
 */
final class RulePruning {
    private RulePruning() {}

    /** Whether a rule referenced {@code uses} times with a body of {@code length} symbols is written out. */
    static boolean writtenOut(long uses, long length) {
        return (uses - 1) * (length - 1) <= 2;
    }

    /** {@code g} pruned as above; the expansion is unchanged. */
    static Grammar prune(Grammar g) {
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
            inlined[r] = writtenOut(uses[r], len);
        }
        return RuleInliner.inline(g, inlined);
    }
}
