package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.strata.StrataStream;
import java.util.Arrays;
import dev.wholetrace.model.strata.Runs;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The strata encoder stores what the control encoder stores, in another form: a chunk's strata
 * stream unfolds to the same string of control symbols as COR's WPP of the same events, with the
 * same alphabet and the same sync positions, however the events are split into buffers and
 * chunks; and a loop costs a path, a stratum and a trip count, not a symbol per iteration.
 */
class StrataEncoderTest {

    static ThreadChunk[] compress(int[] program, TraceMode mode, int buffers, int chunks) {
        return compress(new ThreadCompressor(0, mode, true), program, buffers, chunks);
    }

    static ThreadChunk[] compress(ThreadCompressor c, int[] program, int buffers, int chunks) {
        long[] buf = ThreadCompressorPathFoldingTest.buffer(program);
        ThreadChunk[] out = new ThreadChunk[chunks];
        int pieces = buffers * chunks;
        int at = 0;
        for (int k = 0; k < pieces; k++) {
            at = feed(c, buf, at, k, pieces);
            if ((k + 1) % buffers == 0) out[k / buffers] = c.cut();
        }
        return out;
    }

    /** The first event boundary at or after {@code i}. */
    private static int nextEvent(long[] buf, int i) {
        int at = 0;
        while (at < i && at < buf.length) at += BufferLayout.longs(buf[at]);
        return Math.min(at, buf.length);
    }

    @Property(tries = 300)
    void strataChunksUnfoldToTheControlString(@ForAll("programs") int[] program, @ForAll @IntRange(min = 1, max = 3) int buffers,
                                              @ForAll @IntRange(min = 1, max = 3) int chunks) {
        ThreadChunk[] cor = compress(program, TraceMode.COR, buffers, chunks);
        ThreadChunk[] strata = compress(program, TraceMode.STRATA, buffers, chunks);
        for (int k = 0; k < chunks; k++) {
            if (cor[k] == null) {
                assertThat(strata[k]).isNull();
                continue;
            }
            StreamChunk c = cor[k].stream(StreamKinds.CONTROL);
            StreamChunk s = strata[k].stream(StreamKinds.STRATA);
            assertThat(strata[k].events()).isEqualTo(cor[k].events());
            assertThat(s.grammar().expand()).containsExactly(c.grammar().expand());
            assertThat(s.grammar()).isEqualTo(s.strata().unfold()); // what a reader gets from the stored form
            assertThat(s.newSymbols()).containsExactly(c.newSymbols());
            assertThat(s.syncCounts().total()).isEqualTo(cor[k].syncCount());
            for (int m = 0; m < cor[k].syncCount(); m++) assertThat(s.syncCounts().position(m)).isEqualTo(c.syncCounts().position(m));
            assertThat(strata[k].sync().count()).isEqualTo(cor[k].sync().count());
            assertThat(strata[k].sync().bytes()).isEqualTo(cor[k].sync().bytes()); // the same operations, each in its place
        }
    }

    /**
     * The pipeline's stage moves layer 0 and the grammar to another thread, not what is stored: the
     * same chunks as layer 0 on the worker, through rings small enough to be full most of the time
     * (back-pressure: nothing may be lost), with two threads' encoders taking turns on one stage.
     */
    @Property(tries = 200)
    void aStageStoresWhatTheWorkerStores(@ForAll("programs") int[] program, @ForAll @IntRange(min = 1, max = 3) int buffers,
                                         @ForAll @IntRange(min = 1, max = 3) int chunks, @ForAll @IntRange(min = 1, max = 8) int ringBits,
                                         @ForAll boolean asTheWorkerCuts) {
        int[] other = program.clone();
        for (int i = 0, j = other.length - 1; i < j; i++, j--) { int t = other[i]; other[i] = other[j]; other[j] = t; }
        StrataStage stage = new StrataStage(GrammarAlgorithm.DEFAULT, 1 << ringBits, "test-strata");
        stage.start();
        try {
            ThreadCompressor first = new ThreadCompressor(0, TraceMode.STRATA, true, GrammarAlgorithm.DEFAULT, stage);
            ThreadCompressor second = new ThreadCompressor(1, TraceMode.STRATA, true, GrammarAlgorithm.DEFAULT, stage);
            ThreadChunk[][] piped = compressTogether(first, program, second, other, buffers, chunks, asTheWorkerCuts);
            assertSameChunks(piped[0], compress(program, TraceMode.STRATA, buffers, chunks));
            assertSameChunks(piped[1], compress(other, TraceMode.STRATA, buffers, chunks));
        } finally {
            stage.stop();
        }
    }

    /**
     * Two threads' buffers alternating on one worker, as a worker holding both takes them; at a cut
     * both seals asked for first and then each cut, as the worker does ({@code beginCuts}), or each
     * cut alone.
     */
    private static ThreadChunk[][] compressTogether(ThreadCompressor a, int[] pa, ThreadCompressor b, int[] pb, int buffers, int chunks,
                                                    boolean beginCuts) {
        long[] bufA = ThreadCompressorPathFoldingTest.buffer(pa);
        long[] bufB = ThreadCompressorPathFoldingTest.buffer(pb);
        ThreadChunk[][] out = new ThreadChunk[2][chunks];
        int pieces = buffers * chunks;
        int atA = 0;
        int atB = 0;
        for (int k = 0; k < pieces; k++) {
            atA = feed(a, bufA, atA, k, pieces);
            atB = feed(b, bufB, atB, k, pieces);
            if ((k + 1) % buffers == 0) {
                if (beginCuts) {
                    a.beginCut();
                    b.beginCut();
                }
                out[0][k / buffers] = a.cut();
                out[1][k / buffers] = b.cut();
            }
        }
        return out;
    }

    /** Hands the {@code k}-th of {@code pieces} pieces of {@code buf} (from event boundary {@code at}) to {@code c}; returns where the next begins. */
    private static int feed(ThreadCompressor c, long[] buf, int at, int k, int pieces) {
        int to = Math.max(at, nextEvent(buf, (int) ((long) buf.length * (k + 1) / pieces)));
        long[] piece = Arrays.copyOfRange(buf, at, to);
        c.consume(piece, piece.length);
        return to;
    }

    private static void assertSameChunks(ThreadChunk[] actual, ThreadChunk[] expected) {
        for (int k = 0; k < expected.length; k++) {
            if (expected[k] == null) {
                assertThat(actual[k]).isNull();
                continue;
            }
            StreamChunk e = expected[k].stream(StreamKinds.STRATA);
            StreamChunk a = actual[k].stream(StreamKinds.STRATA);
            assertThat(actual[k].events()).isEqualTo(expected[k].events());
            assertThat(a.grammar()).isEqualTo(e.grammar());
            assertThat(a.newSymbols()).containsExactly(e.newSymbols());
            StrataStream x = e.strata();
            StrataStream y = a.strata();
            assertThat(y.pathCount()).isEqualTo(x.pathCount());
            for (int p = 0; p < x.pathCount(); p++) {
                assertThat(y.pathLength(p)).isEqualTo(x.pathLength(p));
                for (int i = 0; i < x.pathLength(p); i++) assertThat(y.pathSymbol(p, i)).isEqualTo(x.pathSymbol(p, i));
            }
            assertThat(y.stratumCount()).isEqualTo(x.stratumCount());
            for (int s = 0; s < x.stratumCount(); s++) {
                assertThat(y.stratumLength(s)).isEqualTo(x.stratumLength(s));
                for (int i = 0; i < x.stratumLength(s); i++) assertThat(y.stratumElement(s, i)).isEqualTo(x.stratumElement(s, i));
            }
            assertThat(y.runCount()).isEqualTo(x.runCount());
            for (int t = 0; t < x.runCount(); t++) assertThat(y.run(t)).isEqualTo(x.run(t));
            assertThat(y.grammar()).isEqualTo(x.grammar());
        }
    }

    /**
     * A cut begun twice (the worker's cut loop failed on another thread, and the next cut begins
     * every thread again) seals layer 0 once: this chunk and the next are what the worker alone
     * stores, and the stage does not fail.
     */
    @Example
    void aCutBegunTwiceSealsOnce() {
        int[] program = {0, 1, 2, 0, 1, 2, 0, 1, 3, 0, 1, 2};
        ThreadChunk[] inline = compress(program, TraceMode.STRATA, 1, 2);
        StrataStage stage = new StrataStage(GrammarAlgorithm.DEFAULT, 1 << 4, "test-strata");
        stage.start();
        try {
            long[] buf = ThreadCompressorPathFoldingTest.buffer(program);
            for (int round = 0; round < 200; round++) { // a second seal's harm depends on when the stage takes the second CUT: many rounds
                ThreadCompressor c = new ThreadCompressor(0, TraceMode.STRATA, true, GrammarAlgorithm.DEFAULT, stage);
                ThreadChunk[] piped = new ThreadChunk[2];
                int at = feed(c, buf, 0, 0, 2);
                c.beginCut();
                c.beginCut();
                piped[0] = c.cut();
                feed(c, buf, at, 1, 2);
                piped[1] = c.cut();
                assertSameChunks(piped, inline);
            }
        } finally {
            stage.stop();
        }
    }

    /** The folding test's programs without loads and stores (a COR or STRATA recorder never buffers them). */
    @Provide
    Arbitrary<int[]> programs() {
        return new ThreadCompressorPathFoldingTest().programs().map(p -> Arrays.stream(p).filter(e -> e < 40 || e >= 50).toArray())
                .filter(p -> p.length > 0);
    }

    @Example
    void aLoopIsOnePathWithATripCount() {
        int n = 1_000_000; // blocks 10, 11, 12 a million times, then block 13
        long[] buf = new long[3 * n + 1];
        for (int i = 0; i < n; i++) {
            buf[3 * i] = 10L << 8 | BufferLayout.BLOCK;
            buf[3 * i + 1] = 11L << 8 | BufferLayout.BLOCK;
            buf[3 * i + 2] = 12L << 8 | BufferLayout.BLOCK;
        }
        buf[3 * n] = 13L << 8 | BufferLayout.BLOCK;
        ThreadCompressor c = new ThreadCompressor(0, TraceMode.STRATA, true);
        c.consume(buf, buf.length);
        StreamChunk s = c.cut().stream(StreamKinds.STRATA);
        StrataStream st = s.strata();
        // [10 11 12] n-1 times, then [10 11 12 13]: 13 is new to the last iteration's path, so it extends it
        assertThat(st.pathCount()).isEqualTo(2);
        assertThat(st.pathLength(0)).isEqualTo(3);
        assertThat(st.pathLength(1)).isEqualTo(4);
        assertThat(st.stratumCount()).isEqualTo(1); // one stratum: P0^(n-1) P1
        assertThat(st.stratumLength(0)).isEqualTo(2);
        assertThat(Runs.trip(st.stratumElement(0, 0))).isEqualTo(n - 1);
        assertThat(st.runCount()).isEqualTo(1);
        Grammar g = s.grammar();
        assertThat(g.length()).isEqualTo(3L * n + 1);
        assertThat(g.symbolCount()).isLessThan(100); // doubling rules: about 2 log2(n)
        assertThat(g.terminalAt(3L * n)).isEqualTo(3);
        assertThat(g.terminalAt(3L * n - 1)).isEqualTo(2);
    }
}
