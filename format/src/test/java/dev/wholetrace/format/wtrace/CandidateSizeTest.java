package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.strata.StrataLower;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.model.strata.StrataRaise;
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
        CandidateSize[] pair = layeredAndLowered(1, 700_000);
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

    /**
     * One and two layers of one stream at ~90 KB of payload: FAST puts one layer 13 % below two, the best codec
     * two layers 5 % below one (their FAST / best ratios 19 % apart, beyond the margin). Ranked by the codec:
     * with estimates from 64 KiB (session 45's first setting) the raising search stopped at one layer.
     */
    @Test
    void candidatesBelowTheEstimateBoundAreRankedByTheCodec() {
        StrataStream one = StrataLayerChoiceTest.layerZero(StrataLayerChoiceTest.nested(1, 200_000));
        StrataStream two = StrataRaise.raise(one, 2, GrammarAlgorithm.SEQUITUR.newBuilder(), StrataPipeline.DEFAULT_MAX_LENGTH);
        CandidateSize a = new CandidateSize(List.of(one), Codec.BEST);
        CandidateSize b = new CandidateSize(List.of(two), Codec.BEST);
        assertThat(Math.max(a.rawBytes(), b.rawBytes())).isGreaterThan(64 << 10);
        assertThat(b.smallerThan(a)).as("best codec: %d against %d", b.packed(), a.packed()).isEqualTo(b.packed() < a.packed()).isTrue();
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
        StrataStream zero = StrataLayerChoiceTest.layerZero(StrataLayerChoiceTest.nested(3, 700_000));
        CandidateSize one = new CandidateSize(List.of(zero), Codec.BEST);
        CandidateSize same = new CandidateSize(List.of(zero), Codec.BEST);
        assertThat(one.smallerThan(same)).isFalse();
        assertThat(same.smallerThan(one)).isFalse();
        assertThat(one.packedYet()).as("estimates within the margin: packed").isTrue();
    }
}
