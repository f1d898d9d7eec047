package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.strata.StrataGrammar;
import dev.wholetrace.model.strata.StrataStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The layer count a chunk's strata streams store: upper layers where loops nest (they pack
 * smaller, and the choice is the smallest of the counts tried), layer 0 where strata do not
 * repeat; every stream unfolds to its control string either way, and the choice is the same on
 * every call.
 */
class StrataLayerChoiceTest {
    /**
     * Nested loops: an outer loop of three steps, each an inner loop of 1-8 bodies (blocks 1, 2; a
     * data-dependent turn to 3 one time in 20) closed by block 4 or 5, then block 6. On strings
     * like this (measured: packed 31.4 KB at layer 0, 29.1 KB at four layers) upper layers pay;
     * on others of the same family they do not, which is why the count is measured.
     */
    static int[] nested(long seed, int n) {
        Random r = new Random(seed);
        int[] out = new int[n];
        int at = 0;
        while (at < n) {
            for (int step = 0; step < 3 && at < n; step++) {
                int m = 1 + r.nextInt(8);
                for (int i = 0; i < m && at < n; i++) {
                    out[at++] = 1;
                    if (at < n) out[at++] = r.nextInt(20) == 0 ? 3 : 2;
                }
                if (at < n) out[at++] = 4 + r.nextInt(2);
            }
            if (at < n) out[at++] = 6;
        }
        return out;
    }

    /** No structure: blocks drawn at random from a few hundred. */
    static int[] random(long seed, int n) {
        Random r = new Random(seed);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) out[i] = r.nextInt(300);
        return out;
    }

    static StrataStream layerZero(int[] s) {
        StrataGrammar g = new StrataGrammar(GrammarAlgorithm.SEQUITUR.newBuilder(), 2048);
        g.append(s, 0, s.length);
        return g.storedForm();
    }

    @Test
    void nestedLoopsStoreUpperLayersThatPackSmaller() {
        List<int[]> strings = List.of(nested(1, 200_000), nested(1, 200_000));
        List<StrataStream> zero = new ArrayList<>();
        for (int[] s : strings) zero.add(layerZero(s));
        List<StrataStream> chosen = StrataLayerChoice.smallest(zero, StrataLayerChoice.MAX_LAYERS, Codec.BEST);
        assertThat(chosen.get(0).layers()).isGreaterThan(1);
        assertThat(chosen.get(1).layers()).isEqualTo(chosen.get(0).layers()); // one count for the chunk
        assertThat(StrataLayerChoice.packedBytes(chosen, Codec.BEST)).isLessThan(StrataLayerChoice.packedBytes(zero, Codec.BEST));
        for (int i = 0; i < strings.size(); i++) assertThat(chosen.get(i).unfold().expand()).containsExactly(strings.get(i));
        List<StrataStream> again = StrataLayerChoice.smallest(zero, StrataLayerChoice.MAX_LAYERS, Codec.BEST);
        for (int i = 0; i < strings.size(); i++) assertThat(again.get(i).unfold()).isEqualTo(chosen.get(i).unfold());
    }

    @Test
    void stringsWithoutRepeatingStrataKeepLayerZero() {
        int[] s = random(3, 100_000);
        List<StrataStream> chosen = StrataLayerChoice.smallest(List.of(layerZero(s)), StrataLayerChoice.MAX_LAYERS, Codec.BEST);
        assertThat(chosen.get(0).layers()).isEqualTo(1);
        assertThat(chosen.get(0).unfold().expand()).containsExactly(s);
    }

    @Test
    void oneLayerAtMostKeepsTheStreams() {
        List<StrataStream> zero = List.of(layerZero(nested(4, 50_000)));
        assertThat(StrataLayerChoice.smallest(zero, 1, Codec.BEST)).isSameAs(zero);
    }
}
