package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorder runs inside the traced program, so it must never clear the program thread's
 * interrupt status or throw InterruptedException at it — not even while it waits for its
 * compressor under back-pressure (a tiny queue and tiny buffers make it wait thousands of times).
 */
class RecorderInterruptStatusTest {
    @TempDir
    Path dir;

    /** One worker, a one-batch queue, 64-long buffers: the program thread waits at almost every hand-over. */
    private static RecorderConfig backPressure(TraceMode mode) {
        return new RecorderConfig(mode, Codec.NONE, 1, 1L << 40, 1L << 40, 3_600_000, 64, 1, true, Map.of());
    }

    @Test
    void interruptStatusSurvivesRegistrationAndBackPressure() throws Exception {
        Path file = dir.resolve("interrupted.wtrace");
        int n = 30_000;
        AtomicReference<Object> result = new AtomicReference<>();
        try (TraceRecorder rec = TraceRecorder.open(file, backPressure(TraceMode.ALL))) {
            Thread program = new Thread(() -> {
                try {
                    Thread.currentThread().interrupt();
                    ThreadRecorder t = rec.thread(); // registration queues too
                    for (int i = 0; i < n; i++) {
                        t.block(i % 13);
                        t.load(1, 8L * i);
                        t.store(2, 8L * (i * 7 % 1000));
                        if (i % 100 == 0) {
                            t.lock(3, 42);
                            t.unlock(4, 42);
                        }
                    }
                    boolean afterEvents = Thread.currentThread().isInterrupted();
                    t.end();
                    boolean afterEnd = Thread.interrupted(); // reads and clears
                    result.set(new boolean[] {afterEvents, afterEnd});
                } catch (Throwable e) {
                    result.set(e);
                }
            }, "interrupted-program");
            program.start();
            program.join();
        }
        assertThat(result.get()).isInstanceOf(boolean[].class);
        assertThat((boolean[]) result.get()).as("interrupted after the events, after end()").containsExactly(true, true);
        ParallelTrace trace = ParallelTrace.open(file);
        EventCounts c = EventCounts.of(trace.thread(0));
        assertThat(c.blocks).isEqualTo(n);
        assertThat(c.loads).isEqualTo(n);
        assertThat(c.stores).isEqualTo(n);
        assertThat(c.syncTotal()).isEqualTo(2 + 2 * (n / 100));
    }

    /**
     * checkpoint() waits for the writer: with the interrupt flag set it may give up (an
     * IOException, it cannot throw InterruptedException), but it keeps the flag, and the
     * recording goes on.
     */
    @Test
    void checkpointKeepsTheInterruptStatus() throws Exception {
        Path file = dir.resolve("checkpoint.wtrace");
        AtomicReference<Object> result = new AtomicReference<>();
        try (TraceRecorder rec = TraceRecorder.open(file, backPressure(TraceMode.COR))) {
            Thread program = new Thread(() -> {
                try {
                    ThreadRecorder t = rec.thread();
                    t.block(1);
                    Thread.currentThread().interrupt();
                    try {
                        rec.checkpoint();
                    } catch (IOException e) {
                        assertThat(e.getMessage()).contains("interrupted");
                    }
                    boolean still = Thread.interrupted();
                    t.block(2);
                    rec.checkpoint(); // not interrupted now: waits for its chunk
                    t.end();
                    result.set(still);
                } catch (Throwable e) {
                    result.set(e);
                }
            }, "checkpointing-program");
            program.start();
            program.join();
        }
        assertThat(result.get()).isEqualTo(true);
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.thread(0).eventCount()).isEqualTo(4); // begin, 1, 2, end
    }
    /**
     * A program that interrupts every thread it finds (a leaked-thread clean-up) reaches the
     * recorder's writer too. The writer stopped at the interrupt: no chunk was written any more, a
     * checkpoint waited for good, and close() left a file without a complete chunk.
     */
    @Test
    void anInterruptedWriterGoesOnWritingChunks() throws Exception {
        Path file = dir.resolve("writer-interrupted.wtrace");
        AtomicReference<Object> result = new AtomicReference<>();
        try (TraceRecorder rec = TraceRecorder.open(file, backPressure(TraceMode.COR))) {
            for (Thread t : Thread.getAllStackTraces().keySet()) if (t.getName().equals("wholetrace-writer")) t.interrupt();
            Thread program = new Thread(() -> {
                try {
                    ThreadRecorder t = rec.thread();
                    t.block(1);
                    rec.checkpoint();
                    t.block(2);
                    t.end();
                    result.set(true);
                } catch (Throwable e) {
                    result.set(e);
                }
            }, "program");
            program.start();
            program.join(30_000);
            assertThat(program.isAlive()).as("the checkpoint returned").isFalse();
        }
        assertThat(result.get()).isEqualTo(true);
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.thread(0).eventCount()).isEqualTo(4); // begin, 1, 2, end
    }
}
