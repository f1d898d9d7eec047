package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.synthetic.RedBlackSor;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import java.nio.file.Path;
import java.util.Iterator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hand-instrumented RedBlackSor is a real computation: traced on 1, 2 and 4 threads it must
 * compute exactly the grid of a plain sequential red-black SOR (each colour's cells read only the
 * other colour, and the barrier separates the colours, so the bands do not change any value), and
 * its trace must show what each worker did: its band's stores, its barriers and its lock.
 */
class RedBlackSorTracedRunTest {
    static final int N = 18;
    static final int ITERATIONS = 6;

    @TempDir
    Path dir;

    /** The same relaxation, sequential and untraced; the same expression order, so exact doubles. */
    static double[] sequential(int n, int iterations, double[] residual) {
        double[] grid = new double[n * n];
        for (int j = 0; j < n; j++) grid[j] = 1.0;
        for (int it = 0; it < iterations; it++) {
            for (int colour = 0; colour < 2; colour++) {
                for (int i = 1; i < n - 1; i++) {
                    for (int j = 1 + (i + colour) % 2; j < n - 1; j += 2) {
                        int c = i * n + j;
                        double v = 0.25 * (grid[c - n] + grid[c + n] + grid[c - 1] + grid[c + 1]);
                        residual[0] += Math.abs(v - grid[c]);
                        grid[c] = v;
                    }
                }
            }
        }
        return grid;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void tracedRunComputesTheSequentialGrid(int threads) throws Exception {
        Path file = dir.resolve("sor-" + threads + ".wtrace");
        RedBlackSor sor = new RedBlackSor(threads, N, ITERATIONS);
        double total;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR).withCodec(Codec.ZSTD))) {
            total = sor.run(rec);
        }
        double[] residual = new double[1];
        double[] expected = sequential(N, ITERATIONS, residual);
        assertThat(sor.grid()).containsExactly(expected);
        // The residual is summed per thread, then in lock order: equal up to rounding.
        assertThat(total).isCloseTo(residual[0], within(1e-9 * Math.max(1, residual[0])));
        if (threads == 1) assertThat(total).isEqualTo(residual[0]);

        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.threads()).hasSize(threads + 1);
        EventCounts main = EventCounts.of(trace.thread(0));
        assertThat(main.sync[SyncKind.FORK.ordinal()]).isEqualTo(threads);
        assertThat(main.sync[SyncKind.JOIN.ordinal()]).isEqualTo(threads);
        int rows = N - 2;
        for (ThreadInfo info : trace.threads()) {
            if (!info.name().startsWith("sor-")) continue;
            int id = Integer.parseInt(info.name().substring(4));
            int lo = 1 + rows * id / threads;
            int hi = 1 + rows * (id + 1) / threads;
            long cells = (long) (hi - lo) * (N - 2);
            ThreadTrace t = trace.thread(info.index());
            EventCounts c = EventCounts.of(t);
            assertThat(c.sync[SyncKind.BARRIER.ordinal()]).isEqualTo(3L * ITERATIONS);
            assertThat(c.sync[SyncKind.LOCK.ordinal()]).isEqualTo(ITERATIONS);
            assertThat(c.stores).isEqualTo(ITERATIONS * (cells + 1)); // every cell once per iteration, + the total
            assertThat(c.loads).isEqualTo(ITERATIONS * (4 * cells + 1));
            for (Iterator<Event> it = t.events(); it.hasNext(); ) { // the worker only stores into its band
                Event e = it.next();
                if (e.type() == Event.Type.STORE && Addresses.object(e.address()) == 1) {
                    long row = Addresses.offset(e.address()) / 8 / N;
                    assertThat(row).as("%s stores into row %d", info.name(), row).isBetween((long) lo, (long) hi - 1);
                }
            }
        }
    }
}
