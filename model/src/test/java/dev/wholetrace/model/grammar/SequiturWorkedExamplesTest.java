package dev.wholetrace.model.grammar;

import static dev.wholetrace.model.grammar.GrammarTestSupport.assertSound;
import static dev.wholetrace.model.grammar.GrammarTestSupport.assertSoundAfterEveryAppend;
import static dev.wholetrace.model.grammar.GrammarTestSupport.build;
import static dev.wholetrace.model.grammar.GrammarTestSupport.chars;
import static dev.wholetrace.model.grammar.GrammarTestSupport.log2;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** Hand-checked grammars for small inputs, and grammar growth on loop traces. */
class SequiturWorkedExamplesTest {

    private static String grammarOf(String input) {
        assertSoundAfterEveryAppend(chars(input));
        return build(input).toGrammar().toString();
    }

    @Test
    void abcabcSharesOneRule() {
        assertThat(grammarOf("abcabc")).isEqualTo("R0 -> R1 R1\nR1 -> 97 98 99\n");
    }

    @Test
    void emptyInputIsTheEmptyGrammar() {
        SequiturGrammar b = new SequiturGrammar();
        assertThat(GrammarInvariants.violations(b)).isEmpty();
        Grammar g = b.toGrammar();
        assertThat(g).isEqualTo(Grammar.empty());
        assertThat(g.toString()).isEqualTo("R0 ->\n");
        assertThat(g.length()).isZero();
        assertThat(g.expand()).isEmpty();
        assertThat(b.ruleCount()).isEqualTo(1);
        assertThat(b.symbolCount()).isZero();
    }

    @Test
    void singleSymbol() {
        assertThat(grammarOf("a")).isEqualTo("R0 -> 97\n");
    }

    /** The two occurrences of {@code aa} overlap, so no rule may be formed. */
    @Test
    void aaaStaysFlat() {
        assertThat(grammarOf("aaa")).isEqualTo("R0 -> 97 97 97\n");
    }

    @Test
    void aaaaIsTwoPairs() {
        assertThat(grammarOf("aaaa")).isEqualTo("R0 -> R1 R1\nR1 -> 97 97\n");
    }

    @Test
    void aaaaaLeavesOneSymbolOver() {
        assertThat(grammarOf("aaaaa")).isEqualTo("R0 -> R1 R1 97\nR1 -> 97 97\n");
    }

    @Test
    void ababab() {
        assertThat(grammarOf("ababab")).isEqualTo("R0 -> R1 R1 R1\nR1 -> 97 98\n");
    }

    /** Rule utility inlines the intermediate rules into one rule for {@code aaabbb}. */
    @Test
    void runsOfRunsCollapseIntoOneRule() {
        assertThat(grammarOf("aaabbbaaabbb")).isEqualTo("R0 -> R1 R1\nR1 -> 97 97 97 98 98 98\n");
    }

    /**
     * A classic trap: forming {@code A -> ab} deletes the first {@code bb} of the run {@code bbb},
     * and the surviving {@code bb} must be re-indexed so the final {@code bb} still matches it.
     * By hand: S -> A B A c B with A -> ab, B -> bb; canonical (reverse post-order) numbering makes
     * B rule 1 and A rule 2.
     */
    @Test
    void abbbabcbb() {
        assertThat(grammarOf("abbbabcbb")).isEqualTo("R0 -> R2 R1 R2 99 R1\nR1 -> 98 98\nR2 -> 97 98\n");
    }

    /** The same shape as {@code abbbabcbb} under the renaming a->c, b->d, c->a. */
    @Test
    void cdddcdadd() {
        assertThat(grammarOf("cdddcdadd")).isEqualTo("R0 -> R2 R1 R2 97 R1\nR1 -> 100 100\nR2 -> 99 100\n");
    }

    @ParameterizedTest
    @CsvSource({"abcdbcabcd", "abcabdabcabd", "aabaaab", "abcbcabcbc", "xyzxyzxyzxyz", "aabbaabbaabb", "abaabaaab"})
    void moreSmallInputsAreSoundAtEveryStep(String input) {
        assertSoundAfterEveryAppend(chars(input));
    }

    // ---- loop traces: the grammar must not grow with the number of outer iterations -----------

    enum SweepTerminals {
        /** The flat address offset i*N + j of a[i][j]. */
        ADDRESS,
        /** Only the column index j, so every row looks the same. */
        COLUMN,
        /** Loop-body block ids: row header, two inner-body blocks per element, row footer. */
        BLOCKS
    }

    /** A 2-D array sweep over {@code a[M][N]}, repeated for K outer iterations. */
    static int[] sweep(int k, int m, int n, SweepTerminals kind) {
        int[] out = new int[k * m * (kind == SweepTerminals.BLOCKS ? 2 * n + 2 : n)];
        int p = 0;
        for (int outer = 0; outer < k; outer++) {
            for (int i = 0; i < m; i++) {
                if (kind == SweepTerminals.BLOCKS) out[p++] = 100;
                for (int j = 0; j < n; j++) {
                    switch (kind) {
                        case ADDRESS -> out[p++] = i * n + j;
                        case COLUMN -> out[p++] = j;
                        case BLOCKS -> {
                            out[p++] = 101;
                            out[p++] = 102;
                        }
                    }
                }
                if (kind == SweepTerminals.BLOCKS) out[p++] = 103;
            }
        }
        return out;
    }

    private static Grammar grammarOfSweep(int k, int m, int n, SweepTerminals kind) {
        int[] input = sweep(k, m, n, kind);
        SequiturGrammar b = build(input);
        return assertSound(b, input, input.length);
    }

    /**
     * Measured with M=7, N=5: K=10 vs K=1000 differ by 16 symbols in every mode (log2 1000 ~ 10),
     * e.g. ADDRESS 42 vs 58 symbols for 35,000 input symbols.
     */
    @ParameterizedTest
    @EnumSource(SweepTerminals.class)
    void sweepGrammarDoesNotGrowWithOuterIterations(SweepTerminals kind) {
        int small = grammarOfSweep(10, 7, 5, kind).symbolCount();
        Grammar large = grammarOfSweep(1000, 7, 5, kind);
        assertThat(large.symbolCount()).isLessThanOrEqualTo((int) (small + 3 * log2(1000)));
        assertThat(large.length()).isEqualTo(100L * sweep(10, 7, 5, kind).length);
        assertThat(large.symbolCount()).isLessThan(100);
    }

    /**
     * For every K up to 3000 the grammar is at most the one-iteration grammar plus 3 log2 K symbols
     * (measured worst ratio (size(K) - size(1)) / log2 K over K <= 3000: 2.94, at K = 585). One
     * builder serves every K: after K whole outer iterations it is the builder of sweep(K).
     */
    @ParameterizedTest
    @EnumSource(SweepTerminals.class)
    void sweepGrammarGrowsAtMostLogarithmically(SweepTerminals kind) {
        int[] iteration = sweep(1, 7, 5, kind);
        SequiturGrammar b = new SequiturGrammar();
        b.append(iteration, 0, iteration.length);
        long base = b.symbolCount();
        for (int k = 2; k <= 3000; k++) {
            b.append(iteration, 0, iteration.length);
            assertThat(b.symbolCount()).as("K=%d", k).isLessThanOrEqualTo((long) (base + 3 * log2(k)));
        }
        assertSound(b, sweep(3000, 7, 5, kind), iteration.length * 3000);
    }

    @Test
    void largerSweepAlsoStaysSmall() {
        int small = grammarOfSweep(10, 16, 12, SweepTerminals.ADDRESS).symbolCount();
        int large = grammarOfSweep(1000, 16, 12, SweepTerminals.ADDRESS).symbolCount();
        assertThat(large).isLessThanOrEqualTo((int) (small + 3 * log2(1000)));
    }

    /** A run of n equal symbols needs O(log n) grammar symbols, for every n up to 5000. */
    @Test
    void runOfOneSymbolIsSoundAndLogarithmicAtEveryLength() {
        SequiturGrammar b = new SequiturGrammar();
        int[] run = new int[5000];
        Arrays.fill(run, 42);
        for (int n = 1; n <= run.length; n++) {
            b.append(42);
            assertThat(GrammarInvariants.violations(b)).as("run of %d", n).isEmpty();
            assertThat(b.symbolCount()).as("run of %d", n).isLessThanOrEqualTo((long) (3 * log2(n)) + 2);
            if (n % 97 == 0 || n == run.length) {
                Grammar g = b.toGrammar();
                assertThat(g.expand()).isEqualTo(Arrays.copyOf(run, n));
            }
        }
    }

    /** {@code (ab)^n} and {@code (abc)^n} for every length up to 3000. */
    @ParameterizedTest
    @CsvSource({"2", "3"})
    void alternationIsSoundAtEveryLength(int period) {
        SequiturGrammar b = new SequiturGrammar();
        int[] input = new int[3000];
        for (int i = 0; i < input.length; i++) input[i] = i % period;
        for (int n = 1; n <= input.length; n++) {
            b.append(input[n - 1]);
            assertThat(GrammarInvariants.violations(b)).as("length %d", n).isEmpty();
            if (n % 101 == 0 || n == input.length) {
                assertThat(b.toGrammar().expand()).isEqualTo(Arrays.copyOf(input, n));
            }
        }
        assertThat(b.symbolCount()).isLessThanOrEqualTo((long) (3 * log2(input.length / period)) + 2 * period + 2);
    }
}
