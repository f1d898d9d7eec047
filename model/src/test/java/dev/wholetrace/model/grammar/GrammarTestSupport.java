package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Shared oracles for the grammar tests. The checks on a frozen {@link Grammar} are written
 * independently of {@link GrammarInvariants}, so a bug in the checker cannot hide a bug in the
 * builder (and vice versa).
 */
final class GrammarTestSupport {
    private GrammarTestSupport() {}

    static int[] chars(String s) {
        return s.chars().toArray();
    }

    static SequiturGrammar build(int[] input) {
        SequiturGrammar g = new SequiturGrammar();
        for (int t : input) g.append(t);
        return g;
    }

    static SequiturGrammar build(String s) {
        return build(chars(s));
    }

    /** Feeds the whole input, then checks invariants and round trip once. */
    static Grammar assertSoundAtEnd(int[] input) {
        SequiturGrammar b = build(input);
        return assertSound(b, input, input.length);
    }

    /** Checks invariants and round trip before the first append and after every append. */
    static void assertSoundAfterEveryAppend(int[] input) {
        SequiturGrammar b = new SequiturGrammar();
        assertSound(b, input, 0);
        for (int i = 0; i < input.length; i++) {
            b.append(input[i]);
            assertSound(b, input, i + 1);
        }
    }

    /**
     * The builder holds {@code input[0, n)}: its invariants hold, its frozen grammar expands to
     * exactly that prefix, the frozen grammar independently satisfies the SEQUITUR properties, and
     * the builder's counters agree with the frozen grammar.
     */
    static Grammar assertSound(SequiturGrammar b, int[] input, int n) {
        List<String> violations = GrammarInvariants.violations(b);
        Grammar g = b.toGrammar();
        if (!violations.isEmpty()) {
            throw new AssertionError("invariants violated after " + n + " symbols of "
                    + abbreviate(input) + ": " + violations + "\n" + g);
        }
        int[] expected = Arrays.copyOf(input, n);
        int[] actual = g.expand();
        if (!Arrays.equals(actual, expected)) {
            throw new AssertionError("round trip failed after " + n + " symbols of " + abbreviate(input)
                    + "\n" + g);
        }
        assertThat(b.length()).isEqualTo(n);
        assertThat(g.length()).isEqualTo(n);
        assertThat(g.symbolCount()).as("symbolCount").isEqualTo(b.symbolCount());
        assertThat(g.ruleCount()).as("ruleCount").isEqualTo(b.ruleCount());
        List<String> frozen = frozenViolations(g);
        if (!frozen.isEmpty()) {
            throw new AssertionError("frozen grammar violates SEQUITUR after " + n + " symbols of "
                    + abbreviate(input) + ": " + frozen + "\n" + g);
        }
        return g;
    }

    /**
     * SEQUITUR's properties checked directly on an immutable grammar: rule utility (every rule but
     * the start rule is referenced at least twice), no rule shorter than two symbols, and digram
     * uniqueness (a digram occurring more than once may only do so as overlapping occurrences
     * inside a run, e.g. {@code aaa}). Reachability follows from the canonical numbering plus
     * utility: rule r &gt; 0 is referenced by some rule &lt; r.
     */
    static List<String> frozenViolations(Grammar g) {
        List<String> out = new ArrayList<>();
        int[] uses = g.referenceCounts();
        if (uses[0] != 0) out.add("start rule is referenced");
        for (int r = 1; r < g.ruleCount(); r++) {
            if (uses[r] < 2) out.add("rule R" + r + " is used " + uses[r] + " time(s)");
            if (g.bodyLength(r) < 2) out.add("rule R" + r + " has " + g.bodyLength(r) + " symbol(s)");
        }
        // digram -> list of (rule, index) occurrences, encoded as rule * 2^32 + index
        Map<Long, List<long[]>> occ = new HashMap<>();
        for (int r = 0; r < g.ruleCount(); r++) {
            int[] body = g.body(r);
            for (int i = 0; i + 1 < body.length; i++) {
                long key = ((long) body[i] << 32) | (body[i + 1] & 0xFFFF_FFFFL);
                occ.computeIfAbsent(key, k -> new ArrayList<>()).add(new long[] {r, i});
            }
        }
        for (Map.Entry<Long, List<long[]>> e : occ.entrySet()) {
            List<long[]> at = e.getValue();
            for (int x = 0; x < at.size(); x++) {
                for (int y = x + 1; y < at.size(); y++) {
                    long[] a = at.get(x);
                    long[] c = at.get(y);
                    boolean overlapping = a[0] == c[0] && Math.abs(a[1] - c[1]) == 1;
                    if (!overlapping) {
                        out.add("digram " + describe(e.getKey()) + " at R" + a[0] + "[" + a[1] + "] and R" + c[0]
                                + "[" + c[1] + "]");
                    }
                }
            }
        }
        return out;
    }

    private static String describe(long key) {
        return "(" + name((int) (key >> 32)) + ", " + name((int) key) + ")";
    }

    private static String name(int s) {
        return s < 0 ? "R" + Grammar.ruleOf(s) : Integer.toString(s);
    }

    /** Reference expansion of one rule: plain recursion over the immutable grammar. */
    static int[] naiveExpand(Grammar g, int rule) {
        List<Integer> out = new ArrayList<>();
        naiveExpand(g, rule, out);
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void naiveExpand(Grammar g, int rule, List<Integer> out) {
        for (int s : g.body(rule)) {
            if (Grammar.isRule(s)) naiveExpand(g, Grammar.ruleOf(s), out);
            else out.add(s);
        }
    }

    static String abbreviate(int[] input) {
        if (input.length <= 200) return Arrays.toString(input);
        return Arrays.toString(Arrays.copyOf(input, 200)) + "... (" + input.length + " symbols)";
    }

    static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
