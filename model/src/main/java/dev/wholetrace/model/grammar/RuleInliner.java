package dev.wholetrace.model.grammar;

import java.util.Arrays;

/**
 * Writes chosen rules of a grammar in place of their references; the expansion is unchanged. The
 * work shared by {@link SingleUseRules} and {@link RulePruning}, which choose the rules.
 */
final class RuleInliner {
    private RuleInliner() {}

    /**
     * {@code g} with every rule {@code r} for which {@code inlined[r]} holds (never the start rule)
     * written out wherever it is referenced, the kept rules renumbered canonically. An inlined rule
     * is walked once per occurrence of it in the output (nested inlined rules multiply), so the time
     * is bounded by the output's size; the caller keeps the inlined rules few-referenced or short.
     */
    static Grammar inline(Grammar g, boolean[] inlined) {
        int n = g.ruleCount();
        int[] kept = new int[n];
        int count = 0;
        for (int r = 0; r < n; r++) kept[r] = r == 0 || !inlined[r] ? count++ : -1;
        if (count == n) return g;
        int[][] bodies = new int[count][];
        int[] stackRule = new int[16];
        int[] stackPos = new int[16];
        int[] out = new int[16];
        for (int r = 0; r < n; r++) {
            if (kept[r] < 0) continue;
            int at = 0;
            int sp = 0;
            stackRule[sp] = r;
            stackPos[sp++] = 0;
            while (sp > 0) { // a walk down the inlined rules only
                int top = sp - 1;
                int rule = stackRule[top];
                int i = stackPos[top];
                if (i == g.bodyLength(rule)) {
                    sp--;
                    continue;
                }
                stackPos[top] = i + 1;
                int s = g.symbol(rule, i);
                if (Grammar.isRule(s) && kept[Grammar.ruleOf(s)] < 0) {
                    if (sp == stackRule.length) {
                        stackRule = Arrays.copyOf(stackRule, sp * 2);
                        stackPos = Arrays.copyOf(stackPos, sp * 2);
                    }
                    stackRule[sp] = Grammar.ruleOf(s);
                    stackPos[sp++] = 0;
                    continue;
                }
                if (at == out.length) out = Arrays.copyOf(out, at * 2);
                out[at++] = Grammar.isRule(s) ? Grammar.ref(kept[Grammar.ruleOf(s)]) : s;
            }
            bodies[kept[r]] = Arrays.copyOf(out, at);
        }
        return Grammar.fromRules(bodies);
    }
}
