package dev.wholetrace.recorder;

import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program that starts a thread per task (math3's sampling threads, a pool that retires idle
 * workers) must not make the recorder's memory grow with the number of threads that have ended:
 * an ended thread's compressor is dropped once its last events are in a chunk, and those events
 * are still all in the file.
 */
class RecorderEndedThreadsTest {
    private static final int THREADS = 120;

    @TempDir
    Path dir;

    @Test
    void endedThreadsCompressorsAreDroppedAfterTheirLastChunkAndTheirEventsKept() throws Exception {
        Path file = dir.resolve("ended.wtrace");
        List<List<Event>> recorded = new ArrayList<>();
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            for (int k = 0; k < THREADS; k++) {
                int first = k;
                long object = 1000 + k;
                int blocks = 10 + k;
                List<Event> mine = new ArrayList<>();
                mine.add(Event.sync(SyncKind.THREAD_BEGIN, 0, object, 0));
                for (int i = 0; i < blocks; i++) mine.add(Event.block(i % 7 + first));
                mine.add(Event.sync(SyncKind.THREAD_END, 0, object, 0));
                recorded.add(mine);
                Thread t = new Thread(() -> {
                    ThreadRecorder h = rec.beginThread("task", object, false);
                    for (int i = 0; i < blocks; i++) h.block(i % 7 + first);
                    h.end();
                });
                t.start();
                t.join();
                if (k % 40 == 39) {
                    rec.checkpoint();
                    assertThat(rec.compressorsHeld()).as("after the cut that holds their last events").isZero();
                }
            }
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).hasSize(THREADS);
        for (int k = 0; k < THREADS; k++) assertThat(events(trace.thread(k))).as("thread %d", k).isEqualTo(recorded.get(k));
    }

    /**
     * Threads that nobody joins (a pool's workers, a virtual thread per task) end without a call to
     * {@link ThreadRecorder#end}: the recorder ends them itself once they have terminated, at the
     * next cut, so their compressors go too; their events are all in the file, followed by the
     * end recorded on their behalf. Without that, every compressor stayed until the recording ended.
     */
    @Test
    void terminatedThreadsNobodyJoinedAreEndedAtTheNextCut() throws Exception {
        Path file = dir.resolve("unjoined.wtrace");
        List<List<Event>> recorded = new ArrayList<>();
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            for (int k = 0; k < THREADS; k++) {
                int first = k;
                int blocks = 10 + k;
                List<Event> mine = new ArrayList<>();
                recorded.add(mine);
                Thread t = new Thread(() -> {
                    ThreadRecorder h = rec.thread(); // as the agent registers: the handle is this thread's alone
                    long object = TraceRecorder.defaultThreadObject(Thread.currentThread());
                    mine.add(Event.sync(SyncKind.THREAD_BEGIN, 0, object, 0));
                    for (int i = 0; i < blocks; i++) {
                        h.block(i % 7 + first);
                        mine.add(Event.block(i % 7 + first));
                    }
                    mine.add(Event.sync(SyncKind.THREAD_END, 0, object, 0));
                }); // returns without end(): nothing records its end but the recorder
                t.start();
                t.join(); // not a recorded join: the recorder learns of the end only from the thread itself
                if (k % 40 == 39) {
                    rec.checkpoint();
                    assertThat(rec.compressorsHeld()).as("after the cut that found them terminated").isZero();
                }
            }
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).hasSize(THREADS);
        for (int k = 0; k < THREADS; k++) assertThat(events(trace.thread(k))).as("thread %d", k).isEqualTo(recorded.get(k));
    }
}
