package dev.wholetrace.model.grammar;

/**
 * Turns the mutable SEQUITUR state into an immutable {@link Grammar}. The builder's rule
 * references already use the grammar's encoding ({@code -1 - r}), so the bodies are copied as they
 * are and {@link Grammar#fromRules} numbers them canonically.
 */
final class GrammarFreezer {
    private GrammarFreezer() {}

    static Grammar freeze(SequiturGrammar g) {
        int top = g.ruleTop();
        int[][] bodies = new int[top][];
        for (int r = 0; r < top; r++) {
            if (!g.ruleIsLive(r)) continue; // never referenced, so fromRules never looks at it
            int guard = g.guardNode(r);
            int len = 0;
            for (int n = g.firstNode(r); n != guard; n = g.nextNode(n)) len++;
            int[] body = new int[len];
            int k = 0;
            for (int n = g.firstNode(r); n != guard; n = g.nextNode(n)) body[k++] = g.symbolAt(n);
            bodies[r] = body;
        }
        return Grammar.fromRules(bodies);
    }
}
