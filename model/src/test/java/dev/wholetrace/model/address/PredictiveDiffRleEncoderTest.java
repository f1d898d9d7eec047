package dev.wholetrace.model.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.util.Alphabet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Diff∘RLE∘SEQ with the predictor stage: what it escapes, and that {@link DiffRleDecoder} with the
 * exception list gives back every address, from the start and from every seek position.
 */
class PredictiveDiffRleEncoderTest {
    private record Encoded(Grammar grammar, long[] exceptions) {}

    private static Encoded encode(Alphabet runs, int warmUp, long... xs) {
        PredictiveDiffRleEncoder e = new PredictiveDiffRleEncoder(runs, GrammarAlgorithm.DEFAULT.newBuilder(), warmUp);
        for (long x : xs) e.append(x);
        e.finish();
        assertThat(e.count()).isEqualTo(xs.length);
        return new Encoded(e.grammar().toGrammar(), e.exceptions());
    }

    @Test
    void aStridedSweepNeverEscapes() {
        long[] xs = new long[5000];
        for (int i = 0; i < xs.length; i++) xs[i] = 1000 + 8L * (i % 100) + 4096L * (i / 100);
        Alphabet runs = new Alphabet();
        Encoded e = encode(runs, 64, xs);
        assertThat(e.exceptions()).isEmpty();
        assertThat(DiffRleEncoderTest.drain(new DiffRleDecoder(e.grammar(), runs, e.exceptions()))).isEqualTo(xs);
    }

    @Test
    void randomAccessesGoToTheExceptionsAndTheGrammarStaysSmall() {
        Random r = new Random(17);
        long[] xs = new long[5000];
        for (int i = 0; i < xs.length; i++) xs[i] = (5L << 34) + 8L * r.nextInt(6000);
        Alphabet runs = new Alphabet();
        Encoded e = encode(runs, 64, xs);
        assertThat(e.exceptions().length).isGreaterThan(4000);
        assertThat(e.grammar().symbolCount()).as("grammar symbols").isLessThan(1500);
        assertThat(runs.size()).as("run alphabet: escapes share one symbol per run length").isLessThan(100);
        checkEverySeek(e, runs, xs);
    }

    /** Every address is an exception candidate from the first one (warm-up 0): escapes, runs and seeks mix. */
    @Property(tries = 200)
    void decodingAndSeekingGiveBackTheAddresses(@ForAll("streams") long[] xs, @ForAll @IntRange(min = 0, max = 8) int warmUp) {
        Alphabet runs = new Alphabet();
        Encoded e = encode(runs, warmUp, xs);
        checkEverySeek(e, runs, xs);
    }

    @Property(tries = 40)
    void streamsSharingOneRunAlphabetDecode(@ForAll("streamLists") List<long[]> streams) {
        Alphabet runs = new Alphabet();
        List<PredictiveDiffRleEncoder> encoders = new ArrayList<>();
        for (int i = 0; i < streams.size(); i++) encoders.add(new PredictiveDiffRleEncoder(runs, GrammarAlgorithm.DEFAULT.newBuilder(), 2));
        int longest = streams.stream().mapToInt(a -> a.length).max().orElse(0);
        for (int j = 0; j < longest; j++) {
            for (int i = 0; i < streams.size(); i++) if (j < streams.get(i).length) encoders.get(i).append(streams.get(i)[j]);
        }
        for (int i = 0; i < streams.size(); i++) {
            PredictiveDiffRleEncoder p = encoders.get(i);
            p.finish();
            checkEverySeek(new Encoded(p.grammar().toGrammar(), p.exceptions()), runs, streams.get(i));
        }
    }

    @Test
    void progressionsOfAnEscapedRunAreSingleAddresses() {
        Alphabet runs = new Alphabet();
        Encoded e = encode(runs, 0, 100, 7, 300, 2, 900);
        assertThat(e.exceptions()).isNotEmpty();
        DiffRleDecoder d = new DiffRleDecoder(e.grammar(), runs, e.exceptions());
        List<Long> firsts = new ArrayList<>();
        long total = 0;
        for (long n; (n = d.nextProgression(100)) > 0; total += n) {
            for (long k = 0; k < n; k++) firsts.add(d.first() + k * d.stride());
        }
        assertThat(total).isEqualTo(5);
        assertThat(firsts).containsExactly(100L, 7L, 300L, 2L, 900L);
    }

    @Test
    void aDecoderWithTooFewExceptionsFails() {
        Alphabet runs = new Alphabet();
        Encoded e = encode(runs, 0, 100, 7, 300, 2, 900);
        long[] short1 = Arrays.copyOf(e.exceptions(), e.exceptions().length - 1);
        assertThatThrownBy(() -> DiffRleEncoderTest.drain(new DiffRleDecoder(e.grammar(), runs, short1))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new DiffRleDecoder.Seeker(e.grammar(), runs, short1)).isInstanceOf(IllegalStateException.class);
    }

    private static void checkEverySeek(Encoded e, Alphabet runs, long[] xs) {
        long[] full = DiffRleEncoderTest.drain(new DiffRleDecoder(e.grammar(), runs, e.exceptions()));
        assertThat(full).isEqualTo(xs);
        DiffRleDecoder.Seeker seeker = new DiffRleDecoder.Seeker(e.grammar(), runs, e.exceptions());
        for (int k = 0; k <= xs.length; k++) {
            DiffRleDecoder d = seeker.at(k);
            assertThat(DiffRleEncoderTest.drain(d)).as("at(%d) of %d", k, xs.length).isEqualTo(Arrays.copyOfRange(xs, k, xs.length));
            assertThatThrownBy(d::nextLong).isInstanceOf(NoSuchElementException.class);
        }
    }

    @Provide
    Arbitrary<long[]> streams() {
        return new DiffRleDecoderAtPropertiesTest().streams();
    }

    @Provide
    Arbitrary<List<long[]>> streamLists() {
        return streams().list().ofMinSize(1).ofMaxSize(5);
    }
}
