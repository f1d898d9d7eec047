package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** The frozen grammar is a function of the input alone. */
class SequiturDeterminismTest {

    @Property(tries = 200)
    void sameInputTwiceGivesEqualGrammars(@ForAll("inputs") int[] input) {
        Grammar first = GrammarTestSupport.build(input).toGrammar();
        Grammar second = GrammarTestSupport.build(input).toGrammar();
        assertThat(second).isEqualTo(first);
        assertThat(second.hashCode()).isEqualTo(first.hashCode());
        assertThat(second.toString()).isEqualTo(first.toString());
    }

    /** Initial capacities only change when arrays grow, never the grammar. */
    @Property(tries = 100)
    void capacityHintDoesNotChangeTheGrammar(
            @ForAll("inputs") int[] input, @ForAll @IntRange(min = -5, max = 100_000) int hint) {
        SequiturGrammar hinted = new SequiturGrammar(hint);
        hinted.append(input, 0, input.length);
        assertThat(hinted.toGrammar()).isEqualTo(GrammarTestSupport.build(input).toGrammar());
    }

    /** Freezing in between appends leaves the builder's later output unchanged. */
    @Property(tries = 100)
    void freezingMidwayDoesNotDisturbTheBuilder(
            @ForAll("inputs") int[] input, @ForAll @IntRange(min = 1, max = 50) int every) {
        SequiturGrammar b = new SequiturGrammar();
        Grammar earlier = null;
        for (int i = 0; i < input.length; i++) {
            b.append(input[i]);
            if (i % every == 0) {
                Grammar now = b.toGrammar();
                assertThat(b.toGrammar()).as("freezing twice").isEqualTo(now);
                if (earlier != null) assertThat(earlier.length()).isLessThan(now.length());
                earlier = now;
            }
        }
        assertThat(b.toGrammar()).isEqualTo(GrammarTestSupport.build(input).toGrammar());
    }

    /** A frozen grammar is a snapshot: appending afterwards does not change it. */
    @Property(tries = 100)
    void frozenGrammarIsASnapshot(@ForAll("inputs") int[] input, @ForAll("inputs") int[] more) {
        SequiturGrammar b = GrammarTestSupport.build(input);
        Grammar snapshot = b.toGrammar();
        String text = snapshot.toString();
        b.append(more, 0, more.length);
        assertThat(snapshot.toString()).isEqualTo(text);
        assertThat(snapshot.expand()).isEqualTo(input);
    }

    @Provide
    Arbitrary<int[]> inputs() {
        return Arbitraries.integers().between(1, 4).flatMap(k ->
                Arbitraries.integers().between(0, k - 1).array(int[].class).ofMaxSize(500));
    }
}
