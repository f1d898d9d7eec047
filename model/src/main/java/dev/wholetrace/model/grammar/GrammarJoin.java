package dev.wholetrace.model.grammar;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * Grammars joined rule by rule into one grammar of their concatenated expansions, without
 * expanding them: each appended grammar's rules are renamed bottom-up into one rule table in which
 * a rule is identified by its body (terminals mapped, references already renamed), so a rule that
 * several grammars built alike (a loop body recorded in every chunk) is stored once, and their
 * start rules' bodies are concatenated under one start rule. {@link #toGrammar} then passes every
 * body through Re-Pair together, so that what repeats across the appended grammars' rules (a loop
 * whose trip count a chunk boundary cut, the same sequence of loops chunk after chunk) becomes
 * shared rules too. Cost: O(symbols of the appended grammars) time and memory, whatever they
 * expand to. Spelling short rules out for Re-Pair was tried and dropped: on LU at 8 threads it
 * only paid once the spelled terminals neared the expansion (docs/results/compression.md, session 43).
 *
 * <p>Used to merge the chunks of a finished recording (format/regrammar/MergedThread), where
 * rebuilding from the expansion costs time in proportion to the events (docs/grammars.md,
 * "Joining grammars").
 */
public final class GrammarJoin {
    private final Map<Body, Integer> ids = new HashMap<>();
    private final List<int[]> rules = new ArrayList<>(); // rule k's body, references to rule k as -1 - k; children before parents
    private int[] start = new int[64];
    private int startLength;
    private int maxTerminal = -1;

    /** Appends {@code g}'s expansion with every terminal t mapped to {@code terminal(t)} (a non-negative id). */
    public void append(Grammar g, IntUnaryOperator terminal) {
        if (g.length() == 0) return;
        int[] renamed = new int[g.ruleCount()];
        for (int r = g.ruleCount() - 1; r >= 1; r--) { // every reference points to a higher number
            int[] b = new int[g.bodyLength(r)];
            for (int i = 0; i < b.length; i++) b[i] = map(g.symbol(r, i), renamed, terminal);
            renamed[r] = ids.computeIfAbsent(new Body(b), key -> {
                rules.add(key.symbols());
                return rules.size() - 1;
            });
        }
        for (int i = 0, n = g.bodyLength(0); i < n; i++) {
            if (startLength == start.length) start = Arrays.copyOf(start, startLength * 2);
            start[startLength++] = map(g.symbol(0, i), renamed, terminal);
        }
    }

    /** Symbols stored so far: the joined rules' bodies and the start body. */
    public long symbolCount() {
        long n = startLength;
        for (int[] b : rules) n += b.length;
        return n;
    }

    /**
     * The joined grammar: every body (the start rule's first) handed to Re-Pair one after another
     * with a distinct separator letter after each, so no pair spans two bodies (a reference is a
     * letter too); Re-Pair's pairs become rules shared by the bodies, and rules that
     * save less than they cost are written out ({@link RulePruning}, as in Re-Pair's own grammars).
     */
    public Grammar toGrammar() {
        int n = rules.size() + 1; // body 0: the start
        long refs = maxTerminal + 1L; // joined rule k is the letter refs + k
        long separators = refs + rules.size(); // the separator after body b is the letter separators + b
        if (separators + n > Integer.MAX_VALUE) { // terminals near the int range's end leave no letters: the rules as joined
            int[][] bodies = new int[n][];
            for (int b = 0; b < n; b++) {
                bodies[b] = body(b);
                for (int i = 0; i < bodies[b].length; i++) {
                    if (Grammar.isRule(bodies[b][i])) bodies[b][i] = Grammar.ref(1 + Grammar.ruleOf(bodies[b][i]));
                }
            }
            return RulePruning.prune(Grammar.fromRules(bodies));
        }
        GrammarBuilder repair = GrammarAlgorithm.REPAIR.newBuilder((int) Math.min(1 << 24, symbolCount() + n));
        for (int b = 0; b < n; b++) {
            for (int s : body(b)) repair.append(Grammar.isRule(s) ? (int) refs + Grammar.ruleOf(s) : s);
            repair.append((int) separators + b);
        }
        Grammar h = repair.toGrammar();
        // h's start rule: the n bodies, each ended by its separator; h's other rules: the pairs Re-Pair made
        int pairRules = h.ruleCount() - 1;
        int[][] bodies = new int[n + pairRules][];
        int[] top = h.body(0);
        int from = 0;
        for (int b = 0; b < n; b++) {
            int to = from;
            while (top[to] != (int) separators + b) to++;
            bodies[b] = letters(Arrays.copyOfRange(top, from, to), refs, n);
            from = to + 1;
        }
        for (int r = 1; r <= pairRules; r++) bodies[n + r - 1] = letters(h.body(r), refs, n);
        return RulePruning.prune(Grammar.fromRules(bodies));
    }

    /** Body {@code b} of the combined table: 0 the start, 1 + k joined rule k (references as stored: -1 - k). */
    private int[] body(int b) {
        return b == 0 ? Arrays.copyOf(start, startLength) : rules.get(b - 1).clone();
    }

    /** A body of Re-Pair's output in the combined numbering: joined rule k (the letter {@code refs + k}) is rule 1 + k, Re-Pair's rule r is rule n + r − 1. */
    private static int[] letters(int[] body, long refs, int n) {
        for (int i = 0; i < body.length; i++) {
            int s = body[i];
            if (Grammar.isRule(s)) body[i] = Grammar.ref(n + Grammar.ruleOf(s) - 1);
            else if (s >= refs) body[i] = Grammar.ref(1 + s - (int) refs);
        }
        return body;
    }

    private int map(int s, int[] renamed, IntUnaryOperator terminal) {
        if (Grammar.isRule(s)) return Grammar.ref(renamed[Grammar.ruleOf(s)]);
        int t = terminal.applyAsInt(s);
        if (t < 0) throw new IllegalArgumentException("terminal " + s + " mapped to a negative id " + t);
        if (t > maxTerminal) maxTerminal = t;
        return t;
    }

    /** A rule body as a hash key. */
    private record Body(int[] symbols) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Body other && Arrays.equals(symbols, other.symbols);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(symbols);
        }
    }
}
