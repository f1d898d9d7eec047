package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import java.util.Arrays;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A counted loop's run event ({@link BufferLayout#RUN}) stands for its blocks: a buffer with runs and
 * the same buffer with every run written out as block events compress to chunks that expand to the
 * same string, with the same new symbols in the same order and the same event and sync counts, in
 * every mode (ControlEncoder folds long runs into whole-cycle paths, the other encoders count or
 * expand them).
 */
class CountedRunsTest {
    /** Cycles of block ids: two blocks (SOR's), one (a self-loop), three, and one longer than a path. */
    private static final int[] CYCLES = {
        LoopCycles.register(new int[] {5, 6}),
        LoopCycles.register(new int[] {7}),
        LoopCycles.register(new int[] {12, 8, 10}),
        LoopCycles.register(IntStream.range(100, 100 + ControlEncoder.MAX_PATH + 3).toArray()),
    };

    /**
     * {@code program}: a block id (0..39), a sync operation (50..52), or a run of cycle {@code (p - 1000) / 1000}
     * of {@code (p - 1000) % 1000 + 1} blocks; with {@code expand} each run as its block events.
     */
    private static long[] buffer(int[] program, boolean expand) {
        int[] plain = Arrays.stream(program).filter(p -> p < 1000).toArray();
        long[] rest = ThreadCompressorPathFoldingTest.buffer(plain);
        long[] buf = new long[rest.length + 2 * program.length + 400_000];
        int at = 0, from = 0;
        for (int p : program) {
            if (p >= 1000) {
                int cycle = CYCLES[(p - 1000) / 1000];
                int count = (p - 1000) % 1000 + 1;
                if (expand) {
                    int[] blocks = LoopCycles.blocks(cycle);
                    for (int k = 0; k < count; k++) buf[at++] = (long) blocks[k % blocks.length] << 8 | BufferLayout.BLOCK;
                } else {
                    buf[at++] = (long) cycle << 8 | BufferLayout.RUN;
                    buf[at++] = count;
                }
                continue;
            }
            int longs = BufferLayout.longs(rest[from]);
            System.arraycopy(rest, from, buf, at, longs);
            at += longs;
            from += longs;
        }
        return Arrays.copyOf(buf, at);
    }

    private static int events(int[] program) {
        return Arrays.stream(program).map(p -> p >= 1000 ? (p - 1000) % 1000 + 1 : 1).sum();
    }

    private static void sameChunks(int[] program) {
        for (TraceMode mode : new TraceMode[] {TraceMode.COR, TraceMode.CDR, TraceMode.EWPP}) {
            ThreadChunk[] chunks = new ThreadChunk[2];
            for (int expand = 0; expand < 2; expand++) {
                ThreadCompressor c = new ThreadCompressor(0, mode, true);
                long[] buf = buffer(program, expand == 1);
                assertThat(c.consume(buf, buf.length)).isEqualTo(events(program));
                chunks[expand] = c.cut();
            }
            ThreadChunk runs = chunks[0], blocks = chunks[1];
            if (events(program) == 0) { // nothing recorded: no chunk either way
                assertThat(runs).isNull();
                assertThat(blocks).isNull();
                continue;
            }
            assertThat(runs.events()).isEqualTo(blocks.events());
            assertThat(runs.control().expand()).containsExactly(blocks.control().expand());
            assertThat(runs.stream(StreamKinds.CONTROL).newSymbols()).containsExactly(blocks.stream(StreamKinds.CONTROL).newSymbols());
            assertThat(runs.syncCount()).isEqualTo(blocks.syncCount());
            for (int m = 0; m < blocks.syncCount(); m++) {
                assertThat(runs.controlCounts().position(m)).isEqualTo(blocks.controlCounts().position(m));
            }
        }
    }

    @Example
    void sorRowsOfTwoBlockRunsExpandToTheirBlocks() {
        int[] row = {1, 2, 1000 + 254, 3}; // an outer loop's blocks around a run of 255 blocks (127 whole cycles and one)
        int[] program = IntStream.range(0, 40).flatMap(i -> Arrays.stream(i % 7 == 0 ? new int[] {50, 1, 2, 1000 + 130, 3} : row)).toArray();
        sameChunks(program);
    }

    @Example
    void longRunsSelfLoopsAndCyclesLongerThanAPath() {
        sameChunks(new int[] {1, 1000 + 999, 1000 + 999, 2, 2000 + 0, 2000 + 1, 2000 + 500, 51, 3000 + 2, 3000 + 600, 4000 + 998, 4000 + 131, 4, 52});
    }

    @Property(tries = 150)
    void runsAndTheirBlocksCompressAlike(@ForAll("programs") int[] program) {
        sameChunks(program);
    }

    @Provide
    Arbitrary<int[]> programs() {
        Arbitrary<Integer> item = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.integers().between(0, 39)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(50, 52)),
                net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0, 3).flatMap(c -> Arbitraries.integers().between(0, 999).map(n -> 1000 + 1000 * c + n))));
        return item.array(int[].class).ofMinSize(0).ofMaxSize(60);
    }
}
