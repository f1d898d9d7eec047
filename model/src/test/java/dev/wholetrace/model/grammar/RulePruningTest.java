package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Re-Pair's pruning ({@link RulePruning}): which rules it writes out, and that it never grows a grammar much. */
class RulePruningTest {
    private static final int R1 = Grammar.ref(1);
    private static final int R2 = Grammar.ref(2);

    @Test
    void writesOutRulesUsedOnceOrShortRulesUsedTwiceOrThrice() {
        Grammar twice = Grammar.fromRules(new int[][] {{R1, 5, R1}, {1, 2, 3}});
        assertThat(RulePruning.prune(twice)).isEqualTo(Grammar.fromRules(new int[][] {{1, 2, 3, 5, 1, 2, 3}}));
        Grammar thrice = Grammar.fromRules(new int[][] {{R1, 5, R1, R1}, {1, 2}});
        assertThat(RulePruning.prune(thrice)).isEqualTo(Grammar.fromRules(new int[][] {{1, 2, 5, 1, 2, 1, 2}}));
        Grammar once = Grammar.fromRules(new int[][] {{R1, 5}, {1, 2, 3, 4, 6, 7, 8}});
        assertThat(RulePruning.prune(once)).isEqualTo(Grammar.fromRules(new int[][] {{1, 2, 3, 4, 6, 7, 8, 5}}));
    }

    @Test
    void keepsRulesWhoseDefinitionSavesTwoSymbolsOrMore() {
        Grammar longTwice = Grammar.fromRules(new int[][] {{R1, 5, R1}, {1, 2, 3, 4}});
        assertThat(RulePruning.prune(longTwice)).isEqualTo(longTwice);
        Grammar longerThrice = Grammar.fromRules(new int[][] {{R1, 5, R1, R1}, {1, 2, 3}});
        assertThat(RulePruning.prune(longerThrice)).isEqualTo(longerThrice);
        Grammar fourTimes = Grammar.fromRules(new int[][] {{R1, R1, 5, R1, R1}, {1, 2}});
        assertThat(RulePruning.prune(fourTimes)).isEqualTo(fourTimes);
    }

    @Test
    void countsTheBodyWithTheRulesWrittenOutBelowIt() {
        // rule 1 = 1 2 is used once (in rule 2): written out; rule 2 = (1 2) 4 5 is then four symbols long: kept although used twice
        Grammar g = Grammar.fromRules(new int[][] {{R2, 9, R2}, {1, 2}, {R1, 4, 5}});
        Grammar pruned = RulePruning.prune(g);
        assertThat(pruned).isEqualTo(Grammar.fromRules(new int[][] {{R1, 9, R1}, {1, 2, 4, 5}}));
        assertThat(pruned.expand()).isEqualTo(g.expand());
    }

    @Test
    void aDoublingChainGrowsByAtMostOneSymbolPerRuleWrittenOut() {
        // Re-Pair of a run: X1 = a a, X2 = X1 X1, ...: every rule is used twice; writing all out would give 2^16 symbols
        int[][] bodies = new int[17][];
        bodies[0] = new int[] {Grammar.ref(1), Grammar.ref(1)};
        for (int k = 1; k < 16; k++) bodies[k] = new int[] {Grammar.ref(k + 1), Grammar.ref(k + 1)};
        bodies[16] = new int[] {0, 0};
        Grammar g = Grammar.fromRules(bodies);
        Grammar pruned = RulePruning.prune(g);
        assertThat(pruned.expand()).isEqualTo(g.expand());
        int removed = g.ruleCount() - pruned.ruleCount();
        assertThat(removed).isPositive();
        assertThat(pruned.symbolCount()).isLessThanOrEqualTo(g.symbolCount() + removed);
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
        assertThat(RulePruning.prune(g)).isEqualTo(g);
        int[] uses = g.referenceCounts();
        for (int r = 1; r < g.ruleCount(); r++) {
            assertThat(RulePruning.writtenOut(uses[r], g.bodyLength(r))).as("rule %d: %d uses, %d symbols", r, uses[r], g.bodyLength(r)).isFalse();
        }
    }
}
