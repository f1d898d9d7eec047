package dev.wholetrace.format.io;

import dev.wholetrace.model.grammar.Grammar;

/**
 * The per-rule and per-depth arrays of an encoder's walk over a grammar ({@link ExpansionCodec}):
 * each rule's first and last terminal, uses and definition index, and the walk's stack. A writer's
 * model keeps one and the walk grows it to the largest grammar met, instead of the seven arrays a
 * grammar it made before, per model version, grammar, thread and chunk.
 */
final class WalkArrays {
    long[] first = new long[0];
    long[] last = new long[0];
    int[] references = new int[0];
    int[] definedAs = new int[0];
    int[] stackRule = new int[0];
    int[] stackPos = new int[0];
    boolean[] stackKnown = new boolean[0];

    /** Sized for {@code g}, its uses counted into {@link #references} (as {@link Grammar#referenceCounts}) and {@link #definedAs} at -1. */
    WalkArrays fit(Grammar g) {
        int rules = g.ruleCount();
        if (rules > first.length) {
            int n = Math.max(rules, first.length + (first.length >> 1));
            first = new long[n];
            last = new long[n];
            references = new int[n];
            definedAs = new int[n];
        }
        int depth = g.depth() + 1;
        if (depth > stackRule.length) {
            int n = Math.max(depth, 16);
            stackRule = new int[n];
            stackPos = new int[n];
            stackKnown = new boolean[n];
        }
        java.util.Arrays.fill(references, 0, rules, 0);
        java.util.Arrays.fill(definedAs, 0, rules, -1);
        for (int r = 0; r < rules; r++) {
            for (int i = 0, n = g.bodyLength(r); i < n; i++) {
                int s = g.symbol(r, i);
                if (Grammar.isRule(s)) references[Grammar.ruleOf(s)]++;
            }
        }
        return this;
    }

    /** Rules this holds without growing. */
    int capacity() {
        return first.length;
    }
}
