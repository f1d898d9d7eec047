package dev.wholetrace.model.grammar;

import java.util.Arrays;

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
        int n = g.ruleCount();
        int[] kept = new int[n];
        int count = 0;
        for (int r = 0; r < n; r++) kept[r] = r == 0 || uses[r] != 1 ? count++ : -1;
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
            while (sp > 0) { // a walk down the inlined rules only: each is entered once in the whole grammar
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
