package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a program thread allocates on its own when its first buffer fills: the next buffer and a
 * compressor that has not made its encoders yet. The encoders' tables (grammars, digram tables,
 * alphabets, path dictionary, ~10 KB in COR) are made by the worker at the compressor's first
 * buffer: a thread per task that allocated them itself took them out of its own allocation buffer
 * (docs/results/overhead-profile.md, "Session 39: memory").
 */
class ProgramThreadAllocationTest {
    /** At most the second buffer (128 longs, 1 KB, unless pooled) and a compressor and its registration; well under the encoders' ~10 KB. */
    private static final long FIRST_HAND_OVER_BYTES = 3 * 1024;

    @TempDir
    Path dir;

    @Test
    void theFirstHandOverMakesNoEncoderTablesOnTheProgramThread() throws Exception {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Path file = dir.resolve("alloc.wtrace");
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            long first = 0;
            for (int k = 0; k < 5; k++) { // the first threads load and initialize the classes on the way
                long object = 100 + k;
                AtomicLong allocated = new AtomicLong();
                Thread t = new Thread(() -> {
                    ThreadRecorder h = rec.beginThread("task", object, false);
                    long before = mx.getCurrentThreadAllocatedBytes();
                    // The begin (4 longs) and 57 blocks fill the first buffer (64 longs, room kept for
                    // a 4-long event); the rest go to the second one, of 128: exactly one hand-over.
                    for (int i = 0; i < 100; i++) h.block(i % 5);
                    allocated.set(mx.getCurrentThreadAllocatedBytes() - before);
                    h.end();
                });
                t.start();
                t.join();
                first = allocated.get();
            }
            assertThat(first).as("bytes the program thread allocated at its first hand-over").isBetween(1L, FIRST_HAND_OVER_BYTES);
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).hasSize(5);
    }

    /**
     * A thread's first buffers (64, 128, 256, ... longs) come from pools the workers refill, as
     * full-size ones always did: a thread per task that fills five of them, after others did the
     * same, allocates far less than the 16 KB the buffers alone were (and the encoders' 10 KB).
     */
    @Test
    void aThreadPerTaskTakesItsGrowingBuffersFromThePools() throws Exception {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Path file = dir.resolve("pooled.wtrace");
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        int threads = 6;
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            long last = 0;
            for (int k = 0; k < threads; k++) {
                long object = 100 + k;
                AtomicLong allocated = new AtomicLong();
                Thread t = new Thread(() -> {
                    long before = mx.getCurrentThreadAllocatedBytes();
                    ThreadRecorder h = rec.beginThread("task", object, false);
                    for (int i = 0; i < 1500; i++) h.block(i % 5); // buffers of 64 to 1024 longs
                    h.end();
                    allocated.set(mx.getCurrentThreadAllocatedBytes() - before);
                });
                t.start();
                t.join();
                rec.checkpoint(); // the workers have consumed and pooled this thread's buffers
                last = allocated.get();
            }
            assertThat(last).as("bytes a thread allocated, begin to end, after others pooled their buffers").isLessThan(4 * 1024);
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).hasSize(threads);
    }
}
