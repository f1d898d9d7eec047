package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link GrammarAlgorithm}: names, and builders equivalent to the implementation they stand for. */
class GrammarAlgorithmTest {

    @Test
    void namesRoundTripAndUnknownNamesListTheKnownOnes() {
        for (GrammarAlgorithm a : GrammarAlgorithm.values()) {
            assertThat(GrammarAlgorithm.byName(a.cliName())).isSameAs(a);
            assertThat(GrammarAlgorithm.byName(a.cliName().toUpperCase())).isSameAs(a);
            assertThat(GrammarAlgorithm.names()).contains(a.cliName());
        }
        assertThat(GrammarAlgorithm.DEFAULT).isSameAs(GrammarAlgorithm.SEQUITUR);
        assertThatThrownBy(() -> GrammarAlgorithm.byName("lz78"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lz78").hasMessageContaining("sequitur").hasMessageContaining("enhanced").hasMessageContaining("repair");
    }

    @Test
    void sequiturBuilderIsSequitur() {
        SplittableRandom rnd = new SplittableRandom(7);
        int[] input = new int[20_000];
        for (int i = 0; i < input.length; i++) input[i] = i % 37 < 30 ? i % 5 : rnd.nextInt(9);
        for (GrammarBuilder b : new GrammarBuilder[] {GrammarAlgorithm.SEQUITUR.newBuilder(), GrammarAlgorithm.SEQUITUR.newBuilder(1 << 12)}) {
            assertThat(b).isInstanceOf(SequiturGrammar.class);
            SequiturGrammar direct = new SequiturGrammar();
            for (int s : input) {
                b.append(s);
                direct.append(s);
            }
            assertThat(b.length()).isEqualTo(input.length);
            assertThat(b.ruleCount()).isEqualTo(direct.ruleCount());
            assertThat(b.symbolCount()).isEqualTo(direct.symbolCount());
            assertThat(b.footprintBytes()).isPositive().isLessThanOrEqualTo(b.peakFootprintBytes());
            assertThat(b.toGrammar()).isEqualTo(direct.toGrammar());
            assertThat(b.toGrammar().expand()).isEqualTo(input);
        }
    }
}
