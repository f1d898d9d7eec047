package dev.wholetrace.format.io;

import dev.wholetrace.model.grammar.Grammar;
import java.util.Arrays;

/**
 * The token walk of grammar model version 2 ({@link ExpansionModel}): rules inline in the order a
 * left-to-right expansion first meets them, as in version 1, each token coded by the first
 * terminal of its expansion (known, not coded, for the first token of a body just opened) and
 * the last expanded terminal carried along.
 */
final class ExpansionCodec {
    private ExpansionCodec() {}

    /** Whether version 2 can code {@code g}: every rule but the start rule expands to a terminal. */
    static boolean codes(Grammar g) {
        for (int r = 1; r < g.ruleCount(); r++) if (g.bodyLength(r) == 0) return false;
        return true;
    }

    static void encode(Grammar g, ExpansionModel model) throws FormatException {
        int rules = g.ruleCount();
        long[] first = new long[rules];
        long[] last = new long[rules];
        for (int r = rules - 1; r > 0; r--) { // references point to higher numbers
            int a = g.symbol(r, 0);
            int z = g.symbol(r, g.bodyLength(r) - 1);
            first[r] = Grammar.isRule(a) ? first[Grammar.ruleOf(a)] : a;
            last[r] = Grammar.isRule(z) ? last[Grammar.ruleOf(z)] : z;
        }
        int[] references = g.referenceCounts();
        int[] definedAs = new int[rules];
        Arrays.fill(definedAs, -1);
        int defined = 0;
        int depth = g.depth() + 1;
        int[] stackRule = new int[depth];
        int[] stackPos = new int[depth];
        boolean[] stackKnown = new boolean[depth];
        int sp = 1; // stackRule[0] = 0, the start rule, first terminal not known
        long previous = ExpansionModel.start();
        while (sp > 0) {
            int top = sp - 1;
            int r = stackRule[top];
            int i = stackPos[top];
            if (i == g.bodyLength(r)) {
                if (r != 0) model.defined(definedAs[r], first[r], previous, references[r] - 1L);
                sp--;
                continue;
            }
            stackPos[top] = i + 1;
            boolean known = stackKnown[top];
            stackKnown[top] = false;
            int s = g.symbol(r, i);
            int c = Grammar.isRule(s) ? Grammar.ruleOf(s) : -1;
            long f = c < 0 ? s : first[c];
            if (!known) model.first(previous, f);
            if (c < 0) {
                model.kind(f, ExpansionModel.TERMINAL, known);
                previous = s;
            } else if (definedAs[c] >= 0) {
                model.kind(f, ExpansionModel.REFERENCE, known);
                model.reference(f, definedAs[c]);
                previous = last[c];
            } else {
                model.kind(f, ExpansionModel.NEW_RULE, known);
                model.length(g.bodyLength(c));
                model.uses(references[c]);
                definedAs[c] = defined++;
                stackRule[sp] = c;
                stackPos[sp] = 0;
                stackKnown[sp++] = true;
            }
        }
    }

    static Grammar decode(VarIntReader in, ExpansionModel model, int ruleCount, int symbolCount, int startLength)
            throws FormatException {
        long budget = symbolCount - (long) startLength;
        // Bodies grow with the symbols really decoded, never to a declared length up front: a
        // crafted header cannot make us allocate what the coded bytes do not fill.
        int[][] bodies = new int[Math.min(ruleCount, 1 << 16)][];
        int[] lengths = new int[bodies.length];
        long[] firsts = new long[bodies.length];
        long[] uses = new long[bodies.length];
        bodies[0] = new int[Math.min(startLength, 64)];
        lengths[0] = startLength;
        int rules = 1; // bodies[0] is the start rule; definition index d lives in bodies[d + 1]
        int[] stackRule = new int[16];
        int[] stackPos = new int[16];
        boolean[] stackKnown = new boolean[16];
        int sp = 1;
        long previous = ExpansionModel.start();
        while (sp > 0) {
            int top = sp - 1;
            int r = stackRule[top];
            int i = stackPos[top];
            if (i == lengths[r]) {
                if (bodies[r].length != i) bodies[r] = Arrays.copyOf(bodies[r], i);
                if (r != 0) model.defined(r - 1, firsts[r], previous, uses[r] - 1);
                sp--;
                continue;
            }
            if (i == bodies[r].length) bodies[r] = Arrays.copyOf(bodies[r], (int) Math.min(lengths[r], i * 2L));
            stackPos[top] = i + 1;
            boolean known = stackKnown[top];
            stackKnown[top] = false;
            long f = known ? firsts[r] : model.first(previous, 0);
            switch (model.kind(f, 0, known)) {
                case ExpansionModel.TERMINAL -> {
                    bodies[r][i] = (int) f;
                    previous = f;
                }
                case ExpansionModel.REFERENCE -> {
                    int d = model.reference(f, -1);
                    bodies[r][i] = Grammar.ref(d + 1);
                    previous = model.last(d);
                }
                default -> {
                    long length = model.length(0);
                    long references = model.uses(0);
                    if (rules == ruleCount) throw in.corrupt("more rules than the declared " + ruleCount);
                    if (length < 1 || length > budget) throw in.corrupt("rule length " + length + " is empty or exceeds the declared symbol count");
                    budget -= length;
                    if (rules == bodies.length) {
                        int n = (int) Math.min(ruleCount, rules * 2L);
                        bodies = Arrays.copyOf(bodies, n);
                        lengths = Arrays.copyOf(lengths, n);
                        firsts = Arrays.copyOf(firsts, n);
                        uses = Arrays.copyOf(uses, n);
                    }
                    int c = rules++;
                    bodies[c] = new int[(int) Math.min(length, 64)];
                    lengths[c] = (int) length;
                    firsts[c] = f;
                    uses[c] = references;
                    bodies[r][i] = Grammar.ref(c);
                    if (sp == stackRule.length) {
                        stackRule = Arrays.copyOf(stackRule, sp * 2);
                        stackPos = Arrays.copyOf(stackPos, sp * 2);
                        stackKnown = Arrays.copyOf(stackKnown, sp * 2);
                    }
                    stackRule[sp] = c;
                    stackPos[sp] = 0;
                    stackKnown[sp++] = true;
                }
            }
        }
        if (rules != ruleCount || budget != 0) throw in.corrupt("grammar does not match its declared size");
        try {
            return Grammar.fromRules(Arrays.copyOf(bodies, rules));
        } catch (IllegalArgumentException e) {
            throw in.corrupt(e.getMessage());
        }
    }
}
