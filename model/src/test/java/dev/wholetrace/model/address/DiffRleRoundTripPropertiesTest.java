package dev.wholetrace.model.address;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** decoder(encoder(xs)) == xs for all kinds of long sequences. */
class DiffRleRoundTripPropertiesTest {

    private static long[] roundTrip(Alphabet runs, long[] xs) {
        DiffRleEncoder e = new DiffRleEncoder(runs);
        for (long x : xs) e.append(x);
        e.finish();
        assertThat(e.count()).isEqualTo(xs.length);
        Grammar g = e.grammar().toGrammar();
        return DiffRleEncoderTest.decodeAll(g, runs);
    }

    @Property(tries = 300)
    void decodeInvertsEncode(@ForAll("sequences") long[] xs) {
        assertThat(roundTrip(new Alphabet(), xs)).isEqualTo(xs);
    }

    @Property(tries = 60)
    void encodersSharingOneAlphabetAllRoundTrip(@ForAll("sequenceLists") List<long[]> streams) {
        Alphabet runs = new Alphabet();
        List<Grammar> grammars = DiffRleEncoderTest.encodeInterleaved(runs, streams);
        for (int i = 0; i < streams.size(); i++) {
            assertThat(DiffRleEncoderTest.decodeAll(grammars.get(i), runs)).as("stream %d", i).isEqualTo(streams.get(i));
        }
    }

    @Provide
    Arbitrary<List<long[]>> sequenceLists() {
        return sequences().list().ofMinSize(1).ofMaxSize(6);
    }

    @Provide
    Arbitrary<long[]> sequences() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, randomLongs()),
                Tuple.of(2, smallDeltas()),
                Tuple.of(1, Arbitraries.just(new long[0])),
                Tuple.of(1, edgeValue().map(v -> new long[] {v})),
                Tuple.of(1, constant()),
                Tuple.of(2, progression()),
                Tuple.of(2, subGridSweep()),
                Tuple.of(2, concatenations()));
    }

    private static Arbitrary<Long> edgeValue() {
        return Arbitraries.oneOf(
                Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1, 0L, -1L, 1L),
                Arbitraries.longs());
    }

    private static Arbitrary<long[]> randomLongs() {
        return edgeValue().array(long[].class).ofMaxSize(200);
    }

    /** Mostly repeated small differences: long runs, and runs of runs. */
    private static Arbitrary<long[]> smallDeltas() {
        return Combinators.combine(edgeValue(), Arbitraries.longs().between(-3, 3).array(long[].class).ofMaxSize(300))
                .as((start, deltas) -> {
                    long[] xs = new long[deltas.length];
                    long a = start;
                    for (int i = 0; i < deltas.length; i++) xs[i] = a += deltas[i] * 8;
                    return xs;
                });
    }

    private static Arbitrary<long[]> constant() {
        return Combinators.combine(edgeValue(), Arbitraries.integers().between(1, 500)).as((v, n) -> {
            long[] xs = new long[n];
            java.util.Arrays.fill(xs, v);
            return xs;
        });
    }

    /** Arithmetic progressions, with strides that may overflow (wrap-around arithmetic). */
    private static Arbitrary<long[]> progression() {
        return Combinators.combine(edgeValue(), edgeValue(), Arbitraries.integers().between(1, 500)).as((start, stride, n) -> {
            long[] xs = new long[n];
            long a = start;
            for (int i = 0; i < n; i++) {
                xs[i] = a;
                a += stride;
            }
            return xs;
        });
    }

    /** Nested loops sweeping a sub-grid: for o, for i in [lo, lo+h), for j in [lo, lo+w). */
    private static Arbitrary<long[]> subGridSweep() {
        return Combinators.combine(
                Arbitraries.longs(),
                Arbitraries.integers().between(1, 64),   // side
                Arbitraries.integers().between(0, 8),    // lo
                Arbitraries.integers().between(1, 12),   // w
                Arbitraries.integers().between(1, 12),   // h
                Arbitraries.integers().between(1, 10),   // outer
                Arbitraries.of(1, 4, 8, 16, -8))         // element size
                .as((base, side, lo, w, h, outer, elem) -> {
                    long[] xs = new long[w * h * outer];
                    int k = 0;
                    for (int o = 0; o < outer; o++) {
                        for (int i = lo; i < lo + h; i++) {
                            for (int j = lo; j < lo + w; j++) xs[k++] = base + ((long) i * side + j) * elem;
                        }
                    }
                    return xs;
                });
    }

    private static Arbitrary<long[]> concatenations() {
        return Arbitraries.oneOf(smallDeltas(), progression(), subGridSweep(), constant()).list().ofMinSize(2).ofMaxSize(5)
                .map(parts -> {
                    int n = parts.stream().mapToInt(p -> p.length).sum();
                    long[] xs = new long[n];
                    int k = 0;
                    for (long[] p : parts) {
                        System.arraycopy(p, 0, xs, k, p.length);
                        k += p.length;
                    }
                    return xs;
                });
    }
}
