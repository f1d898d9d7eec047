package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.strata.StrataGrammar;
import dev.wholetrace.model.strata.StrataLower;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.model.strata.StrataRaise;
import dev.wholetrace.model.strata.StrataStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The layer count a chunk's strata streams store: upper layers where loops nest and their strata
 * repeat (they pack smaller, and the choice is the smallest of the counts tried), none (runs of
 * paths) where strata seldom repeat, layer 0 where nothing repeats; every stream unfolds to its
 * control string either way, and the choice is the same on every call.
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

    static StrataStream layerZero(int[] s) { // also StrataLayerLimitsTest
        StrataGrammar g = new StrataGrammar(GrammarAlgorithm.SEQUITUR.newBuilder(), 2048);
        g.append(s, 0, s.length);
        return g.storedForm();
    }

    /**
     * Nested loops that repeat: an outer loop of three steps, each an inner loop of three bodies
     * (blocks 1, 2; a turn to 3 one time in 200) closed by block 4, 5 or 6, then block 9: layer 0's
     * strata repeat and upper layers fold them (measured: 2,993 bytes packed at one layer, 2,270
     * at four; lowering is not tried, at more than 4 runs of paths per stored symbol).
     */
    static int[] regular(long seed, int n) {
        Random r = new Random(seed);
        int[] out = new int[n];
        int at = 0;
        while (at < n) {
            for (int step = 0; step < 3 && at < n; step++) {
                for (int i = 0; i < 3 && at < n; i++) {
                    out[at++] = 1;
                    if (at < n) out[at++] = r.nextInt(200) == 0 ? 3 : 2;
                }
                if (at < n) out[at++] = 4 + step;
            }
            if (at < n) out[at++] = 9;
        }
        return out;
    }

    /** Every count the choice may make: none (lowered), then 1 to {@code max} layers. */
    static List<Long> candidates(List<StrataStream> zero, int max) {
        List<Long> bytes = new ArrayList<>();
        List<StrataStream> none = new ArrayList<>();
        for (StrataStream s : zero) none.add(StrataLower.lower(s, GrammarAlgorithm.SEQUITUR.newBuilder()));
        bytes.add(StrataLayerChoice.packedBytes(none, Codec.BEST));
        for (int layers = 1; layers <= max; layers++) {
            List<StrataStream> up = new ArrayList<>();
            for (StrataStream s : zero) up.add(StrataRaise.raise(s, layers, GrammarAlgorithm.SEQUITUR.newBuilder(), StrataPipeline.DEFAULT_MAX_LENGTH));
            bytes.add(StrataLayerChoice.packedBytes(up, Codec.BEST));
        }
        return bytes;
    }

    @Test
    void nestedLoopsThatRepeatStoreUpperLayersThatPackSmaller() {
        List<int[]> strings = List.of(regular(1, 200_000), regular(2, 200_000));
        List<StrataStream> zero = new ArrayList<>();
        for (int[] s : strings) zero.add(layerZero(s));
        List<StrataStream> chosen = StrataLayerChoice.smallest(zero, StrataLayerChoice.MAX_LAYERS, Codec.BEST);
        assertThat(chosen.get(0).layers()).isGreaterThan(1);
        assertThat(chosen.get(1).layers()).isEqualTo(chosen.get(0).layers()); // one count for the chunk
        assertThat(StrataLayerChoice.lowered(zero)).as("strata that repeat are not lowered").isNull();
        assertThat(StrataLayerChoice.packedBytes(chosen, Codec.BEST)).isLessThan(StrataLayerChoice.packedBytes(zero, Codec.BEST));
        for (int i = 0; i < strings.size(); i++) assertThat(chosen.get(i).unfold().expand()).containsExactly(strings.get(i));
        List<StrataStream> again = StrataLayerChoice.smallest(zero, StrataLayerChoice.MAX_LAYERS, Codec.BEST);
        for (int i = 0; i < strings.size(); i++) assertThat(again.get(i).unfold()).isEqualTo(chosen.get(i).unfold());
    }

    /**
     * Loops whose strata seldom repeat (the inner counts drawn at random): the runs of paths with
     * no stratum layer (format version 17) pack smaller than every layer count, as on Mp3d, and
     * are chosen; they unfold to the same strings.
     */
    @Test
    void loopsWhoseStrataSeldomRepeatStoreNoLayer() {
        List<int[]> strings = List.of(nested(1, 200_000), nested(2, 200_000));
        List<StrataStream> zero = new ArrayList<>();
        for (int[] s : strings) zero.add(layerZero(s));
        List<StrataStream> chosen = StrataLayerChoice.smallest(zero, StrataLayerChoice.MAX_LAYERS, Codec.BEST);
        assertThat(chosen).allSatisfy(s -> assertThat(s.layers()).isZero());
        List<Long> all = candidates(zero, StrataLayerChoice.MAX_LAYERS);
        assertThat(StrataLayerChoice.packedBytes(chosen, Codec.BEST)).isEqualTo(all.get(0)).isEqualTo(java.util.Collections.min(all));
        for (int i = 0; i < strings.size(); i++) assertThat(chosen.get(i).unfold().expand()).containsExactly(strings.get(i));
    }

    @Test
    void stringsWithoutRepeatingStrataKeepLayerZero() {
        int[] s = random(3, 100_000);
        List<StrataStream> chosen = StrataLayerChoice.smallest(List.of(layerZero(s)), StrataLayerChoice.MAX_LAYERS, Codec.BEST);
        assertThat(chosen.get(0).layers()).isEqualTo(1);
        assertThat(chosen.get(0).unfold().expand()).containsExactly(s);
    }

    /** At most one layer: the streams as they are, or with none where that packs smaller. */
    @Test
    void oneLayerAtMostKeepsTheStreamsOrStoresNone() {
        List<StrataStream> repeating = List.of(layerZero(regular(4, 50_000)));
        assertThat(StrataLayerChoice.smallest(repeating, 1, Codec.BEST)).isSameAs(repeating);
        List<StrataStream> seldom = List.of(layerZero(nested(4, 50_000)));
        List<StrataStream> chosen = StrataLayerChoice.smallest(seldom, 1, Codec.BEST);
        List<Long> all = candidates(seldom, 1);
        assertThat(StrataLayerChoice.packedBytes(chosen, Codec.BEST)).isEqualTo(java.util.Collections.min(all));
        assertThat(chosen.get(0).layers()).isEqualTo(all.get(0) < all.get(1) ? 0 : 1);
    }
}
