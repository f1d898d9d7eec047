package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.strata.StrataLower;
import dev.wholetrace.model.strata.StrataStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The layer choice's comparisons: large candidates whose cheap packs are far apart are ranked by
 * them, packing neither with the best codec, and rank as the best codec does; close or small ones
 * are packed, and a tie is not "smaller".
 */
class CandidateSizeTest {
    /** Layer 0 of {@link StrataLayerChoiceTest#nested} blocks and the same stream with no layer, as candidates for the best codec. */
    private static CandidateSize[] layeredAndLowered(long seed, int blocks) {
        StrataStream zero = StrataLayerChoiceTest.layerZero(StrataLayerChoiceTest.nested(seed, blocks));
        StrataStream none = StrataLower.lower(zero, GrammarAlgorithm.SEQUITUR.newBuilder());
        return new CandidateSize[] {new CandidateSize(List.of(zero), Codec.BEST), new CandidateSize(List.of(none), Codec.BEST)};
    }

    /** Strata that seldom repeat: layer 0 and no layer (its runs of paths) differ by far, as on Mp3d. */
    @Test
    void farApartLargeCandidatesAreRankedByTheEstimateAsByTheCodec() {
        CandidateSize[] pair = layeredAndLowered(1, 400_000);
        CandidateSize layered = pair[0];
        CandidateSize lowered = pair[1];
        assertThat(Math.max(layered.rawBytes(), lowered.rawBytes())).isGreaterThanOrEqualTo(CandidateSize.ESTIMATE_FROM);

        boolean loweredSmaller = lowered.smallerThan(layered);
        boolean layeredSmaller = layered.smallerThan(lowered);
        assertThat(lowered.packedYet()).as("decided by the estimate").isFalse();
        assertThat(layered.packedYet()).isFalse();
        assertThat(layeredSmaller).isNotEqualTo(loweredSmaller);

        long a = StrataLayerChoice.packedBytes(lowered.streams, Codec.BEST);
        long b = StrataLayerChoice.packedBytes(layered.streams, Codec.BEST);
        assertThat(loweredSmaller).as("the codec's ranking: %d against %d", a, b).isEqualTo(a < b);
    }

    @Test
    void smallCandidatesArePackedWithTheCodec() {
        CandidateSize[] pair = layeredAndLowered(2, 5_000);
        CandidateSize layered = pair[0];
        CandidateSize lowered = pair[1];
        assertThat(layered.rawBytes()).isLessThan(CandidateSize.ESTIMATE_FROM);
        assertThat(lowered.smallerThan(layered)).isEqualTo(lowered.packed() < layered.packed());
        assertThat(lowered.packedYet()).isTrue();
        assertThat(layered.packedYet()).isTrue();
    }

    @Test
    void aCandidateIsNotSmallerThanItsEqual() {
        StrataStream zero = StrataLayerChoiceTest.layerZero(StrataLayerChoiceTest.nested(3, 400_000));
        CandidateSize one = new CandidateSize(List.of(zero), Codec.BEST);
        CandidateSize same = new CandidateSize(List.of(zero), Codec.BEST);
        assertThat(one.smallerThan(same)).isFalse();
        assertThat(same.smallerThan(one)).isFalse();
        assertThat(one.packedYet()).as("estimates within the margin: packed").isTrue();
    }
}
