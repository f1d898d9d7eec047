package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.GrammarAlgorithm;
import org.junit.jupiter.api.Test;

/**
 * Storing no stratum layer ({@link StrataLower}): from any layer count, the runs of paths unfold
 * to the same control string, with the same paths; {@link StrataLower#pathRuns} counts the runs
 * the grammar is then built over without building it; a stream with no layer is kept.
 */
class StrataLowerTest {
    @Test
    void everyLayerCountLowersToTheSameString() {
        for (long seed = 0; seed < 8; seed++) {
            int[] s = StrataRaiseTest.program(seed, 2_000 + (int) seed * 500);
            for (int cap : new int[] {5, 2048}) {
                StrataStream layers = StrataRaiseTest.layerZero(s, cap);
                for (int count = 1; count <= 4; count++) {
                    layers = StrataRaise.raise(layers, count, GrammarAlgorithm.SEQUITUR.newBuilder(), cap);
                    long runs = StrataLower.pathRuns(layers);
                    StrataStream none = StrataLower.lower(layers, GrammarAlgorithm.SEQUITUR.newBuilder());
                    String what = "seed " + seed + ", cap " + cap + ", from " + count + " layers";
                    assertThat(none.layers()).as(what).isZero();
                    assertThat(none.stratumCount()).as(what).isZero();
                    assertThat(none.unfold().expand()).as(what).containsExactly(s);
                    assertThat(none.grammar().length()).as(what).isEqualTo(runs);
                    assertThat(StrataLower.pathRuns(none)).as(what).isEqualTo(runs);
                    assertThat(none.pathCount()).as(what).isEqualTo(layers.pathCount());
                    for (int t = 0; t < none.runCount(); t++) assertThat(Runs.id(none.run(t))).as(what).isLessThan(none.pathCount());
                    assertThat(StrataLower.lower(none, GrammarAlgorithm.SEQUITUR.newBuilder())).isSameAs(none);
                }
            }
        }
    }
}
