package dev.wholetrace.model.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * {@code DiffRleDecoder.at(g, runs, k)} — the seek a segment uses to start an instruction's address
 * stream mid-way — against decoding the whole stream and dropping the first k addresses, for every
 * k from 0 to the stream's length (inclusive: a decoder at the end has nothing left).
 */
class DiffRleDecoderAtPropertiesTest {

    @Property(tries = 150)
    void seekingToEveryAddressEqualsSkippingAFullDecode(@ForAll("streams") long[] xs) {
        Alphabet runs = new Alphabet();
        Grammar g = encode(runs, xs);
        checkEverySeek(g, runs, xs);
    }

    /**
     * Several instructions share one run alphabet (as in a thread's chunk), so a stream's run ids
     * are sparse and its grammar's terminals are not 0..n.
     */
    @Property(tries = 40)
    void seekingWorksWithASharedRunAlphabet(@ForAll("streamLists") List<long[]> streams) {
        Alphabet runs = new Alphabet();
        List<Grammar> grammars = DiffRleEncoderTest.encodeInterleaved(runs, streams);
        for (int i = 0; i < streams.size(); i++) checkEverySeek(grammars.get(i), runs, streams.get(i));
    }

    @Test
    void seekingOutsideTheStreamIsAnError() {
        Alphabet runs = new Alphabet();
        Grammar g = encode(runs, 10, 14, 18, 22, 42);
        assertThatThrownBy(() -> DiffRleDecoder.at(g, runs, 6)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> DiffRleDecoder.at(g, runs, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        Grammar empty = encode(runs);
        assertThat(DiffRleDecoder.at(empty, runs, 0).hasNext()).isFalse();
        assertThatThrownBy(() -> DiffRleDecoder.at(empty, runs, 1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /** The paper's example 10 14 18 22 42 = runs 10¹ 4³ 20¹: seeking into the middle of the 4³ run. */
    @Test
    void seekingIntoTheMiddleOfARun() {
        Alphabet runs = new Alphabet();
        Grammar g = encode(runs, 10, 14, 18, 22, 42);
        assertThat(DiffRleEncoderTest.drain(DiffRleDecoder.at(g, runs, 2))).containsExactly(18, 22, 42);
        assertThat(DiffRleEncoderTest.drain(DiffRleDecoder.at(g, runs, 4))).containsExactly(42);
    }

    private static void checkEverySeek(Grammar g, Alphabet runs, long[] xs) {
        long[] full = DiffRleEncoderTest.drain(new DiffRleDecoder(g, runs));
        assertThat(full).isEqualTo(xs);
        for (int k = 0; k <= xs.length; k++) {
            DiffRleDecoder d = DiffRleDecoder.at(g, runs, k);
            assertThat(DiffRleEncoderTest.drain(d)).as("at(%d) of %d", k, xs.length).isEqualTo(Arrays.copyOfRange(full, k, full.length));
            assertThatThrownBy(d::nextLong).isInstanceOf(NoSuchElementException.class);
        }
        assertThatThrownBy(() -> DiffRleDecoder.at(g, runs, xs.length + 1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    static Grammar encode(Alphabet runs, long... xs) {
        DiffRleEncoder e = new DiffRleEncoder(runs);
        for (long x : xs) e.append(x);
        e.finish();
        return e.grammar().toGrammar();
    }

    // ---- generators: random, strided, nested sweeps, constant, overflowing -------------------------

    @Provide
    Arbitrary<List<long[]>> streamLists() {
        return streams().list().ofMinSize(1).ofMaxSize(5);
    }

    @Provide
    Arbitrary<long[]> streams() {
        return Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.longs().array(long[].class).ofMaxSize(80)),
                Tuple.of(3, strided()),
                Tuple.of(3, sweeps()),
                Tuple.of(1, Combinators.combine(Arbitraries.longs(), Arbitraries.integers().between(1, 200))
                        .as((v, n) -> {
                            long[] xs = new long[n];
                            Arrays.fill(xs, v);
                            return xs;
                        })),
                Tuple.of(2, Combinators.combine(strided(), Arbitraries.longs().array(long[].class).ofMaxSize(10), strided())
                        .as((a, b, c) -> concat(a, b, c))));
    }

    /** An arithmetic progression, the stride sometimes overflowing. */
    private static Arbitrary<long[]> strided() {
        return Combinators.combine(Arbitraries.longs(),
                        Arbitraries.oneOf(Arbitraries.of(8L, 4L, -8L, 0L, 1L, Long.MAX_VALUE), Arbitraries.longs()),
                        Arbitraries.integers().between(0, 150))
                .as((start, stride, n) -> {
                    long[] xs = new long[n];
                    for (int i = 0; i < n; i++) xs[i] = start + i * stride;
                    return xs;
                });
    }

    /** Row sweeps of a sub-grid, repeated: runs of runs, so the run grammar nests. */
    private static Arbitrary<long[]> sweeps() {
        return Combinators.combine(Arbitraries.longs().between(0, 1L << 40), Arbitraries.integers().between(1, 8),
                        Arbitraries.integers().between(1, 8), Arbitraries.integers().between(1, 5), Arbitraries.of(8, 4, 16))
                .as((base, w, h, reps, size) -> {
                    List<Long> out = new ArrayList<>();
                    for (int r = 0; r < reps; r++) {
                        for (int i = 0; i < h; i++) for (int j = 0; j < w; j++) out.add(base + (long) size * (i * 64 + j));
                    }
                    return out.stream().mapToLong(Long::longValue).toArray();
                });
    }

    private static long[] concat(long[]... parts) {
        int n = 0;
        for (long[] p : parts) n += p.length;
        long[] out = new long[n];
        int at = 0;
        for (long[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }
}
