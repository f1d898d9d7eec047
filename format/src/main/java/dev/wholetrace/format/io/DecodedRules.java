package dev.wholetrace.format.io;

import dev.wholetrace.model.grammar.Grammar;
import java.util.Arrays;

/**
 * The rule bodies of one grammar while a grammar block is decoded (both model versions): the start
 * rule is rule 0, definition index d is rule d + 1. Bodies grow with the symbols really decoded,
 * never to a declared length up front, so a crafted header cannot make us allocate what the coded
 * bytes do not fill; declared counts are checked as rules are defined and at the end.
 */
final class DecodedRules {
    private final VarIntReader in;
    private final int ruleCount;
    private long budget;
    private int[][] bodies;
    private int[] lengths;
    private int rules = 1;

    DecodedRules(VarIntReader in, int ruleCount, int symbolCount, int startLength) {
        this.in = in;
        this.ruleCount = ruleCount;
        this.budget = symbolCount - (long) startLength;
        bodies = new int[Math.min(ruleCount, 1 << 16)][];
        lengths = new int[bodies.length];
        bodies[0] = new int[Math.min(startLength, 64)];
        lengths[0] = startLength;
    }

    /** Rules defined so far, the start rule not counted: the definition index of the next one. */
    int defined() {
        return rules - 1;
    }

    /** Whether rule {@code r} has all its symbols when {@code i} are decoded; if so its body is trimmed to them. */
    boolean complete(int r, int i) {
        if (i != lengths[r]) return false;
        if (bodies[r].length != i) bodies[r] = Arrays.copyOf(bodies[r], i);
        return true;
    }

    /** Symbol {@code i} of rule {@code r}. */
    void put(int r, int i, int symbol) {
        if (i == bodies[r].length) bodies[r] = Arrays.copyOf(bodies[r], (int) Math.min(lengths[r], i * 2L));
        bodies[r][i] = symbol;
    }

    /** A new rule of {@code length} symbols (at least {@code minLength}); returns its rule number. */
    int define(long length, int minLength) throws FormatException {
        if (rules == ruleCount) throw in.corrupt("more rules than the declared " + ruleCount);
        if (length < minLength || length > budget) {
            throw in.corrupt("rule length " + length + (minLength > 0 ? " is empty or" : "") + " exceeds the declared symbol count");
        }
        budget -= length;
        if (rules == bodies.length) {
            bodies = Arrays.copyOf(bodies, (int) Math.min(ruleCount, rules * 2L));
            lengths = Arrays.copyOf(lengths, bodies.length);
        }
        int c = rules++;
        bodies[c] = new int[(int) Math.min(length, 64)];
        lengths[c] = (int) length;
        return c;
    }

    Grammar toGrammar() throws FormatException {
        if (rules != ruleCount || budget != 0) throw in.corrupt("grammar does not match its declared size");
        try {
            return Grammar.fromRules(Arrays.copyOf(bodies, rules));
        } catch (IllegalArgumentException e) {
            throw in.corrupt(e.getMessage());
        }
    }
}
