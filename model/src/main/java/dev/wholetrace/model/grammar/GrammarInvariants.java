package dev.wholetrace.model.grammar;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the SEQUITUR invariants on a live builder: digram uniqueness, rule utility, reference
 * counts, reachability, and that the digram index agrees with the rules. Costs O(grammar) time
 * and boxed memory, so it is meant for tests and debugging, not for the recording path.
 */
public final class GrammarInvariants {
    private GrammarInvariants() {}

    /** Every violated invariant as a sentence; empty when the grammar is sound. */
    public static List<String> violations(SequiturGrammar g) {
        List<String> out = new ArrayList<>();
        int top = g.ruleTop();
        int[] refs = new int[top];
        Map<Long, List<Integer>> occurrences = new HashMap<>();
        boolean[] reachable = reachable(g, top);
        for (int r = 0; r < top; r++) {
            if (!g.ruleIsLive(r)) continue;
            if (!reachable[r]) out.add("rule " + r + " is live but unreachable from the start rule");
            int guard = g.guardNode(r);
            int len = 0;
            for (int n = g.firstNode(r); n != guard; n = g.nextNode(n)) {
                len++;
                if (g.prevNode(g.nextNode(n)) != n) out.add("broken back link in rule " + r);
                int s = g.symbolAt(n);
                if (SequiturGrammar.symbolIsGuard(s)) out.add("guard symbol inside rule " + r);
                if (SequiturGrammar.symbolIsRule(s)) {
                    int c = SequiturGrammar.ruleOfSymbol(s);
                    if (c >= top || !g.ruleIsLive(c)) out.add("rule " + r + " references dead rule " + c);
                    else refs[c]++;
                }
                int m = g.nextNode(n);
                if (m != guard) {
                    occurrences.computeIfAbsent(DigramTable.key(s, g.symbolAt(m)), k -> new ArrayList<>()).add(n);
                }
            }
            if (r != g.startRule() && len < 2) out.add("rule " + r + " has " + len + " symbols");
        }
        for (int r = 0; r < top; r++) {
            if (!g.ruleIsLive(r) || r == g.startRule()) continue;
            if (refs[r] != g.usesOf(r)) out.add("rule " + r + " counts " + g.usesOf(r) + " uses, has " + refs[r]);
            if (refs[r] < 2) out.add("rule utility: rule " + r + " is used " + refs[r] + " time(s)");
        }
        for (Map.Entry<Long, List<Integer>> e : occurrences.entrySet()) {
            List<Integer> at = e.getValue();
            // Overlapping occurrences inside a run ("aaa") are allowed.
            if (nonOverlapping(g, at)) out.add("digram uniqueness: " + describe(e.getKey()) + " occurs " + at.size() + " times");
            int indexed = g.digrams().get(e.getKey(), g.nodeArray());
            if (!at.contains(indexed)) out.add("digram " + describe(e.getKey()) + " is not indexed at an occurrence");
        }
        g.digrams().forEach(g.nodeArray(), (key, node, current) -> {
            if (!current || !occurrences.containsKey(key)) out.add("stale digram index entry " + describe(key));
        });
        return out;
    }

    /**
     * The SEQUITUR properties of a frozen grammar, whichever builder made it: digram uniqueness
     * (a digram occurring twice anywhere is a violation unless the two occurrences overlap inside
     * a run such as {@code aaa}) and rule utility (every rule but the start rule referenced at
     * least twice and at least two symbols long). Empty when both hold.
     */
    public static List<String> violations(Grammar g) {
        List<String> out = new ArrayList<>();
        int rules = g.ruleCount();
        int[] refs = new int[rules];
        Map<Long, long[]> seen = new HashMap<>(); // digram -> {count, rule, position of the first}
        for (int r = 0; r < rules; r++) {
            int len = g.bodyLength(r);
            if (r != 0 && len < 2) out.add("rule " + r + " has " + len + " symbols");
            for (int i = 0; i < len; i++) {
                int s = g.symbol(r, i);
                if (Grammar.isRule(s)) refs[Grammar.ruleOf(s)]++;
                if (i + 1 == len) continue;
                long key = DigramTable.key(s, g.symbol(r, i + 1));
                long[] at = seen.get(key);
                if (at == null) {
                    seen.put(key, new long[] {1, r, i});
                } else {
                    at[0]++;
                    // Two occurrences overlapping inside a run (aaa) cannot both be replaced; a third always can.
                    boolean overlapping = at[0] == 2 && at[1] == r && at[2] == i - 1;
                    if (at[0] == 3 || (at[0] == 2 && !overlapping)) {
                        out.add("digram uniqueness: (" + name(s) + ", " + name(g.symbol(r, i + 1)) + ") occurs again in rule " + r + " at " + i);
                    }
                }
            }
        }
        for (int r = 1; r < rules; r++) {
            if (refs[r] < 2) out.add("rule utility: rule " + r + " is used " + refs[r] + " time(s)");
        }
        return out;
    }

    private static String name(int s) {
        return Grammar.isRule(s) ? "R" + Grammar.ruleOf(s) : Integer.toString(s);
    }

    /** True if two of the occurrences can be replaced by a rule: they do not overlap. */
    private static boolean nonOverlapping(SequiturGrammar g, List<Integer> at) {
        if (at.size() < 2) return false;
        if (at.size() > 2) return true;
        int a = at.get(0);
        int b = at.get(1);
        return g.nextNode(a) != b && g.nextNode(b) != a;
    }

    private static boolean[] reachable(SequiturGrammar g, int top) {
        boolean[] seen = new boolean[top];
        int[] work = new int[top + 1];
        int sp = 0;
        work[sp++] = g.startRule();
        seen[g.startRule()] = true;
        while (sp > 0) {
            int r = work[--sp];
            int guard = g.guardNode(r);
            for (int n = g.firstNode(r); n != guard; n = g.nextNode(n)) {
                int s = g.symbolAt(n);
                if (!SequiturGrammar.symbolIsRule(s)) continue;
                int c = SequiturGrammar.ruleOfSymbol(s);
                if (c < top && g.ruleIsLive(c) && !seen[c]) {
                    seen[c] = true;
                    work[sp++] = c;
                }
            }
        }
        return seen;
    }

    private static String describe(long key) {
        return "(" + symbolName((int) (key >> 32)) + ", " + symbolName((int) key) + ")";
    }

    private static String symbolName(int s) {
        return SequiturGrammar.symbolIsRule(s) ? "R" + SequiturGrammar.ruleOfSymbol(s) : Integer.toString(s);
    }
}
