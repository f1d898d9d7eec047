package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceClock;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recording's clock: a pause between two sync operations shows on the trace's clock, every
 * operation's interpolated time lies within its bounds and follows the sync order, and the clock
 * spans the run.
 */
class RecorderClockTest {
    private static final long PAUSE_NANOS = 120_000_000L;

    @TempDir
    Path dir;

    @Test
    void aPauseBetweenTwoOperationsShowsOnTheClock() throws Exception {
        Path file = dir.resolve("clock.wtrace");
        long started = System.currentTimeMillis();
        long before;
        long after;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withWorkers(1)
                .withChunkMillis(40))) { // several chunks during the pause, each cut a sample
            ThreadRecorder t = rec.thread();
            for (int i = 0; i < 1000; i++) {
                t.block(i % 7);
                t.lock(1, 3);
                t.unlock(2, 3);
            }
            before = System.nanoTime();
            Thread.sleep(PAUSE_NANOS / 1_000_000);
            after = System.nanoTime();
            t.lock(4, 3); // the first operation after the pause
            t.unlock(5, 3);
            t.end();
        }
        ParallelTrace trace = ParallelTrace.open(file);
        TraceClock clock = trace.clock();
        assertThat(clock.known()).isTrue();
        assertThat(clock.originEpochMillis()).isBetween(started - 1000, started + 1000);
        assertThat(clock.spanNanos()).isGreaterThanOrEqualTo(after - before);

        SyncOrder order = trace.syncOrder();
        int lastBeforePause = -1;
        int firstAfterPause = -1;
        long previous = 0;
        for (int i = 0; i < order.size(); i++) {
            long ticket = order.ticket(i);
            assertThat(clock.nanos(ticket)).isBetween(clock.earliest(ticket), clock.latest(ticket)).isGreaterThanOrEqualTo(previous);
            previous = clock.nanos(ticket);
            if (order.kind(i) == SyncKind.LOCK && order.site(i) == 1) lastBeforePause = i;
            if (order.kind(i) == SyncKind.LOCK && order.site(i) == 4) firstAfterPause = i;
        }
        long a = order.ticket(lastBeforePause);
        long b = order.ticket(firstAfterPause);
        // the bounds are sound: b came at least the pause after a
        assertThat(clock.latest(b) - clock.earliest(a)).isGreaterThanOrEqualTo(after - before);
        // the pause shows between samples: the first and the latest note taken while the ticket stood still
        assertThat(clock.earliest(b)).isGreaterThan(clock.latest(a));
        // and tight: the clock places the gap within a few sampling periods of the pause, not at the next sample.
        // That holds only while the sampler runs on time: on a machine loaded ~8 threads a core it woke ~66 ms into
        // the pause, and no clock can be tighter than its samples. The bounds' widths show whether it was on time.
        long widths = clock.latest(a) - clock.earliest(a) + clock.latest(b) - clock.earliest(b);
        assumeThat(widths).as("the sampler's lateness around the pause").isLessThan(10 * ClockSampler.PERIOD_NANOS);
        assertThat(clock.nanos(b) - clock.nanos(a)).isGreaterThan(PAUSE_NANOS - 20 * ClockSampler.PERIOD_NANOS);
    }
}
