package dev.wholetrace.model.address;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@code nextProgression}: a stream taken in pieces of at most k addresses, each returned as an
 * arithmetic progression, from any starting point, is the stream.
 */
class DiffRleProgressionPropertiesTest {

    @Property(tries = 150)
    void progressionsFromAnySeekSpellTheStream(@ForAll("streams") long[] xs, @ForAll @IntRange(min = 1, max = 9) int max,
                                               @ForAll @IntRange(min = 0, max = 1000) int startSeed) {
        Alphabet runs = new Alphabet();
        Grammar g = DiffRleDecoderAtPropertiesTest.encode(runs, xs);
        int start = xs.length == 0 ? 0 : startSeed % (xs.length + 1);
        DiffRleDecoder d = DiffRleDecoder.at(g, runs, start);
        List<Long> got = new ArrayList<>();
        long n;
        while ((n = d.nextProgression(max)) > 0) {
            assertThat(n).isLessThanOrEqualTo(max);
            for (long i = 0; i < n; i++) got.add(d.first() + i * d.stride());
        }
        List<Long> expected = new ArrayList<>();
        for (int i = start; i < xs.length; i++) expected.add(xs[i]);
        assertThat(got).isEqualTo(expected);
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<long[]> streams() {
        return new DiffRleDecoderAtPropertiesTest().streams();
    }

    /** 10 14 18 22 42 is runs 10¹ 4³ 20¹: one progression per run, however many addresses are asked for. */
    @Test
    void aRunIsOneProgression() {
        Alphabet runs = new Alphabet();
        Grammar g = DiffRleDecoderAtPropertiesTest.encode(runs, 10, 14, 18, 22, 42);
        DiffRleDecoder d = new DiffRleDecoder(g, runs);
        assertThat(d.nextProgression(100)).isEqualTo(1);
        assertThat(d.first()).isEqualTo(10);
        assertThat(d.nextProgression(100)).isEqualTo(3);
        assertThat(d.first()).isEqualTo(14);
        assertThat(d.stride()).isEqualTo(4);
        assertThat(d.nextProgression(2)).isEqualTo(1);
        assertThat(d.first()).isEqualTo(42);
        assertThat(d.nextProgression(2)).isZero();
        assertThat(d.nextProgression(0)).isZero();
    }
}
