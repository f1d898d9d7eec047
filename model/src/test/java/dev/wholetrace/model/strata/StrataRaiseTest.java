package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Storing more layers of a chunk's strata ({@link StrataRaise}) keeps the control string: on
 * loops nested in loops with data-dependent turns, trip counts above the inline 4 and strata cut
 * at a small length cap, every layer count unfolds to the string; the paths and the layers already
 * stored are kept; upper layers take runs from the grammar.
 */
class StrataRaiseTest {
    /** Nested loops: an outer loop of phases, each an inner loop of bodies whose branches depend on the data. */
    static int[] program(long seed, int n) {
        Random r = new Random(seed);
        int[] out = new int[n];
        int at = 0;
        while (at < n) {
            int phase = r.nextInt(3);
            int reps = 1 + r.nextInt(12);
            for (int k = 0; k < reps && at < n; k++) {
                int inner = 1 + r.nextInt(6);
                for (int i = 0; i < inner && at < n; i++) {
                    out[at++] = 10 * phase;
                    if (at < n) out[at++] = 10 * phase + 1 + (r.nextInt(5) == 0 ? 1 : 0);
                }
                if (at < n) out[at++] = 10 * phase + 5;
            }
        }
        return out;
    }

    static StrataStream layerZero(int[] s, int maxLength) {
        StrataGrammar g = new StrataGrammar(GrammarAlgorithm.SEQUITUR.newBuilder(), maxLength);
        g.append(s, 0, s.length);
        return g.storedForm();
    }

    @Test
    void everyLayerCountUnfoldsToTheSameString() {
        for (long seed = 0; seed < 8; seed++) {
            int[] s = program(seed, 2_000 + (int) seed * 500);
            for (int cap : new int[] {5, 2048}) {
                StrataStream zero = layerZero(s, cap);
                assertThat(zero.layers()).isEqualTo(1);
                assertThat(zero.unfold().expand()).containsExactly(s);
                StrataStream last = zero;
                for (int layers = 2; layers <= 4; layers++) {
                    StrataStream up = StrataRaise.raise(last, layers, GrammarAlgorithm.SEQUITUR.newBuilder(), cap);
                    assertThat(up.layers()).isEqualTo(layers);
                    assertThat(up.unfold().expand()).as("seed %d, cap %d, %d layers", seed, cap, layers).containsExactly(s);
                    assertThat(up.pathCount()).isEqualTo(zero.pathCount());
                    for (int k = 0; k < last.layers(); k++) assertThat(up.stratumCount(k)).isEqualTo(last.stratumCount(k));
                    // and raised from layer 0 at once: the same stored form
                    StrataStream direct = StrataRaise.raise(zero, layers, GrammarAlgorithm.SEQUITUR.newBuilder(), cap);
                    assertThat(direct.unfold()).isEqualTo(up.unfold());
                    last = up;
                }
            }
        }
    }

    /** Any string (empty, one symbol, runs at the inline trip count's edge, no loops) unfolds to itself at every layer count, raised one at a time. */
    @Property(tries = 300)
    void anyStringUnfoldsToItselfAtEveryLayerCount(@ForAll("strings") int[] s, @ForAll("caps") int cap) {
        StrataStream last = layerZero(s, cap);
        assertThat(last.unfold().expand()).containsExactly(s);
        for (int layers = 2; layers <= 4; layers++) {
            last = StrataRaise.raise(last, layers, GrammarAlgorithm.SEQUITUR.newBuilder(), cap);
            assertThat(last.layers()).isEqualTo(layers);
            assertThat(last.unfold().expand()).as("cap %d, %d layers", cap, layers).containsExactly(s);
        }
    }

    @Provide
    Arbitrary<int[]> strings() {
        Arbitrary<int[]> loops = Arbitraries.longs().map(seed -> program(seed, 1 + (int) Math.floorMod(seed, 400L)));
        Arbitrary<int[]> runs = Arbitraries.integers().between(0, 2).array(int[].class).ofMinSize(1).ofMaxSize(4)
                .flatMap(body -> Arbitraries.integers().between(1, 9).map(times -> {
                    int[] out = new int[body.length * times];
                    for (int k = 0; k < times; k++) System.arraycopy(body, 0, out, k * body.length, body.length);
                    return out;
                }));
        return Arbitraries.oneOf(loops, runs, Arbitraries.integers().between(0, 5).array(int[].class).ofMaxSize(60));
    }

    @Provide
    Arbitrary<Integer> caps() {
        return Arbitraries.of(2, 3, 5, 8, 2048);
    }

    @Test
    void upperLayersLeaveTheGrammarFewerRuns() {
        int[] s = program(7, 50_000);
        StrataStream zero = layerZero(s, 2048);
        StrataStream two = StrataRaise.raise(zero, 2, GrammarAlgorithm.SEQUITUR.newBuilder(), 2048);
        assertThat(two.grammar().length()).isLessThan(zero.grammar().length());
    }

    @Test
    void theSameCountIsTheStreamItselfAndFewerIsRefused() {
        StrataStream zero = layerZero(program(3, 1000), 2048);
        assertThat(StrataRaise.raise(zero, 1, GrammarAlgorithm.SEQUITUR.newBuilder(), 2048)).isSameAs(zero);
        StrataStream two = StrataRaise.raise(zero, 2, GrammarAlgorithm.SEQUITUR.newBuilder(), 2048);
        assertThatThrownBy(() -> StrataRaise.raise(two, 1, GrammarAlgorithm.SEQUITUR.newBuilder(), 2048)).isInstanceOf(IllegalArgumentException.class);
    }
}
