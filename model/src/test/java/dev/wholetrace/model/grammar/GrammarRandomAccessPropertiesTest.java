package dev.wholetrace.model.grammar;

import static dev.wholetrace.model.grammar.GrammarTestSupport.naiveExpand;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link Grammar} and {@link GrammarExpander} on arbitrary valid grammars (not only SEQUITUR
 * output: empty rules, unused rules, single references, long bodies) and on SEQUITUR grammars,
 * against a plain recursive expansion.
 */
class GrammarRandomAccessPropertiesTest {

    private static final int MAX_LENGTH = 3000;

    @Property(tries = 300)
    void expansionAndRuleMetadataMatchNaiveRecursion(@ForAll("anyGrammar") Grammar g) {
        int[] expected = naiveExpand(g, 0);
        assertThat(g.expand()).isEqualTo(expected);
        assertThat(g.length()).isEqualTo(expected.length);
        int[] uses = new int[g.ruleCount()];
        int symbols = 0;
        for (int r = 0; r < g.ruleCount(); r++) {
            assertThat(g.expandedLength(r)).as("expandedLength(%d)", r).isEqualTo(naiveExpand(g, r).length);
            assertThat(g.depth(r)).as("depth(%d)", r).isEqualTo(naiveDepth(g, r));
            int[] body = g.body(r);
            assertThat(body).hasSize(g.bodyLength(r));
            for (int i = 0; i < body.length; i++) {
                assertThat(g.symbol(r, i)).isEqualTo(body[i]);
                if (Grammar.isRule(body[i])) uses[Grammar.ruleOf(body[i])]++;
            }
            symbols += body.length;
        }
        assertThat(g.depth()).isEqualTo(g.depth(0));
        assertThat(g.referenceCounts()).isEqualTo(uses);
        assertThat(g.symbolCount()).isEqualTo(symbols);
    }

    @Property(tries = 300)
    void foldVisitsEveryRuleOnceChildrenFirstWithItsBody(@ForAll("anyGrammar") Grammar g) {
        boolean[] done = new boolean[g.ruleCount()];
        long[] length = new long[g.ruleCount()];
        boolean[] edgeSeen = new boolean[g.symbolCount()];
        g.foldBottomUp(rule -> {
            int r = rule.rule();
            assertThat(done[r]).as("rule %d visited twice", r).isFalse();
            assertThat(rule.length()).isEqualTo(g.bodyLength(r));
            long n = 0;
            for (int i = 0; i < rule.length(); i++) {
                int s = g.symbol(r, i);
                assertThat(rule.isRule(i)).isEqualTo(Grammar.isRule(s));
                if (rule.isRule(i)) {
                    assertThat(rule.child(i)).isEqualTo(Grammar.ruleOf(s));
                    assertThat(done[rule.child(i)]).as("child R%d of R%d folded first", rule.child(i), r).isTrue();
                    n += length[rule.child(i)];
                } else {
                    assertThat(rule.terminal(i)).isEqualTo(s);
                    n++;
                }
                assertThat(edgeSeen[rule.edge(i)]).as("edge index reused").isFalse();
                edgeSeen[rule.edge(i)] = true;
            }
            length[r] = n;
            done[r] = true;
        });
        for (int r = 0; r < g.ruleCount(); r++) {
            assertThat(done[r]).isTrue();
            assertThat(length[r]).isEqualTo(g.expandedLength(r));
        }
        for (boolean e : edgeSeen) assertThat(e).isTrue();
    }

    @Property(tries = 300)
    void occurrencesCountEachRuleInTheDerivationTree(@ForAll("anyGrammar") Grammar g) {
        long[] naive = new long[g.ruleCount()];
        countOccurrences(g, 0, naive);
        assertThat(g.occurrences()).isEqualTo(naive);
    }

    private static void countOccurrences(Grammar g, int rule, long[] out) {
        out[rule]++;
        for (int s : g.body(rule)) if (Grammar.isRule(s)) countOccurrences(g, Grammar.ruleOf(s), out);
    }

    @Property(tries = 300)
    void terminalAtEqualsExpansionEverywhere(@ForAll("anyGrammar") Grammar g) {
        int[] expected = g.expand();
        for (int i = 0; i < expected.length; i++) {
            assertThat(g.terminalAt(i)).as("terminalAt(%d)", i).isEqualTo(expected[i]);
        }
        assertThatThrownBy(() -> g.terminalAt(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> g.terminalAt(expected.length)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> g.terminalAt(Long.MAX_VALUE)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Property(tries = 150)
    void terminalAtOnSequiturGrammars(@ForAll("sequiturGrammar") Grammar g) {
        int[] expected = naiveExpand(g, 0);
        for (int i = 0; i < expected.length; i++) assertThat(g.terminalAt(i)).isEqualTo(expected[i]);
    }

    @Property(tries = 200)
    void expanderFromAnyOffsetReadsTheSuffix(@ForAll("anyGrammar") Grammar g, @ForAll long seed) {
        assertSuffixesRead(g, seed);
    }

    @Property(tries = 150)
    void expanderFromAnyOffsetOnSequiturGrammars(@ForAll("sequiturGrammar") Grammar g, @ForAll long seed) {
        assertSuffixesRead(g, seed);
    }

    private static void assertSuffixesRead(Grammar g, long seed) {
        int[] all = naiveExpand(g, 0);
        List<Integer> starts = new ArrayList<>();
        if (all.length <= 150) {
            for (int f = 0; f <= all.length; f++) starts.add(f);
        } else {
            Random rnd = new Random(seed);
            starts.addAll(List.of(0, 1, all.length - 1, all.length));
            for (int k = 0; k < 40; k++) starts.add(rnd.nextInt(all.length + 1));
        }
        for (int from : starts) {
            int[] suffix = Arrays.copyOfRange(all, from, all.length);
            GrammarExpander bulk = g.expander(from);
            assertThat(bulk.remaining()).isEqualTo(suffix.length);
            assertThat(bulk.hasNext()).isEqualTo(suffix.length > 0);
            int[] out = new int[suffix.length + 5];
            Arrays.fill(out, -7);
            assertThat(bulk.read(out, 2, suffix.length + 3)).as("read from %d", from).isEqualTo(suffix.length);
            assertThat(Arrays.copyOfRange(out, 2, 2 + suffix.length)).as("suffix from %d", from).isEqualTo(suffix);
            assertThat(out[0]).isEqualTo(-7);
            assertThat(out[2 + suffix.length]).as("read wrote past the end").isEqualTo(-7);
            assertThat(bulk.hasNext()).isFalse();
            assertThat(bulk.remaining()).isZero();

            GrammarExpander single = g.expander(from);
            for (int i = 0; i < suffix.length; i++) {
                assertThat(single.hasNext()).isTrue();
                assertThat(single.remaining()).isEqualTo(suffix.length - i);
                assertThat(single.next()).as("next() at %d", from + i).isEqualTo(suffix[i]);
            }
            assertThat(single.hasNext()).isFalse();
            assertThatThrownBy(single::next).isInstanceOf(NoSuchElementException.class);
        }
        assertThatThrownBy(() -> g.expander(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> g.expander(all.length + 1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /** Interleaving next() and read() chunks of random sizes gives the same stream. */
    @Property(tries = 300)
    void nextAndReadAgree(@ForAll("anyGrammar") Grammar g, @ForAll long seed) {
        Random rnd = new Random(seed);
        int[] all = g.expand();
        int from = all.length == 0 ? 0 : rnd.nextInt(all.length + 1);
        GrammarExpander e = g.expander(from);
        int p = from;
        while (true) {
            assertThat(e.remaining()).isEqualTo(all.length - p);
            assertThat(e.hasNext()).isEqualTo(p < all.length);
            if (rnd.nextBoolean()) {
                if (p == all.length) {
                    assertThatThrownBy(e::next).isInstanceOf(NoSuchElementException.class);
                    break;
                }
                assertThat(e.next()).as("next() at %d", p).isEqualTo(all[p]);
                p++;
            } else {
                int len = rnd.nextInt(12);
                int[] buf = new int[len];
                int n = e.read(buf, 0, len);
                assertThat(n).isEqualTo(Math.min(len, all.length - p));
                assertThat(Arrays.copyOf(buf, n)).isEqualTo(Arrays.copyOfRange(all, p, p + n));
                p += n;
                if (n == 0 && len > 0) break;
            }
        }
        assertThat(p).isEqualTo(all.length);
        assertThat(e.read(new int[4], 0, 4)).isZero();
    }

    @Property(tries = 200)
    void equalityFollowsTheArrays(@ForAll("anyGrammar") Grammar g) {
        int[] offsets = new int[g.ruleCount() + 1];
        List<Integer> body = new ArrayList<>();
        for (int r = 0; r < g.ruleCount(); r++) {
            offsets[r] = body.size();
            for (int s : g.body(r)) body.add(s);
        }
        offsets[g.ruleCount()] = body.size();
        Grammar copy = new Grammar(offsets, body.stream().mapToInt(Integer::intValue).toArray());
        assertThat(copy).isEqualTo(g);
        assertThat(copy.hashCode()).isEqualTo(g.hashCode());
        assertThat(copy.toString()).isEqualTo(g.toString());
        assertThat(g).isNotEqualTo(null).isNotEqualTo("R0");
        if (g.symbolCount() > 0) {
            int[] body0 = g.body(0);
            // body() hands out a copy
            Arrays.fill(body0, 12345);
            assertThat(g).isEqualTo(copy);
        }
    }

    // ---- generators --------------------------------------------------------------------------

    /**
     * Arbitrary valid grammars of up to 8 rules. Raw values decide each symbol: a reference to a
     * later rule or a terminal (sometimes huge). References that would make a rule longer than
     * {@link #MAX_LENGTH} become terminals.
     */
    @Provide
    Arbitrary<Grammar> anyGrammar() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE)
                .list().ofMaxSize(7)
                .list().ofMinSize(1).ofMaxSize(8)
                .map(GrammarRandomAccessPropertiesTest::grammarFrom);
    }

    static Grammar grammarFrom(List<List<Integer>> raw) {
        int rules = raw.size();
        int[][] bodies = new int[rules][];
        long[] len = new long[rules];
        for (int r = rules - 1; r >= 0; r--) {
            List<Integer> values = raw.get(r);
            int[] body = new int[values.size()];
            long total = 0;
            for (int i = 0; i < body.length; i++) {
                int v = values.get(i);
                int later = rules - r - 1;
                if (v % 5 < 3 && later > 0) {
                    int child = r + 1 + (v / 5) % later;
                    if (total + len[child] <= MAX_LENGTH) {
                        body[i] = Grammar.ref(child);
                        total += len[child];
                        continue;
                    }
                }
                body[i] = v % 7 == 0 ? v : v % 4; // mostly a small alphabet, sometimes huge
                total++;
            }
            bodies[r] = body;
            len[r] = total;
        }
        int[] offsets = new int[rules + 1];
        for (int r = 0; r < rules; r++) offsets[r + 1] = offsets[r] + bodies[r].length;
        int[] body = new int[offsets[rules]];
        for (int r = 0; r < rules; r++) System.arraycopy(bodies[r], 0, body, offsets[r], bodies[r].length);
        return new Grammar(offsets, body);
    }

    @Provide
    Arbitrary<Grammar> sequiturGrammar() {
        return Arbitraries.integers().between(1, 4).flatMap(k ->
                        Arbitraries.integers().between(0, k - 1).array(int[].class).ofMaxSize(1500))
                .map(input -> GrammarTestSupport.build(input).toGrammar());
    }

    /** Height of the derivation tree of {@code rule}, by memoised recursion. */
    private static int naiveDepth(Grammar g, int rule) {
        return naiveDepth(g, rule, new int[g.ruleCount()]);
    }

    private static int naiveDepth(Grammar g, int rule, int[] memo) {
        if (memo[rule] > 0) return memo[rule];
        int d = 0;
        for (int s : g.body(rule)) if (Grammar.isRule(s)) d = Math.max(d, naiveDepth(g, Grammar.ruleOf(s), memo));
        return memo[rule] = d + 1;
    }
}
