package dev.wholetrace.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import org.junit.jupiter.api.Test;

class GrammarBreakdownTest {
    @Test
    void order0CountsEveryRightHandSideSymbol() {
        // S -> A A 3, A -> 1 2: symbols A, A, 3, 1, 2 (A twice): 2 log2(5/2) + 3 log2(5)
        Grammar g = Grammar.fromRules(new int[][] {{Grammar.ref(1), Grammar.ref(1), 3}, {1, 2}});
        double expected = 2 * Math.log(5 / 2.0) / Math.log(2) + 3 * Math.log(5) / Math.log(2);
        assertThat(GrammarBreakdown.order0Bits(g)).isCloseTo(expected, within(1e-9));
    }

    @Test
    void thePartsAccountForTheCodedBlock() {
        int[] input = new int[50_000];
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < input.length; i++) input[i] = (i % 9) + (r.nextInt(6) == 0 ? 10 + r.nextInt(5) : 0);
        GrammarBuilder b = GrammarAlgorithm.ENHANCED.newBuilder(16);
        b.append(input, 0, input.length);
        GrammarBreakdown d = GrammarBreakdown.of(b.toGrammar());
        assertThat(d.parts().references()).isPositive();
        // the block holds a header of a few varints besides the coded decisions
        assertThat(d.parts().totalBits() / 8).isBetween(d.codedBytes() - 40.0, d.codedBytes() + 1.0);
        assertThat(d.order0Bits()).isPositive();
    }
}
