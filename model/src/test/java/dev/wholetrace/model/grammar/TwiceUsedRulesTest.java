package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Re-Pair's pruning ({@link TwiceUsedRules}): which rules it writes out, and that it never grows a grammar much. */
class TwiceUsedRulesTest {
    private static final int R1 = Grammar.ref(1);
    private static final int R2 = Grammar.ref(2);

    @Test
    void writesOutRulesUsedOnceAndShortRulesUsedTwice() {
        Grammar twice = Grammar.fromRules(new int[][] {{R1, 5, R1}, {1, 2}});
        assertThat(TwiceUsedRules.inline(twice)).isEqualTo(Grammar.fromRules(new int[][] {{1, 2, 5, 1, 2}}));
        Grammar once = Grammar.fromRules(new int[][] {{R1, 5}, {1, 2, 3, 4, 6, 7, 8}});
        assertThat(TwiceUsedRules.inline(once)).isEqualTo(Grammar.fromRules(new int[][] {{1, 2, 3, 4, 6, 7, 8, 5}}));
    }

    @Test
    void keepsLongRulesUsedTwiceAndRulesUsedThreeTimes() {
        Grammar longTwice = Grammar.fromRules(new int[][] {{R1, 5, R1}, {1, 2, 3, 4, 6}});
        assertThat(TwiceUsedRules.inline(longTwice)).isEqualTo(longTwice);
        Grammar thrice = Grammar.fromRules(new int[][] {{R1, 5, R1, R1}, {1, 2}});
        assertThat(TwiceUsedRules.inline(thrice)).isEqualTo(thrice);
    }

    @Test
    void countsTheBodyWithTheRulesWrittenOutBelowIt() {
        // rule 1 = 1 2 3 is used once (in rule 2): written out; rule 2 = (1 2 3) 4 5 is then five symbols long: kept although used twice
        Grammar g = Grammar.fromRules(new int[][] {{R2, 9, R2}, {1, 2, 3}, {R1, 4, 5}});
        Grammar pruned = TwiceUsedRules.inline(g);
        assertThat(pruned).isEqualTo(Grammar.fromRules(new int[][] {{R1, 9, R1}, {1, 2, 3, 4, 5}}));
        assertThat(pruned.expand()).isEqualTo(g.expand());
    }

    @Test
    void aDoublingChainGrowsByAtMostTwoSymbolsPerRuleWrittenOut() {
        // Re-Pair of a run: X1 = a a, X2 = X1 X1, ...: every rule is used twice; writing all out would give 2^16 symbols
        int[][] bodies = new int[17][];
        bodies[0] = new int[] {Grammar.ref(1), Grammar.ref(1)};
        for (int k = 1; k < 16; k++) bodies[k] = new int[] {Grammar.ref(k + 1), Grammar.ref(k + 1)};
        bodies[16] = new int[] {0, 0};
        Grammar g = Grammar.fromRules(bodies);
        Grammar pruned = TwiceUsedRules.inline(g);
        assertThat(pruned.expand()).isEqualTo(g.expand());
        int removed = g.ruleCount() - pruned.ruleCount();
        assertThat(removed).isPositive();
        assertThat(pruned.symbolCount()).isLessThanOrEqualTo(g.symbolCount() + (TwiceUsedRules.MAX_BODY - 2) * removed);
    }

    @Test
    void rePairGrammarsAreLeftWithNoRuleThePruningWouldWriteOut() {
        SplittableRandom rnd = new SplittableRandom(17);
        int[] input = new int[20_000];
        for (int i = 0; i < input.length; i++) input[i] = rnd.nextInt(8) == 0 ? rnd.nextInt(12) : i % 5;
        GrammarBuilder b = GrammarAlgorithm.REPAIR.newBuilder();
        b.append(input, 0, input.length);
        Grammar g = b.toGrammar();
        assertThat(g.expand()).isEqualTo(input);
        assertThat(TwiceUsedRules.inline(g)).isEqualTo(g);
        int[] uses = g.referenceCounts();
        for (int r = 1; r < g.ruleCount(); r++) {
            assertThat(uses[r]).as("rule %d", r).isGreaterThanOrEqualTo(2);
            if (uses[r] == 2) assertThat(g.bodyLength(r)).as("rule %d", r).isGreaterThan(TwiceUsedRules.MAX_BODY);
        }
    }
}
