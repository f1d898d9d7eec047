package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.grammar.Grammar;

/**
 * A forward cursor over a grammar's expansion that can skip a number of weighted terminals
 * ({@link WeightedGrammar}) without expanding the rules it passes: a rule whose weight fits in
 * what is left to skip is stepped over whole. The eWPP query moves through the check grammar with
 * it, from one load's signature group to the next of interest.
 */
final class SkipCursor {
    private final Grammar g;
    private final WeightedGrammar w;
    private final int[] rules;
    private final int[] next;
    private int top;

    SkipCursor(Grammar g, WeightedGrammar w) {
        this.g = g;
        this.w = w;
        rules = new int[g.depth() + 1];
        next = new int[g.depth() + 1];
    }

    /** Passes {@code n} weighted terminals (and the unweighted ones between them); the next terminal is the one after the n-th. */
    void skip(long n) {
        while (n > 0) {
            if (top < 0) throw new IllegalStateException("the check stream ends before its loads do");
            int r = rules[top];
            if (next[top] == g.bodyLength(r)) {
                top--;
                continue;
            }
            int s = g.symbol(r, next[top]++);
            if (Grammar.isRule(s)) {
                int child = Grammar.ruleOf(s);
                long cw = w.ruleWeight(child);
                if (cw < n) { // equal: descend, to stop right after the n-th and keep what follows it
                    n -= cw;
                } else {
                    rules[++top] = child;
                    next[top] = 0;
                }
            } else {
                n -= w.terminalWeight(s);
            }
        }
    }

    /** The next terminal. */
    int next() {
        while (true) {
            if (top < 0) throw new IllegalStateException("the check stream ends before its loads do");
            int r = rules[top];
            if (next[top] == g.bodyLength(r)) {
                top--;
                continue;
            }
            int s = g.symbol(r, next[top]++);
            if (!Grammar.isRule(s)) return s;
            rules[++top] = Grammar.ruleOf(s);
            next[top] = 0;
        }
    }
}
