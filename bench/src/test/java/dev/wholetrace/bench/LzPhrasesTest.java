package dev.wholetrace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The LZ77 phrase count of bench grammars: against a quadratic parse, and a lower bound of every grammar built here. */
class LzPhrasesTest {
    @Test
    void smallCasesByHand() {
        assertThat(LzPhrases.count(new int[0])).isZero();
        assertThat(LzPhrases.count(new int[] {7})).isEqualTo(1);
        assertThat(LzPhrases.count(new int[] {0, 0, 0, 0})).isEqualTo(2); // a, aaa (overlapping its source)
        assertThat(LzPhrases.count(new int[] {0, 1, 0, 1, 0, 1, 0, 1})).isEqualTo(3); // a, b, ababab
        assertThat(LzPhrases.count(new int[] {0, 1, 2, 3})).isEqualTo(4);
    }

    @Test
    void suffixArrayAndParseMatchQuadraticOnes() {
        Random rnd = new Random(17);
        for (int round = 0; round < 400; round++) {
            int[] s = input(rnd, rnd.nextInt(300), 1 + rnd.nextInt(round % 3 == 0 ? 2 : 6));
            assertThat(LzPhrases.suffixArray(s)).as("suffix array of %s", Arrays.toString(s)).isEqualTo(naiveSuffixArray(s));
            assertThat(LzPhrases.count(s)).as("phrases of %s", Arrays.toString(s)).isEqualTo(naiveCount(s));
        }
    }

    @Test
    void noGrammarIsSmallerThanTheParse() {
        Random rnd = new Random(5);
        GrammarAlgorithm[] algorithms = Arrays.copyOf(GrammarRuns.ALGORITHMS, GrammarRuns.ALGORITHMS.length + 1);
        algorithms[algorithms.length - 1] = GrammarAlgorithm.ENHANCED.withWindow(64);
        for (int round = 0; round < 60; round++) {
            int[] s = input(rnd, 50 + rnd.nextInt(3_000), 1 + rnd.nextInt(8));
            long phrases = LzPhrases.count(s);
            for (GrammarAlgorithm a : algorithms) {
                GrammarBuilder b = a.newBuilder(16);
                b.append(s, 0, s.length);
                assertThat((long) b.toGrammar().symbolCount()).as("%s on round %d", a.label(), round).isGreaterThanOrEqualTo(phrases);
            }
        }
    }

    /** Random symbols, or a pattern repeated with some symbols changed (where grammars get small). */
    private static int[] input(Random rnd, int n, int alphabet) {
        int[] s = new int[n];
        if (rnd.nextBoolean()) {
            for (int i = 0; i < n; i++) s[i] = rnd.nextInt(alphabet);
            return s;
        }
        int period = 1 + rnd.nextInt(40);
        int[] pattern = new int[period];
        for (int i = 0; i < period; i++) pattern[i] = rnd.nextInt(alphabet + 3);
        for (int i = 0; i < n; i++) s[i] = rnd.nextInt(50) == 0 ? rnd.nextInt(alphabet + 3) : pattern[i % period];
        return s;
    }

    private static int[] naiveSuffixArray(int[] s) {
        Integer[] idx = new Integer[s.length];
        for (int i = 0; i < s.length; i++) idx[i] = i;
        Comparator<Integer> bySuffix = (a, b) -> Arrays.compare(s, a, s.length, s, b, s.length);
        Arrays.sort(idx, bySuffix);
        return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
    }

    private static long naiveCount(int[] s) {
        long phrases = 0;
        for (int i = 0; i < s.length; phrases++) {
            int longest = 0;
            for (int p = 0; p < i; p++) {
                int l = 0;
                while (i + l < s.length && s[p + l] == s[i + l]) l++;
                longest = Math.max(longest, l);
            }
            i += Math.max(1, longest);
        }
        return phrases;
    }
}
