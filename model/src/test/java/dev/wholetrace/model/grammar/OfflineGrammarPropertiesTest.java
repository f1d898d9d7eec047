package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The offline builders, {@link RePairGrammar} and {@link EnhancedSequiturGrammar}: the grammar
 * expands back to the input on random and on repetitive inputs, and the enhanced one keeps both
 * SEQUITUR properties ({@link GrammarInvariants#violations(Grammar)} finds nothing).
 */
class OfflineGrammarPropertiesTest {

    private static Grammar build(GrammarAlgorithm algorithm, int[] input) {
        GrammarBuilder b = algorithm.newBuilder();
        for (int s : input) b.append(s);
        assertThat(b.length()).isEqualTo(input.length);
        Grammar g = b.toGrammar();
        assertThat(g.length()).isEqualTo(input.length);
        assertThat(g.expand()).isEqualTo(input);
        for (int i = 0; i < input.length; i += Math.max(1, input.length / 17)) assertThat(g.terminalAt(i)).isEqualTo(input[i]);
        return g;
    }

    private static void assertBoth(int[] input) {
        build(GrammarAlgorithm.REPAIR, input);
        Grammar e = build(GrammarAlgorithm.ENHANCED, input);
        assertThat(GrammarInvariants.violations(e)).as("enhanced on %s", Arrays.toString(input)).isEmpty();
        // The checker of frozen grammars agrees with online SEQUITUR, which keeps both properties by construction.
        assertThat(GrammarInvariants.violations(build(GrammarAlgorithm.SEQUITUR, input))).as("sequitur on %s", Arrays.toString(input)).isEmpty();
    }

    @Test
    void theFrozenGrammarCheckerFindsEachViolation() {
        int r1 = Grammar.ref(1);
        assertThat(GrammarInvariants.violations(Grammar.fromRules(new int[][] {{1, 2, 3, 1, 2}})))
                .singleElement().asString().contains("digram uniqueness").contains("(1, 2)");
        assertThat(GrammarInvariants.violations(Grammar.fromRules(new int[][] {{0, 0, 0}}))).isEmpty(); // overlapping in a run
        assertThat(GrammarInvariants.violations(Grammar.fromRules(new int[][] {{0, 0, 0, 0}}))).singleElement().asString().contains("digram uniqueness");
        assertThat(GrammarInvariants.violations(Grammar.fromRules(new int[][] {{r1, 5}, {1, 2}})))
                .singleElement().asString().contains("rule utility");
        assertThat(GrammarInvariants.violations(Grammar.fromRules(new int[][] {{r1, 5, r1}, {1}})))
                .singleElement().asString().contains("1 symbols");
        assertThat(GrammarInvariants.violations(Grammar.fromRules(new int[][] {{r1, 3, r1}, {1, 2}, {1, 2}}))).isEmpty();
    }

    @Property(tries = 300)
    void smallAlphabet(@ForAll("smallAlphabet") int[] input) {
        assertBoth(input);
    }

    @Property(tries = 150)
    void hugeTerminals(@ForAll("hugeTerminals") int[] input) {
        assertBoth(input);
    }

    @Property(tries = 150)
    void repeatedPatternsWithNoise(@ForAll("pattern") int[] pattern, @ForAll @IntRange(min = 1, max = 300) int times,
                                  @ForAll @IntRange(min = 0, max = 1000) int seed) {
        assertBoth(GrammarInputs.repeatedWithNoise(pattern, times, seed));
    }

    @Property(tries = 100)
    void nestedLoops(@ForAll @IntRange(min = 1, max = 30) int outer, @ForAll @IntRange(min = 1, max = 30) int inner,
                     @ForAll @IntRange(min = 1, max = 6) int body) {
        int[] input = new int[outer * (2 + inner * body)];
        int k = 0;
        for (int o = 0; o < outer; o++) {
            input[k++] = 100;
            for (int i = 0; i < inner; i++) for (int b = 0; b < body; b++) input[k++] = b;
            input[k++] = 101;
        }
        assertBoth(input);
    }

    @Test
    void runsAndTheInputsThatBreakImplementations() {
        for (String s : new String[] {"", "a", "aa", "aaa", "aaaa", "aaaaa", "abbbabcbb", "cdddcdadd", "abab", "ababab",
                "aabaabaab", "abcabcabc", "aaabaaabaaab", "abaaabaaaab"}) {
            assertBoth(s.chars().map(c -> c - 'a').toArray());
        }
        int[] longRun = new int[100_000];
        assertBoth(longRun);
        int[] runs = new int[50_000];
        for (int i = 0; i < runs.length; i++) runs[i] = (i / 1000) % 2 == 0 ? 0 : i % 3;
        assertBoth(runs);
    }

    @Test
    void allStringsOverTwoSymbolsUpToLength12() {
        for (int len = 0; len <= 12; len++) {
            for (int bits = 0; bits < 1 << len; bits++) {
                int[] input = new int[len];
                for (int i = 0; i < len; i++) input[i] = (bits >> i) & 1;
                assertBoth(input);
            }
        }
    }

    /** The paper's example (§4.2, with its evident typo mended): bc is the most frequent digram and is kept. */
    @Test
    void enhancedFindsThePapersIdealGrammar() {
        int[] input = "wbcwbcxbcxbcybcybczbczbc".chars().toArray();
        Grammar e = build(GrammarAlgorithm.ENHANCED, input);
        Grammar s = build(GrammarAlgorithm.SEQUITUR, input);
        assertThat(e.symbolCount()).isEqualTo(18);   // S -> AABBCCDD, A -> wE, B -> xE, C -> yE, D -> zE, E -> bc
        assertThat(e.symbolCount()).isLessThanOrEqualTo(s.symbolCount());
        assertThat(e.ruleCount()).isEqualTo(6);
    }

    @Test
    void builderStaysUsableAfterAFreezeAndReportsMemory() {
        for (GrammarAlgorithm a : new GrammarAlgorithm[] {GrammarAlgorithm.REPAIR, GrammarAlgorithm.ENHANCED}) {
            GrammarBuilder b = a.newBuilder(4);
            int[] input = new int[5000];
            for (int i = 0; i < input.length; i++) input[i] = i % 13 == 0 ? i % 7 : i % 4;
            b.append(input, 0, 3000);
            assertThat(b.toGrammar().expand()).isEqualTo(Arrays.copyOf(input, 3000));
            assertThat(b.toGrammar()).isSameAs(b.toGrammar());
            for (int i = 3000; i < input.length; i++) b.append(input[i]);
            Grammar g = b.toGrammar();
            assertThat(g.expand()).isEqualTo(input);
            assertThat(b.symbolCount()).isEqualTo(g.symbolCount()).isLessThan(input.length);
            assertThat(b.peakFootprintBytes()).isGreaterThanOrEqualTo(12L * input.length);
        }
    }

    @Test
    void enhancedIsNoLargerThanSequiturOnLoopTraces() {
        SplittableRandom rnd = new SplittableRandom(3);
        int[] input = new int[200_000];
        int k = 0;
        while (k < input.length) {
            int path = rnd.nextInt(4);
            for (int j = 0; j < 5 + path && k < input.length; j++) input[k++] = 10 * path + j % 3;
        }
        Grammar e = build(GrammarAlgorithm.ENHANCED, input);
        Grammar s = build(GrammarAlgorithm.SEQUITUR, input);
        assertThat(GrammarInvariants.violations(e)).isEmpty();
        assertThat(e.symbolCount()).isLessThanOrEqualTo(s.symbolCount());
    }

    @Provide
    Arbitrary<int[]> smallAlphabet() {
        return GrammarInputs.smallAlphabet();
    }

    @Provide
    Arbitrary<int[]> hugeTerminals() {
        return GrammarInputs.hugeTerminals();
    }

    @Provide
    Arbitrary<int[]> pattern() {
        return GrammarInputs.pattern();
    }
}
