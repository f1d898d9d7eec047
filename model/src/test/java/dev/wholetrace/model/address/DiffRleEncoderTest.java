package dev.wholetrace.model.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/** Worked examples of Diff∘RLE∘SEQ: what reaches SEQUITUR, and how the grammar scales. */
class DiffRleEncoderTest {

    static long[] decodeAll(Grammar g, Alphabet runs) {
        return drain(new DiffRleDecoder(g, runs));
    }

    /**
     * Encodes several streams into one shared run alphabet, appending round-robin as a trace with
     * several instructions does; returns each stream's grammar.
     */
    static List<Grammar> encodeInterleaved(Alphabet runs, List<long[]> streams) {
        List<DiffRleEncoder> encoders = new ArrayList<>();
        for (int i = 0; i < streams.size(); i++) encoders.add(new DiffRleEncoder(runs));
        int max = streams.stream().mapToInt(s -> s.length).max().orElse(0);
        for (int k = 0; k < max; k++) {
            for (int i = 0; i < streams.size(); i++) if (k < streams.get(i).length) encoders.get(i).append(streams.get(i)[k]);
        }
        List<Grammar> out = new ArrayList<>();
        for (DiffRleEncoder e : encoders) {
            e.finish();
            out.add(e.grammar().toGrammar());
        }
        return out;
    }

    /** Every address the decoder has left. */
    static long[] drain(DiffRleDecoder d) {
        long[] out = new long[16];
        int n = 0;
        while (d.hasNext()) {
            if (n == out.length) out = Arrays.copyOf(out, n * 2);
            out[n++] = d.nextLong();
        }
        return Arrays.copyOf(out, n);
    }

    static DiffRleEncoder encode(Alphabet runs, long... xs) {
        DiffRleEncoder e = new DiffRleEncoder(runs);
        for (long x : xs) e.append(x);
        e.finish();
        return e;
    }

    /** The paper's example: 10, 14, 18, 22, 42 reaches SEQUITUR as 10¹ 4³ 20¹. */
    @Test
    void papersExampleReachesSequiturAsThreeRunTerminals() {
        Alphabet runs = new Alphabet();
        DiffRleEncoder e = encode(runs, 10, 14, 18, 22, 42);

        Grammar g = e.grammar().toGrammar();
        int[] terminals = g.expand();
        assertThat(terminals).hasSize(3);
        assertThat(e.grammar().length()).isEqualTo(3);
        assertThat(e.count()).isEqualTo(5);
        long[][] pairs = new long[terminals.length][];
        for (int i = 0; i < terminals.length; i++) pairs[i] = new long[] {runs.first(terminals[i]), runs.second(terminals[i])};
        assertThat(pairs).isDeepEqualTo(new long[][] {{10, 1}, {4, 3}, {20, 1}});
        assertThat(runs.size()).isEqualTo(3);
        assertThat(terminals).containsExactly(0, 1, 2);

        assertThat(decodeAll(g, runs)).containsExactly(10, 14, 18, 22, 42);
    }

    @Test
    void emptyStreamGivesEmptyGrammarAndDecoderIsExhausted() {
        Alphabet runs = new Alphabet();
        DiffRleEncoder e = encode(runs);
        Grammar g = e.grammar().toGrammar();
        assertThat(g.length()).isZero();
        assertThat(runs.size()).isZero();
        DiffRleDecoder d = new DiffRleDecoder(g, runs);
        assertThat(d.hasNext()).isFalse();
        assertThatThrownBy(d::nextLong).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void decoderThrowsNoSuchElementAfterTheLastAddress() {
        Alphabet runs = new Alphabet();
        DiffRleEncoder e = encode(runs, 5, 5, 5);
        DiffRleDecoder d = new DiffRleDecoder(e.grammar().toGrammar(), runs);
        assertThat(d.nextLong()).isEqualTo(5);
        assertThat(d.nextLong()).isEqualTo(5);
        assertThat(d.nextLong()).isEqualTo(5);
        assertThat(d.hasNext()).isFalse();
        assertThatThrownBy(d::nextLong).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void constantStreamIsOneRunAfterTheFirstAddress() {
        Alphabet runs = new Alphabet();
        long[] xs = new long[1000];
        Arrays.fill(xs, 77);
        DiffRleEncoder e = encode(runs, xs);
        int[] t = e.grammar().toGrammar().expand();
        assertThat(t).hasSize(2);
        assertThat(new long[] {runs.first(t[0]), runs.second(t[0]), runs.first(t[1]), runs.second(t[1])})
                .containsExactly(77, 1, 0, 999);
    }

    @Test
    void arithmeticProgressionStartingAtItsStrideIsOneRun() {
        Alphabet runs = new Alphabet();
        long[] xs = new long[500];
        for (int i = 0; i < xs.length; i++) xs[i] = 8L * (i + 1);
        DiffRleEncoder e = encode(runs, xs);
        int[] t = e.grammar().toGrammar().expand();
        assertThat(t).hasSize(1);
        assertThat(runs.first(t[0])).isEqualTo(8);
        assertThat(runs.second(t[0])).isEqualTo(500);
        assertThat(decodeAll(e.grammar().toGrammar(), runs)).isEqualTo(xs);
    }

    @Test
    void finishIsIdempotent() {
        Alphabet runs = new Alphabet();
        DiffRleEncoder e = new DiffRleEncoder(runs);
        for (long x : new long[] {10, 14, 18, 22, 42}) e.append(x);
        e.finish();
        Grammar once = e.grammar().toGrammar();
        long length = e.grammar().length();
        e.finish();
        e.finish();
        assertThat(e.grammar().toGrammar()).isEqualTo(once);
        assertThat(e.grammar().length()).isEqualTo(length);
        assertThat(runs.size()).isEqualTo(3);
        assertThat(decodeAll(e.grammar().toGrammar(), runs)).containsExactly(10, 14, 18, 22, 42);
    }

    @Test
    void finishOnAnEmptyEncoderAddsNothing() {
        Alphabet runs = new Alphabet();
        DiffRleEncoder e = new DiffRleEncoder(runs);
        e.finish();
        e.finish();
        assertThat(e.grammar().length()).isZero();
        assertThat(runs.size()).isZero();
    }

    @Test
    void aRunIsOnlyHandedToSequiturWhenItEnds() {
        Alphabet runs = new Alphabet();
        DiffRleEncoder e = new DiffRleEncoder(runs);
        e.append(10);
        e.append(14);
        e.append(18);
        // the run (10,1) has ended; the run of 4s is still open
        assertThat(e.grammar().length()).isEqualTo(1);
        e.finish();
        assertThat(e.grammar().length()).isEqualTo(2);
    }

    @Test
    void extremeValuesAndOverflowingDifferencesRoundTrip() {
        long[] xs = {Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, 0, -1, Long.MAX_VALUE, Long.MAX_VALUE,
                Long.MIN_VALUE + 1, 1, Long.MIN_VALUE, Long.MIN_VALUE, -1, Long.MIN_VALUE};
        Alphabet runs = new Alphabet();
        DiffRleEncoder e = encode(runs, xs);
        assertThat(decodeAll(e.grammar().toGrammar(), runs)).isEqualTo(xs);
    }

    @Test
    void wrappingArithmeticProgressionIsStillOneRun() {
        // Diffs of Long.MAX_VALUE wrap around: still a single constant difference.
        Alphabet runs = new Alphabet();
        long[] xs = new long[50];
        long a = 0;
        for (int i = 0; i < xs.length; i++) xs[i] = a += Long.MAX_VALUE;
        DiffRleEncoder e = encode(runs, xs);
        assertThat(e.grammar().length()).isEqualTo(1);
        assertThat(decodeAll(e.grammar().toGrammar(), runs)).isEqualTo(xs);
    }

    @Test
    void severalEncodersShareOneAlphabet() {
        Alphabet runs = new Alphabet();
        DiffRleEncoder a = new DiffRleEncoder(runs);
        DiffRleEncoder b = new DiffRleEncoder(runs);
        DiffRleEncoder c = new DiffRleEncoder(runs);
        long[] xa = {10, 14, 18, 22, 42};
        long[] xb = {10, 14, 18, 22, 42, 46, 50, 54, 74}; // same pairs, repeated
        long[] xc = {1000, 1008, 1016, 1024, -5};
        // Interleave appends as a trace would.
        int max = Math.max(xa.length, Math.max(xb.length, xc.length));
        for (int i = 0; i < max; i++) {
            if (i < xa.length) a.append(xa[i]);
            if (i < xb.length) b.append(xb[i]);
            if (i < xc.length) c.append(xc[i]);
        }
        a.finish();
        b.finish();
        c.finish();
        assertThat(a.runs()).isSameAs(runs);
        assertThat(b.runs()).isSameAs(runs);
        // (10,1) (4,3) (20,1) from a and b, (4,3) reused by b; c adds (1000,1) (8,3) (-1029,1)
        assertThat(runs.size()).isEqualTo(6);
        assertThat(decodeAll(a.grammar().toGrammar(), runs)).isEqualTo(xa);
        assertThat(decodeAll(b.grammar().toGrammar(), runs)).isEqualTo(xb);
        assertThat(decodeAll(c.grammar().toGrammar(), runs)).isEqualTo(xc);
        int[] ta = a.grammar().toGrammar().expand();
        int[] tb = b.grammar().toGrammar().expand();
        assertThat(tb).startsWith(ta);
        assertThat(tb).containsExactly(ta[0], ta[1], ta[2], ta[1], ta[2]);
    }

    /** Store A[i][j] for i, j in [lo, hi) of a side x side array of 8-byte elements, `outer` times. */
    static long[] subGridSweep(long base, int side, int lo, int hi, int outer) {
        int w = hi - lo;
        long[] xs = new long[w * w * outer];
        int k = 0;
        for (int o = 0; o < outer; o++) {
            for (int i = lo; i < hi; i++) {
                for (int j = lo; j < hi; j++) xs[k++] = base + ((long) i * side + j) * 8;
            }
        }
        return xs;
    }

    @Test
    void subGridSweepGrammarDoesNotGrowWithOuterIterations() {
        int[] outers = {8, 32, 128, 512, 2048};
        int[] symbols = new int[outers.length];
        for (int k = 0; k < outers.length; k++) {
            long[] xs = subGridSweep(0x7f00_0000_0000L, 64, 3, 50, outers[k]);
            Alphabet runs = new Alphabet();
            DiffRleEncoder e = encode(runs, xs);
            Grammar g = e.grammar().toGrammar();
            assertThat(decodeAll(g, runs)).isEqualTo(xs);
            // first address, the row stride, the jump to the next row, the jump back to the top
            assertThat(runs.size()).as("distinct (difference, run) pairs").isEqualTo(4);
            // one run pair per row plus one jump per row
            assertThat(g.length()).isEqualTo(2L * 47 * outers[k]);
            symbols[k] = g.symbolCount();
        }
        // 256x the outer iterations (8 -> 2048) and 256x the input: SEQUITUR folds the repeated
        // sweep, so the grammar gains a few symbols per doubling (the rules that
        // spell out the repeat count in binary), nothing proportional to the iterations.
        for (int k = 1; k < outers.length; k++) {
            assertThat(symbols[k]).as("symbols for %d outer iterations: %s", outers[k], Arrays.toString(symbols))
                    .isLessThanOrEqualTo(symbols[0] + 4 * 2 * k); // k steps of 4x = 2k doublings
        }
        assertThat(symbols[outers.length - 1]).as(Arrays.toString(symbols)).isLessThan(120);
    }

    @Test
    void nestedSweepWithDifferentSubGridsRoundTrips() {
        // Two alternating sub-grids with different widths and strides, as a tiled loop would do.
        List<Long> xs = new ArrayList<>();
        for (int o = 0; o < 50; o++) {
            for (long x : subGridSweep(4096, 32, 1, 31, 1)) xs.add(x);
            for (long x : subGridSweep(1L << 40, 100, 10, 17, 1)) xs.add(x);
        }
        long[] arr = xs.stream().mapToLong(Long::longValue).toArray();
        Alphabet runs = new Alphabet();
        DiffRleEncoder e = encode(runs, arr);
        Grammar g = e.grammar().toGrammar();
        assertThat(decodeAll(g, runs)).isEqualTo(arr);
        assertThat(g.symbolCount()).isLessThan(200);
    }

    @Test
    void decoderRejectsRunIdOutsideTheAlphabet() {
        Alphabet runs = new Alphabet();
        runs.idOf(8, 2);
        Grammar g = Grammar.fromRules(new int[][] {{0, 1}});
        DiffRleDecoder d = new DiffRleDecoder(g, runs);
        assertThat(d.nextLong()).isEqualTo(8);
        assertThat(d.nextLong()).isEqualTo(16);
        assertThatThrownBy(d::nextLong).isInstanceOf(IllegalStateException.class).hasMessageContaining("run id 1");
    }
}
