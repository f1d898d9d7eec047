package dev.wholetrace.core.grammar;

import java.util.Arrays;

/** Turns the mutable SEQUITUR state into a canonically numbered, immutable {@link Grammar}. */
final class GrammarFreezer {
    private GrammarFreezer() {}

    static Grammar freeze(SequiturGrammar g) {
        int top = g.ruleTop();
        int[] order = reversePostorder(g, top);
        int ruleCount = order.length;
        int[] newId = new int[top];
        Arrays.fill(newId, -1);
        for (int i = 0; i < ruleCount; i++) newId[order[i]] = i;

        int[] offsets = new int[ruleCount + 1];
        long total = 0;
        for (int i = 0; i < ruleCount; i++) {
            offsets[i] = (int) total;
            total += bodyLength(g, order[i]);
            if (total > Integer.MAX_VALUE - 8) throw new IllegalStateException("grammar too large");
        }
        offsets[ruleCount] = (int) total;
        int[] body = new int[(int) total];
        int k = 0;
        for (int i = 0; i < ruleCount; i++) {
            int r = order[i];
            int guard = g.guardNode(r);
            for (int n = g.firstNode(r); n != guard; n = g.nextNode(n)) {
                int s = g.symbolAt(n);
                body[k++] = SequiturGrammar.symbolIsRule(s) ? Grammar.ref(newId[SequiturGrammar.ruleOfSymbol(s)]) : s;
            }
        }
        return new Grammar(offsets, body);
    }

    private static int bodyLength(SequiturGrammar g, int r) {
        int guard = g.guardNode(r);
        int len = 0;
        for (int n = g.firstNode(r); n != guard; n = g.nextNode(n)) len++;
        return len;
    }

    /** Rules reachable from the start rule, parents before children (a topological order). */
    private static int[] reversePostorder(SequiturGrammar g, int top) {
        boolean[] seen = new boolean[top];
        int[] post = new int[top];
        int postCount = 0;
        int[] stackRule = new int[16];
        int[] stackNode = new int[16];
        int sp = 0;
        int start = g.startRule();
        seen[start] = true;
        stackRule[sp] = start;
        stackNode[sp++] = g.firstNode(start);
        while (sp > 0) {
            int r = stackRule[sp - 1];
            int guard = g.guardNode(r);
            int n = stackNode[sp - 1];
            int child = -1;
            while (n != guard && child < 0) {
                int s = g.symbolAt(n);
                n = g.nextNode(n);
                if (SequiturGrammar.symbolIsRule(s) && !seen[SequiturGrammar.ruleOfSymbol(s)]) {
                    child = SequiturGrammar.ruleOfSymbol(s);
                }
            }
            stackNode[sp - 1] = n;
            if (child < 0) {
                post[postCount++] = r;
                sp--;
                continue;
            }
            seen[child] = true;
            if (sp == stackRule.length) {
                stackRule = Arrays.copyOf(stackRule, sp * 2);
                stackNode = Arrays.copyOf(stackNode, sp * 2);
            }
            stackRule[sp] = child;
            stackNode[sp++] = g.firstNode(child);
        }
        int[] order = new int[postCount];
        for (int i = 0; i < postCount; i++) order[i] = post[postCount - 1 - i];
        return order;
    }
}
