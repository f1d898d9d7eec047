package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recording hot path allocates nothing per event: events go into pooled primitive buffers.
 * After a warm-up (JIT, and the buffer pool filled to what the queue can hold), a million
 * block/load/store events allocate less than 64 KB on the recording thread — a few queue nodes
 * when it waits for its compressor, nothing proportional to the events.
 */
class RecorderHotPathAllocationTest {
    @TempDir
    Path dir;

    @Test
    void aMillionEventsAllocateAlmostNothingOnTheProgramThread() throws Exception {
        java.lang.management.ThreadMXBean plain = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(plain instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) plain;
        Assumptions.assumeTrue(mx.isThreadAllocatedMemorySupported(), "per-thread allocation counting unsupported");
        if (!mx.isThreadAllocatedMemoryEnabled()) mx.setThreadAllocatedMemoryEnabled(true);

        Path file = dir.resolve("alloc.wtrace");
        int rounds = 333_334; // three events each: 1,000,002 events
        // Large buffers (pooled once full-sized), a small queue so that the pool stops growing early,
        // and no chunk limit within the test.
        RecorderConfig config = new RecorderConfig(TraceMode.ALL, Codec.NONE, 1, 1L << 40, 1L << 40, 3_600_000, 1 << 16, 4,
                true, Map.of());
        long allocated;
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            ThreadRecorder t = rec.thread();
            record(t, rounds); // warm-up
            @SuppressWarnings("deprecation") long me = Thread.currentThread().getId();
            long before = mx.getThreadAllocatedBytes(me);
            record(t, rounds);
            allocated = mx.getThreadAllocatedBytes(me) - before;
            t.end();
        }
        assertThat(allocated).as("bytes allocated by 1,000,000 recorded events").isLessThan(64 * 1024);
        EventCounts c = EventCounts.of(ParallelTrace.open(file).thread(0));
        assertThat(c.total()).isEqualTo(2 * 3L * rounds + 2); // and they were all recorded
    }

    /** A loop over an array: a block, a strided load and a strided store per round. */
    private static void record(ThreadRecorder t, int rounds) {
        long base = Addresses.of(7, 0);
        for (int i = 0; i < rounds; i++) {
            t.block(i & 7);
            t.load(1, base + 8L * (i & 1023));
            t.store(2, base + 8L * (i & 1023) + 4);
        }
    }
}
