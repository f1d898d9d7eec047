package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * Sync counts (synch_cnt, parallel-wpp-compression §2.2) on random SEQUITUR grammars with some
 * terminals marked as sync ops, against brute force on the expansion: every edge's count, every
 * rule's total, Algorithm 1's path and position of every marked terminal, countBefore at every
 * position, and the lowest common rule of every pair (m, n). The oracles walk expanded lengths
 * and the expansion itself; they never look at the counts.
 */
class EdgeCountsPropertiesTest {

    /** A string with repetition (so rules nest) and the set of terminals that count as sync ops. */
    record Input(int[] string, boolean[] marked) {
        IntPredicate predicate() {
            return s -> s < marked.length && marked[s];
        }

        @Override
        public String toString() {
            return "Input{" + Arrays.toString(string) + ", marked=" + Arrays.toString(marked) + "}";
        }
    }

    @Property(tries = 200)
    void countsPathsPositionsAndSpansMatchBruteForce(@ForAll("inputs") Input in) {
        Grammar g = GrammarTestSupport.build(in.string()).toGrammar();
        EdgeCounts c = EdgeCounts.count(g, in.predicate());
        int[] w = g.expand();
        assertThat(w).isEqualTo(in.string());
        int[][] expansions = expansions(g);

        // synch_cnt of every edge and every rule's total, by counting in the rule's expansion.
        for (int r = 0; r < g.ruleCount(); r++) {
            long acc = 0;
            for (int i = 0; i < g.bodyLength(r); i++) {
                assertThat(c.edge(r, i)).as("edge(R%d, %d)", r, i).isEqualTo(acc);
                int s = g.symbol(r, i);
                acc += Grammar.isRule(s) ? marked(expansions[Grammar.ruleOf(s)], in) : in.predicate().test(s) ? 1 : 0;
            }
            assertThat(c.total(r)).as("total(R%d)", r).isEqualTo(acc);
        }

        long[] pos = markedPositions(w, in);
        assertThat(c.total()).isEqualTo(pos.length);
        for (int m = 0; m < pos.length; m++) {
            assertThat(c.position(m)).as("position(%d)", m).isEqualTo(pos[m]);
            assertThat(c.path(m)).as("path(%d)", m).containsExactly(BruteForcePaths.pathTo(g, pos[m]));
        }
        for (long p = -1; p <= w.length + 1; p++) {
            long before = 0;
            for (long q : pos) if (q < p) before++;
            assertThat(c.countBefore(p)).as("countBefore(%d)", p).isEqualTo(before);
        }
        for (int m = 0; m < pos.length; m++) {
            for (int n = m; n < pos.length; n++) checkSpan(g, c, expansions, pos, m, n);
        }
        assertThatThrownBy(() -> c.path(pos.length)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.position(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        if (pos.length > 1) assertThatThrownBy(() -> c.span(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * The span of (m, n) is the lowest rule occurrence whose subtree holds both: the paths agree
     * down to it and part there (or m == n and it is the leaf's parent), and expanding it from
     * fromInRule to toInRule gives exactly positions from..to of the whole expansion.
     */
    private static void checkSpan(Grammar g, EdgeCounts c, int[][] expansions, long[] pos, int m, int n) {
        EdgeCounts.Span span = c.span(m, n);
        int[] pm = BruteForcePaths.pathTo(g, pos[m]);
        int[] pn = BruteForcePaths.pathTo(g, pos[n]);
        int rule = 0;
        long start = 0;
        int level = 0;
        while (level < pm.length - 1 && level < pn.length - 1 && pm[level] == pn[level]) {
            for (int i = 0; i < pm[level]; i++) start += length(g, g.symbol(rule, i));
            rule = Grammar.ruleOf(g.symbol(rule, pm[level]));
            level++;
        }
        String what = "span(" + m + ", " + n + ")";
        assertThat(span.rule()).as(what + ".rule").isEqualTo(rule);
        assertThat(span.from()).as(what + ".from").isEqualTo(pos[m]);
        assertThat(span.to()).as(what + ".to").isEqualTo(pos[n]);
        assertThat(span.fromInRule()).as(what + ".fromInRule").isEqualTo(pos[m] - start);
        assertThat(span.toInRule()).as(what + ".toInRule").isEqualTo(pos[n] - start);
        int[] x = expansions[span.rule()];
        assertThat(x[(int) span.fromInRule()]).isEqualTo(g.terminalAt(pos[m]));
        assertThat(x[(int) span.toInRule()]).isEqualTo(g.terminalAt(pos[n]));
        if (m != n) assertThat(pm[level]).as(what + ": the paths part in the span's rule").isNotEqualTo(pn[level]);
        // Expanding the span's rule from fromInRule yields the trace from position `from` on.
        GrammarExpander e = g.ruleExpander(span.rule(), span.fromInRule());
        for (long p = span.from(); p <= span.to(); p++) assertThat(e.next()).isEqualTo(g.terminalAt(p));
    }

    @Test
    void noMarkedTerminalMeansNoPath() {
        Grammar g = GrammarTestSupport.build("abcabcabc").toGrammar();
        EdgeCounts c = EdgeCounts.count(g, s -> false);
        assertThat(c.total()).isZero();
        assertThat(c.countBefore(5)).isZero();
        assertThatThrownBy(() -> c.path(0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(EdgeCounts.count(Grammar.empty(), s -> true).total()).isZero();
    }

    @Test
    void everyTerminalMarkedMakesCountsPositions() {
        Grammar g = GrammarTestSupport.build("abababcabababc").toGrammar();
        EdgeCounts c = EdgeCounts.count(g, s -> true);
        for (int m = 0; m < g.length(); m++) {
            assertThat(c.position(m)).isEqualTo(m);
            assertThat(c.countBefore(m)).isEqualTo(m);
        }
    }

    // ---- oracles ---------------------------------------------------------------------------------

    static int[][] expansions(Grammar g) {
        int[][] out = new int[g.ruleCount()][];
        for (int r = g.ruleCount() - 1; r >= 0; r--) { // children have higher numbers
            List<Integer> x = new ArrayList<>();
            for (int i = 0; i < g.bodyLength(r); i++) {
                int s = g.symbol(r, i);
                if (Grammar.isRule(s)) for (int t : out[Grammar.ruleOf(s)]) x.add(t);
                else x.add(s);
            }
            out[r] = x.stream().mapToInt(Integer::intValue).toArray();
        }
        return out;
    }

    private static long marked(int[] xs, Input in) {
        return Arrays.stream(xs).filter(in.predicate()).count();
    }

    private static long[] markedPositions(int[] w, Input in) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < w.length; i++) if (in.predicate().test(w[i])) out.add((long) i);
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static long length(Grammar g, int symbol) {
        return Grammar.isRule(symbol) ? g.expandedLength(Grammar.ruleOf(symbol)) : 1;
    }

    // ---- generators ------------------------------------------------------------------------------

    @Provide
    Arbitrary<Input> inputs() {
        Arbitrary<int[]> strings = Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.integers().between(0, 3).array(int[].class).ofMaxSize(120)),
                Tuple.of(3, repetitive()),
                Tuple.of(1, Arbitraries.integers().between(0, 9).array(int[].class).ofMaxSize(60)));
        return Combinators.combine(strings, Arbitraries.of(true, false).array(boolean[].class).ofSize(10)).as(Input::new);
    }

    /** Patterns repeated and nested: deep grammars with many shared rules. */
    private static Arbitrary<int[]> repetitive() {
        return Combinators.combine(
                Arbitraries.integers().between(0, 9).array(int[].class).ofMinSize(1).ofMaxSize(5),
                Arbitraries.integers().between(0, 9).array(int[].class).ofMaxSize(4),
                Arbitraries.integers().between(1, 6), Arbitraries.integers().between(1, 5))
                .as((pattern, glue, inner, outer) -> {
                    List<Integer> out = new ArrayList<>();
                    for (int o = 0; o < outer; o++) {
                        for (int i = 0; i < inner; i++) for (int x : pattern) out.add(x);
                        for (int x : glue) out.add(x);
                    }
                    return out.stream().mapToInt(Integer::intValue).toArray();
                });
    }
}
