package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;

/**
 * The heads of a check grammar's signature groups (one per load, {@link EwppQuery#isHead}), in
 * order, without expanding what lies between them: a rule that holds no head (a run of a search's
 * B0/B1/END steps) is passed whole, by a per-rule count of heads built in one pass over the
 * grammar, which also gives the grammar's totals of steps and NEW prefixes. What
 * {@link EwppCounts} needs when no search's instance is asked for.
 */
final class HeadWalk {
    private final Grammar g;
    private final int[] tags;
    private final long[] heads;
    private final long[] steps;
    private final long[] news;
    private final int[] rules;
    private final int[] at;
    private int sp;

    HeadWalk(Grammar g, Alphabet alphabet) {
        this.g = g;
        tags = new int[alphabet.size()];
        for (int c = 0; c < tags.length; c++) tags[c] = (int) alphabet.first(c);
        int n = g.ruleCount();
        heads = new long[n];
        steps = new long[n];
        news = new long[n];
        for (int r = n - 1; r >= 0; r--) { // references point to higher numbers
            for (int i = 0, len = g.bodyLength(r); i < len; i++) {
                int s = g.symbol(r, i);
                if (Grammar.isRule(s)) {
                    int q = Grammar.ruleOf(s);
                    heads[r] += heads[q];
                    steps[r] += steps[q];
                    news[r] += news[q];
                } else {
                    int tag = tags[s];
                    if (EwppQuery.isHead(tag)) heads[r]++;
                    else if (tag == CheckSymbols.NEW) news[r]++;
                    else steps[r]++;
                }
            }
        }
        rules = new int[g.depth() + 2];
        at = new int[rules.length];
        sp = n == 0 ? 0 : 1; // rules[0] = 0, at[0] = 0: the start rule
    }

    /** The next head symbol, or -1 after the last. */
    int next() {
        while (sp > 0) {
            int r = rules[sp - 1];
            int i = at[sp - 1];
            if (i == g.bodyLength(r)) {
                sp--;
                continue;
            }
            at[sp - 1] = i + 1;
            int s = g.symbol(r, i);
            if (Grammar.isRule(s)) {
                int q = Grammar.ruleOf(s);
                if (heads[q] != 0) {
                    rules[sp] = q;
                    at[sp] = 0;
                    sp++;
                }
                continue;
            }
            if (EwppQuery.isHead(tags[s])) return s;
        }
        return -1;
    }

    /** The grammar's signature groups (its heads). */
    long groups() {
        return g.ruleCount() == 0 ? 0 : heads[0];
    }

    /** The grammar's B0/B1/END symbols: the search steps, each END included. */
    long steps() {
        return g.ruleCount() == 0 ? 0 : steps[0];
    }

    /** The grammar's NEW symbols: the explicit records. */
    long news() {
        return g.ruleCount() == 0 ? 0 : news[0];
    }

    /** The tag of check symbol {@code c}. */
    int tag(int c) {
        return tags[c];
    }
}
