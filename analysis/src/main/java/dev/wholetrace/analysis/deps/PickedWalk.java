package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.grammar.Grammar;

/**
 * The terminals a {@link WeightedGrammar} picks (a control WPP's loads, a check grammar's group
 * heads), in expansion order, without expanding the rest: a rule that holds none is passed whole,
 * its length added to the position. O(picked terminals + the rules entered), where an expander
 * visits every terminal. What {@link EwppCounts} walks both grammars of a chunk with.
 */
final class PickedWalk {
    private final Grammar g;
    private final WeightedGrammar weights;
    private final WeightedGrammar counted;
    private final int[] rules;
    private final int[] at;
    private int sp;
    private long position = -1;
    private long next;
    private long passed;
    private long rank;

    PickedWalk(Grammar g, WeightedGrammar weights) {
        this(g, weights, weights);
    }

    /** @param counted what {@link #rank} counts: the terminals it picks before the one returned (another summary of the same grammar) */
    PickedWalk(Grammar g, WeightedGrammar weights, WeightedGrammar counted) {
        this.g = g;
        this.weights = weights;
        this.counted = counted;
        rules = new int[g.depth() + 2];
        at = new int[rules.length];
        sp = g.ruleCount() == 0 ? 0 : 1; // rules[0] = 0, at[0] = 0: the start rule
    }

    /** The next picked terminal, or -1 after the last. */
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
                if (weights.ruleWeight(q) == 0) {
                    next += g.expandedLength(q);
                    passed += counted.ruleWeight(q);
                } else {
                    rules[sp] = q;
                    at[sp] = 0;
                    sp++;
                }
                continue;
            }
            long p = next++;
            long before = passed;
            passed += counted.terminalWeight(s);
            if (weights.terminalWeight(s) != 0) {
                position = p;
                rank = before;
                return s;
            }
        }
        return -1;
    }

    /** The position in the expansion of the terminal {@link #next} returned last. */
    long position() {
        return position;
    }

    /** How many terminals the {@code counted} summary picks before the one {@link #next} returned last (a CROSS head's group index). */
    long rank() {
        return rank;
    }
}
