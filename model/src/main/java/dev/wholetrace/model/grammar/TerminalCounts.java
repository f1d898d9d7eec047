package dev.wholetrace.model.grammar;

/**
 * How often one terminal occurs in each rule's expansion: one long per rule, computed in one pass
 * over the grammar. Answers "how many times before position p" by descending once from the start
 * rule, adding the counts of the children left of the path — O(depth · rule length), nothing
 * expanded. A trace reader keeps one per load/store instruction it seeks in, to find where that
 * instruction's address stream stands at a position.
 */
public final class TerminalCounts {
    private final Grammar grammar;
    private final int terminal;
    private final long[] perRule;

    public TerminalCounts(Grammar g, int terminal) {
        this.grammar = g;
        this.terminal = terminal;
        long[] perRule = new long[g.ruleCount()];
        g.foldBottomUp(rule -> {
            long n = 0;
            for (int i = 0, len = rule.length(); i < len; i++) {
                n += rule.isRule(i) ? perRule[rule.child(i)] : rule.terminal(i) == terminal ? 1 : 0;
            }
            perRule[rule.rule()] = n;
        });
        this.perRule = perRule;
    }

    public long total() {
        return perRule.length == 0 ? 0 : perRule[0];
    }

    /** Occurrences of the terminal strictly before expansion position {@code p}. */
    public long countBefore(long p) {
        if (p <= 0) return 0;
        if (p >= grammar.length()) return total();
        int[] offsets = grammar.offsets();
        int[] body = grammar.rawBody();
        long[] prefix = grammar.prefix();
        int rule = 0;
        long i = p;
        long count = 0;
        while (true) {
            int at = Grammar.locate(prefix, offsets[rule], offsets[rule + 1], i);
            for (int j = offsets[rule]; j < at; j++) {
                int s = body[j];
                count += s >= 0 ? (s == terminal ? 1 : 0) : perRule[-1 - s];
            }
            i -= prefix[at];
            int s = body[at];
            if (s >= 0 || i == 0) return count;
            rule = -1 - s;
        }
    }
}
