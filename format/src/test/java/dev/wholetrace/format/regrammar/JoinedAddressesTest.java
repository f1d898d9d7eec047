package dev.wholetrace.format.regrammar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.address.PredictiveDiffRleEncoder;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.util.Alphabet;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link JoinedAddresses}: one instruction's address streams, each encoded by a chunk's recorder
 * (differences from 0, the predictor stage, its own run alphabet), joined into one stream that
 * decodes to every chunk's addresses in order: strides that run across a chunk boundary, random
 * addresses that escape, a first run longer than one, chunks with no address.
 */
class JoinedAddressesTest {

    /** Encodes each chunk as the recorder does, joins them, and checks the joined stream's addresses. */
    private static void assertJoins(List<long[]> chunks) {
        Alphabet joinedRuns = new Alphabet();
        JoinedAddresses join = new JoinedAddresses(joinedRuns);
        List<Long> expected = new ArrayList<>();
        int escaped = 0;
        long last = 0;
        for (long[] chunk : chunks) {
            Alphabet runs = new Alphabet();
            PredictiveDiffRleEncoder e = new PredictiveDiffRleEncoder(runs, GrammarAlgorithm.SEQUITUR.newBuilder());
            for (int i = 0; i < chunk.length; i++) {
                boolean escapedHere = e.append(chunk[i]);
                // joined, a first difference equal to the escape value is escaped where its chunk had a plain run
                if (escapedHere || i == 0 && chunk[i] - last == PredictiveDiffRleEncoder.ESCAPE) escaped++;
                expected.add(chunk[i]);
            }
            if (chunk.length > 0) last = chunk[chunk.length - 1];
            e.finish();
            join.append(e.grammar().toGrammar(), runs, e.exceptions());
        }
        AddressCoding.Stream joined = join.finish();
        DiffRleDecoder d = new DiffRleDecoder(joined.grammar(), joinedRuns, joined.exceptions());
        List<Long> actual = new ArrayList<>();
        while (d.hasNext()) actual.add(d.nextLong());
        assertThat(actual).isEqualTo(expected);
        assertThat(joined.exceptions()).hasSize(escaped);
        for (int k = 0; k < expected.size(); k += Math.max(1, expected.size() / 11)) { // seeking, as segment and races do
            assertThat(DiffRleDecoder.at(joined.grammar(), joinedRuns, joined.exceptions(), k).nextLong()).isEqualTo(expected.get(k));
        }
    }

    @Test
    void aStrideAcrossChunksAndAFirstRunLongerThanOne() {
        // 0, 8, 16, ... cut into chunks: the first chunk's first run is (0, 1) then (8, n); a chunk starting
        // at a multiple of its stride from 0, e.g. 8, 16, 24, stores one run (8, 3)
        assertJoins(List.of(new long[] {8, 16, 24}, new long[] {32, 40}, new long[] {}, new long[] {48, 56, 64, 72}, new long[] {1000}));
        assertJoins(List.of(new long[] {0, 0, 0}, new long[] {0, 0}, new long[] {5}));
    }

    /**
     * A chunk's first address minus the previous chunk's last one may be the ESCAPE value (64-bit
     * wrap-around: addresses are any long), which the recorder's encoder escapes as it escapes any
     * difference equal to it: a plain run of it in the joined stream would be read as an escape.
     */
    @Test
    void aDifferenceEqualToTheEscapeAcrossABoundaryIsEscaped() {
        assertJoins(List.of(new long[] {Long.MIN_VALUE}, new long[] {0, 8}));
        assertJoins(List.of(new long[] {1, 2, 3}, new long[] {Long.MIN_VALUE + 3, 4}));
        assertJoins(List.of(new long[] {Long.MAX_VALUE}, new long[] {-1, -1, -1}));
    }

    /**
     * A join holds one sink per thread and instruction until the group is finished: 2,000 virtual threads
     * of a JDK 25 program, each running a few hundred instructions, make hundreds of thousands of short
     * streams. Each must cost what it holds, not a fixed expansion buffer (16 KiB each made `record`'s
     * join of a 3.6 MiB, 25-chunk recording of 2,002 threads run out of a 5.9 GB heap after six minutes).
     * 200,000 sinks of two three-address chunks each stay well under the test JVM's 2 GB heap.
     */
    @Test
    void manyShortStreamsCostWhatTheyHold() {
        Alphabet joinedRuns = new Alphabet();
        List<JoinedAddresses> sinks = new ArrayList<>();
        List<AddressCoding.Stream> chunk = new ArrayList<>();
        Alphabet runs = new Alphabet();
        for (long[] addresses : List.of(new long[] {64, 72, 80}, new long[] {88, 96, 104})) {
            PredictiveDiffRleEncoder e = new PredictiveDiffRleEncoder(runs, GrammarAlgorithm.SEQUITUR.newBuilder());
            for (long a : addresses) e.append(a);
            e.finish();
            chunk.add(new AddressCoding.Stream(e.grammar().toGrammar(), e.exceptions()));
        }
        for (int i = 0; i < 200_000; i++) {
            JoinedAddresses sink = new JoinedAddresses(joinedRuns);
            for (AddressCoding.Stream s : chunk) sink.append(s.grammar(), runs, s.exceptions());
            sinks.add(sink);
        }
        AddressCoding.Stream joined = sinks.get(sinks.size() - 1).finish();
        DiffRleDecoder d = new DiffRleDecoder(joined.grammar(), joinedRuns, joined.exceptions());
        List<Long> actual = new ArrayList<>();
        while (d.hasNext()) actual.add(d.nextLong());
        assertThat(actual).containsExactly(64L, 72L, 80L, 88L, 96L, 104L);
    }

    @Property(tries = 200)
    void decodesAsTheChunksInOrder(@ForAll @IntRange(min = 1, max = 8) int chunks, @ForAll @IntRange(min = 0, max = 400) int perChunk,
                                   @ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<long[]> list = new ArrayList<>();
        long address = rnd.nextLong(1 << 20);
        int pattern = rnd.nextInt(3); // 0: strides with jumps, 1: random (escapes), 2: a mix
        for (int c = 0; c < chunks; c++) {
            long[] chunk = new long[rnd.nextInt(perChunk + 1)];
            for (int i = 0; i < chunk.length; i++) {
                boolean random = pattern == 1 || pattern == 2 && rnd.nextInt(3) == 0;
                address = random ? rnd.nextLong(Long.MAX_VALUE) : rnd.nextInt(50) == 0 ? rnd.nextLong(1 << 30) : address + 8;
                chunk[i] = address;
            }
            list.add(chunk);
        }
        assertJoins(list);
    }
}
