package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Program threads that outrun the compressor park on its full queue until the worker wakes them
 * ({@link CompressorWorker#put}): every event still arrives, in order, and no thread is left
 * parked. A lost wake-up would not lose events (a parked thread looks again after 10 ms), and
 * this test does not catch one: with no wake-up at all the recording took 17 s instead of 2 s,
 * inside the timeout (session 41, load ~9). CompressorWorkerBackPressureTest times the wake-up.
 */
class RecorderBackPressureTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void threadsWaitingForTheCompressorLoseNothing() throws Exception {
        Path file = dir.resolve("pressed.wtrace");
        int threads = 6;
        int n = 200_000;
        // two workers, a two-batch queue each, 64-long buffers: the threads wait at most hand-overs
        RecorderConfig config = new RecorderConfig(TraceMode.STRATA, Codec.NONE, 2, 1L << 40, 1L << 40, 3_600_000, 64, 2, true, Map.of());
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            List<Thread> program = new ArrayList<>();
            for (int k = 0; k < threads; k++) {
                int seed = k;
                program.add(new Thread(() -> {
                    ThreadRecorder t = rec.thread();
                    for (int i = 0; i < n; i++) {
                        t.block(i % 7 == seed ? 100 + i % 3 : i % 5);
                        if (i % 1000 == 0) {
                            t.lock(3, 42);
                            t.unlock(4, 42);
                        }
                    }
                    t.end();
                }, "pressed-" + k));
            }
            for (Thread t : program) t.start();
            for (Thread t : program) t.join();
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.threadCount()).isEqualTo(threads);
        for (int k = 0; k < threads; k++) {
            EventCounts c = EventCounts.of(trace.thread(k));
            assertThat(c.blocks).as("thread %d's blocks", k).isEqualTo(n);
            assertThat(c.syncTotal()).as("thread %d's sync operations", k).isEqualTo(2 + 2 * (n / 1000));
        }
    }
}
