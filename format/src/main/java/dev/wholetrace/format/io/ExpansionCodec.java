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
        WalkArrays walk = model.walk().fit(g); // the model's, kept from grammar to grammar
        long[] first = walk.first;
        long[] last = walk.last;
        for (int r = rules - 1; r > 0; r--) { // references point to higher numbers
            int a = g.symbol(r, 0);
            int z = g.symbol(r, g.bodyLength(r) - 1);
            first[r] = Grammar.isRule(a) ? first[Grammar.ruleOf(a)] : a;
            last[r] = Grammar.isRule(z) ? last[Grammar.ruleOf(z)] : z;
        }
        int[] references = walk.references;
        int[] definedAs = walk.definedAs;
        int defined = 0;
        int[] stackRule = walk.stackRule;
        int[] stackPos = walk.stackPos;
        boolean[] stackKnown = walk.stackKnown;
        stackRule[0] = 0; // the start rule, first terminal not known
        stackPos[0] = 0;
        stackKnown[0] = false;
        int sp = 1;
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
                model.reference(definedAs[c]);
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
        DecodedRules rules = new DecodedRules(in, ruleCount, symbolCount, startLength);
        long[] firsts = new long[16];
        long[] uses = new long[16];
        int[] stackRule = new int[16];
        int[] stackPos = new int[16];
        boolean[] stackKnown = new boolean[16];
        int sp = 1;
        long previous = ExpansionModel.start();
        while (sp > 0) {
            int top = sp - 1;
            int r = stackRule[top];
            int i = stackPos[top];
            if (rules.complete(r, i)) {
                if (r != 0) model.defined(r - 1, firsts[r], previous, uses[r] - 1);
                sp--;
                continue;
            }
            stackPos[top] = i + 1;
            boolean known = stackKnown[top];
            stackKnown[top] = false;
            long f = known ? firsts[r] : model.first(previous, 0);
            switch (model.kind(f, 0, known)) {
                case ExpansionModel.TERMINAL -> {
                    rules.put(r, i, (int) f);
                    previous = f;
                }
                case ExpansionModel.REFERENCE -> {
                    int d = model.reference(-1);
                    rules.put(r, i, Grammar.ref(d + 1));
                    previous = model.last(d);
                }
                default -> {
                    long length = model.length(0);
                    long references = model.uses(0);
                    int c = rules.define(length, 1);
                    if (c == firsts.length) {
                        firsts = Arrays.copyOf(firsts, c * 2);
                        uses = Arrays.copyOf(uses, c * 2);
                    }
                    firsts[c] = f;
                    uses[c] = references;
                    rules.put(r, i, Grammar.ref(c));
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
        return rules.toGrammar();
    }
}
