package dev.wholetrace.recorder;

import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chunks sealed by event count with no time bound (agent option {@code events=N}): a SIGKILL
 * loses at most the open chunk's events (docs/durability.md), so a thread that recorded a few
 * events and then blocked for good must have them in the chunks sealed after it blocked, not only
 * at close: with no time bound there is no timed cut to collect its partial buffer.
 */
class RecorderEventSealTest {
    static final long BLOCKED = 0xB10C;
    static final long BUSY = 0xB5;
    static final int CHUNK_EVENTS = 10_000;

    @TempDir
    Path dir;

    @Test
    void aBlockedThreadsEventsReachTheChunksSealedByEvents() throws Exception {
        Path file = dir.resolve("events.wtrace");
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkEvents(CHUNK_EVENTS)
                .withChunkMillis(RecorderConfig.NO_TIME_BOUND_MILLIS); // as the agent configures events=N
        try (TraceRecorder rec = TraceRecorder.open(file, config);
             RecorderCheckpointTest.BlockedThread blocked = new RecorderCheckpointTest.BlockedThread(rec, BLOCKED)) {
            ThreadRecorder busy = rec.beginThread("busy", BUSY, false);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            ParallelTrace sofar = null;
            while (System.nanoTime() < deadline) {
                // a chunk's worth and more, then a pause in which the writer notices the count (it looks every 20 ms)
                for (int i = 0; i < 2 * CHUNK_EVENTS; i++) busy.block(i & 7);
                Thread.sleep(50);
                try {
                    sofar = ParallelTrace.open(file); // the recorder is still writing, as after a kill
                    if (sofar.chunkCount() >= 3) break;
                } catch (FormatException e) {
                    assertThat(e.getMessage()).contains("no complete chunk");
                }
            }
            assertThat(sofar).as("a chunk in the file").isNotNull();
            assertThat(sofar.chunkCount()).as("chunks sealed by events while recording").isGreaterThanOrEqualTo(3);
            List<Event> seen = List.of();
            for (int t = 0; t < sofar.threads().size(); t++) {
                if (sofar.threads().get(t).name().equals("blocked")) seen = events(sofar.thread(t));
            }
            assertThat(seen).as("the blocked thread's events in the chunks sealed after it blocked").isEqualTo(RecorderCheckpointTest.BlockedThread.recorded(BLOCKED));
            busy.end();
        }
    }
}
