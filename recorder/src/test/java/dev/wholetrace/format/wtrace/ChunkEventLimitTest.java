package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chunks sealed by event count (agent option {@code events=N}) hold at most N events and one buffer
 * per compressor worker (the buffer each may have taken just below the limit), also when the writer
 * is slower than the program: the workers hold back at the limit and the program threads wait
 * (back-pressure), and no event is lost. Until session 45 the next chunk grew to twice the limit
 * while one was written, and the cut came behind each worker's queue of buffers: here, with xz -9
 * as the slow writer, chunks of several times N.
 */
class ChunkEventLimitTest {
    static final int CHUNK_EVENTS = 20_000;
    static final int WORKERS = 2;
    static final int BATCH_LONGS = 1024;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void chunksHonourTheEventLimitWhileTheWriterIsSlow() throws Exception {
        Path file = dir.resolve("limited.wtrace");
        int threads = 3;
        int perThread = 300_000;
        // xz -9 seals slowly; a 32-buffer queue per worker, as the defaults have, of small buffers (a block is one long)
        RecorderConfig config = new RecorderConfig(TraceMode.COR, Codec.XZ, WORKERS, CHUNK_EVENTS, 1L << 40,
                RecorderConfig.NO_TIME_BOUND_MILLIS, BATCH_LONGS, 32, true, Map.of());
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            List<Thread> program = new ArrayList<>();
            for (int k = 0; k < threads; k++) {
                int seed = k;
                program.add(new Thread(() -> {
                    ThreadRecorder t = rec.thread();
                    long x = seed + 1;
                    for (int i = 0; i < perThread; i++) {
                        x = x * 6364136223846793005L + 1442695040888963407L; // varied blocks: xz has work to do
                        t.block((int) (x >>> 58));
                    }
                    t.end();
                }, "busy-" + k));
            }
            for (Thread t : program) t.start();
            for (Thread t : program) t.join();
        }
        long[] events = chunkEvents(file);
        assertThat(events.length).as("chunks").isGreaterThan(threads * perThread / (2 * CHUNK_EVENTS));
        long total = 0;
        for (int c = 0; c < events.length; c++) {
            assertThat(events[c]).as("chunk %d of %d", c, events.length).isLessThanOrEqualTo(CHUNK_EVENTS + (long) WORKERS * BATCH_LONGS);
            total += events[c];
        }
        // every block, and each thread's begin and end
        assertThat(total).as("events in all chunks").isEqualTo((long) threads * (perThread + 2));
    }

    /** Each chunk's event count, as its CHUNK_END declares it. */
    static long[] chunkEvents(Path file) throws IOException {
        try (TraceReader reader = TraceReader.open(file)) {
            List<List<Section>> chunks = reader.chunks();
            long[] out = new long[chunks.size()];
            for (int c = 0; c < chunks.size(); c++) {
                for (Section s : chunks.get(c)) {
                    if (s.type() != SectionType.CHUNK_END) continue;
                    VarIntReader in = new VarIntReader(reader.payload(s), s.describe());
                    in.readVarLong("chunk number");
                    out[c] = in.readVarLong("event count");
                }
            }
            return out;
        }
    }
}
