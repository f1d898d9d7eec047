package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.wtrace.ThreadChunk;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Example;

/**
 * The compressor folds a thread's control string into paths before SEQUITUR: the chunk's grammar
 * must expand to the same terminal string as without folding, its sync counts must be the same,
 * and a loop must cost SEQUITUR far fewer symbols.
 */
class ThreadCompressorPathFoldingTest {

    /** Events as the recorder's buffer holds them: blocks of a few nested loops, accesses, syncs. */
    static long[] buffer(int[] program) {
        long[] buf = new long[program.length * BufferLayout.MAX_EVENT_LONGS];
        int at = 0;
        long ticket = 0;
        for (int p : program) {
            if (p < 40) {
                buf[at++] = (long) p << 8 | BufferLayout.BLOCK;
            } else if (p < 50) {
                buf[at++] = (long) p << 8 | (p % 2 == 0 ? BufferLayout.LOAD : BufferLayout.STORE);
                buf[at++] = 1000L + 8L * (p % 3);
            } else {
                SyncKind kind = p == 50 ? SyncKind.LOCK : p == 51 ? SyncKind.UNLOCK : SyncKind.VOLATILE_WRITE; // mixed kinds
                buf[at++] = (long) p << 16 | (long) kind.ordinal() << 8 | BufferLayout.SYNC;
                buf[at++] = p == 51 ? 1_000_000 : 7; // object (of another varint length: a field out of place changes the column's size)
                buf[at++] = ticket++;
                buf[at++] = 300L * (p - 50); // aux
            }
        }
        return Arrays.copyOf(buf, at);
    }

    static ThreadChunk compress(int[] program, TraceMode mode, boolean fold) {
        ThreadCompressor c = new ThreadCompressor(0, mode, fold);
        long[] buf = buffer(program);
        assertThat(c.consume(buf, buf.length)).isEqualTo(program.length);
        return c.cut();
    }

    @Property(tries = 200)
    void foldedAndPlainChunksHoldTheSameString(@ForAll("programs") int[] program) {
        for (TraceMode mode : new TraceMode[] {TraceMode.COR, TraceMode.CDR}) {
            ThreadChunk plain = compress(program, mode, false);
            ThreadChunk folded = compress(program, mode, true);
            assertThat(folded.control().expand()).containsExactly(plain.control().expand());
            assertThat(folded.stream(StreamKinds.CONTROL).newSymbols()).containsExactly(plain.stream(StreamKinds.CONTROL).newSymbols());
            assertThat(folded.syncCount()).isEqualTo(plain.syncCount());
            assertThat(folded.controlCounts().total()).isEqualTo(plain.syncCount());
            for (int m = 0; m < plain.syncCount(); m++) {
                assertThat(folded.controlCounts().position(m)).isEqualTo(plain.controlCounts().position(m));
            }
            assertThat(folded.streams().length).isEqualTo(plain.streams().length);
        }
    }

    /**
     * The same program twice, a cut between: the second chunk's paths are interned afresh (by
     * block ids, then symbols) while the alphabet goes on, and block ids beyond an int's are
     * symbols in the path from the start; both chunks must hold what the plain compressor's hold.
     */
    @Property(tries = 100)
    void aSecondChunkAndIdsBeyondAnIntFoldAsThePlainString(@ForAll("programs") int[] program) {
        long[] buf = buffer(program);
        for (int i = 0; i < buf.length; i++) {
            long id = buf[i] >>> 8;
            if (BufferLayout.isBlock(buf[i]) && id % 7 == 3) buf[i] = (id + (1L << 33)) << 8 | BufferLayout.BLOCK;
        }
        for (TraceMode mode : new TraceMode[] {TraceMode.COR, TraceMode.CDR}) {
            ThreadCompressor plain = new ThreadCompressor(0, mode, false);
            ThreadCompressor folded = new ThreadCompressor(0, mode, true);
            for (int chunk = 0; chunk < 2; chunk++) {
                plain.consume(buf, buf.length);
                folded.consume(buf, buf.length);
                ThreadChunk a = plain.cut();
                ThreadChunk b = folded.cut();
                assertThat(b.control().expand()).containsExactly(a.control().expand());
                assertThat(b.stream(StreamKinds.CONTROL).newSymbols()).containsExactly(a.stream(StreamKinds.CONTROL).newSymbols());
            }
        }
    }

    /**
     * Irregular code: hundreds of distinct paths a chunk (the table from raw paths to paths grows
     * past its first size), buffers that end inside a path, and three chunks; each chunk's string
     * and new symbols are those of the plain compressor and of STRATA, which looks every block up
     * as it comes (the order of the alphabet before paths were interned by ids).
     */
    @Example
    void manyPathsOverBuffersThatEndMidPathFoldAsThePlainString() {
        java.util.Random random = new java.util.Random(38);
        int[] program = new int[6000];
        for (int i = 0; i < program.length; i++) {
            int r = random.nextInt(20);
            program[i] = r < 16 ? random.nextInt(40) : r < 19 ? 40 + random.nextInt(10) : 50 + random.nextInt(3);
        }
        long[] buf = buffer(program);
        ThreadCompressor plain = new ThreadCompressor(0, TraceMode.COR, false);
        ThreadCompressor folded = new ThreadCompressor(0, TraceMode.COR, true);
        ThreadCompressor strata = new ThreadCompressor(0, TraceMode.STRATA, true);
        int at = 0;
        for (int chunk = 0; chunk < 3; chunk++) {
            for (int piece = 0; piece < 5; piece++) {
                int end = at;
                int events = chunk == 2 && piece == 4 ? Integer.MAX_VALUE : 1 + random.nextInt(700);
                for (int e = 0; e < events && end < buf.length; e++) end += BufferLayout.longs(buf[end]);
                long[] part = Arrays.copyOfRange(buf, at, end);
                for (ThreadCompressor c : new ThreadCompressor[] {plain, folded, strata}) c.consume(part, part.length);
                at = end;
            }
            ThreadChunk a = plain.cut();
            ThreadChunk b = folded.cut();
            ThreadChunk s = strata.cut();
            assertThat(b.control().expand()).containsExactly(a.control().expand());
            assertThat(b.stream(StreamKinds.CONTROL).newSymbols()).containsExactly(a.stream(StreamKinds.CONTROL).newSymbols())
                    .containsExactly(s.stream(StreamKinds.STRATA).newSymbols());
        }
        assertThat(at).isEqualTo(buf.length);
    }

    @Example
    void aLoopCostsSequiturOneSymbolPerFewIterations() {
        // for (...) { block 10; block 11 } a million times: blocks 10, 11, 10, 11, ...
        int n = 1_000_000;
        ThreadCompressor plain = new ThreadCompressor(0, TraceMode.COR, false);
        ThreadCompressor folded = new ThreadCompressor(0, TraceMode.COR, true);
        long[] buf = new long[2 * n];
        for (int i = 0; i < n; i++) {
            buf[2 * i] = 10L << 8 | BufferLayout.BLOCK;
            buf[2 * i + 1] = 11L << 8 | BufferLayout.BLOCK;
        }
        plain.consume(buf, buf.length);
        folded.consume(buf, buf.length);
        ThreadChunk a = plain.cut();
        ThreadChunk b = folded.cut();
        assertThat(b.control().length()).isEqualTo(a.control().length()).isEqualTo(2L * n);
        assertThat(Arrays.equals(b.control().expand(), a.control().expand())).as("same expansion").isTrue();
        // Paths of 8 blocks (4 iterations): a quarter of the appends; the grammars stay tiny.
        assertThat(b.control().symbolCount()).isLessThan(200);
    }

    @Provide
    Arbitrary<int[]> programs() {
        // Block ids 0..39 (ids going down are backward jumps), accesses 40..49, sync sites 50..52.
        Arbitrary<int[]> loop = Arbitraries.integers().between(0, 39).array(int[].class).ofMinSize(1).ofMaxSize(6)
                .map(body -> {
                    Arrays.sort(body);
                    return body;
                });
        Arbitrary<int[]> piece = Arbitraries.oneOf(
                Arbitraries.integers().between(1, 30).flatMap(times -> loop.map(body -> repeat(body, times))),
                Arbitraries.integers().between(40, 49).array(int[].class).ofMinSize(1).ofMaxSize(3),
                Arbitraries.integers().between(50, 52).map(s -> new int[] {s}));
        return piece.list().ofMinSize(1).ofMaxSize(12).map(pieces -> pieces.stream().flatMapToInt(Arrays::stream).toArray());
    }

    static int[] repeat(int[] body, int times) {
        int[] out = new int[body.length * times];
        for (int t = 0; t < times; t++) System.arraycopy(body, 0, out, t * body.length, body.length);
        return out;
    }
}
