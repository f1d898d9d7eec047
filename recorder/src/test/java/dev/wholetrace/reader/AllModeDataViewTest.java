package dev.wholetrace.reader;

import static dev.wholetrace.reader.TraceTestSupport.drain;
import static dev.wholetrace.reader.TraceTestSupport.events;
import static dev.wholetrace.reader.TraceTestSupport.project;
import static dev.wholetrace.reader.TraceTestSupport.syncPositions;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DOR view of an ALL trace numbers its events without the blocks, which only the control WPP
 * holds. A chunk's event count (what the control WPP holds) must not leak into the view's
 * positions: regression test for ThreadTrace counting {@code ThreadChunk.events()} per chunk,
 * which made {@code eventCount}, {@code syncPosition} and {@code eventsBeforeChunk} of the view
 * wrong from the second chunk on.
 */
class AllModeDataViewTest {
    @TempDir
    Path dir;

    @Test
    void dataViewPositionsCountOnlyWhatTheDataWppHolds() throws Exception {
        Path file = dir.resolve("all.wtrace");
        List<Event> recorded = new ArrayList<>();
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.ALL).withCodec(Codec.NONE))) {
            ThreadRecorder t = rec.beginThread("only", 77, false);
            recorded.add(Event.sync(SyncKind.THREAD_BEGIN, 0, 77, 0));
            for (int chunk = 0; chunk < 4; chunk++) {
                for (int i = 0; i < 5; i++) { // more blocks than accesses: the two numberings differ
                    t.block(i);
                    recorded.add(Event.block(i));
                    t.block(10 + i);
                    recorded.add(Event.block(10 + i));
                    t.load(3, 1000 + 8L * i);
                    recorded.add(Event.load(3, 1000 + 8L * i));
                }
                t.lock(1, 9);
                recorded.add(Event.sync(SyncKind.LOCK, 1, 9, 0));
                t.unlock(2, 9);
                recorded.add(Event.sync(SyncKind.UNLOCK, 2, 9, 0));
                rec.checkpoint();
            }
            t.end();
            recorded.add(Event.sync(SyncKind.THREAD_END, 0, 77, 0));
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.chunkCount()).isGreaterThanOrEqualTo(4);
        ThreadTrace view = trace.dataView(0);
        List<Event> dor = project(recorded, TraceMode.DOR);
        assertThat(events(view)).isEqualTo(dor);
        assertThat(view.eventCount()).isEqualTo(dor.size());
        long[] pos = syncPositions(dor);
        for (int m = 0; m < pos.length; m++) assertThat(view.syncPosition(m)).as("syncPosition(%d)", m).isEqualTo(pos[m]);
        for (int m = 0; m < pos.length; m++) {
            for (int n = m; n < pos.length; n++) {
                assertThat(drain(view.segment(m, n))).isEqualTo(dor.subList((int) pos[m], (int) pos[n] + 1));
            }
        }
        // Chunk c of the view holds chunk c's accesses and sync ops: 5 loads + lock + unlock (+ begin in the first).
        assertThat(view.eventsBeforeChunk(1)).isEqualTo(1 + 7);
        assertThat(view.eventsBeforeChunk(2)).isEqualTo(1 + 2 * 7);
        // Counting on the grammar agrees with each view's own expansion (no blocks in the DOR view).
        EventCounts fromView = new EventCounts();
        dor.forEach(fromView::add);
        assertThat(EventCounts.of(view).total()).isEqualTo(fromView.total());
        assertThat(EventCounts.of(view).blocks).isZero();
        assertThat(EventCounts.of(trace.thread(0)).total()).isEqualTo(recorded.size());
        // The control view still counts blocks.
        assertThat(trace.thread(0).eventCount()).isEqualTo(recorded.size());
        assertThat(trace.thread(0).eventsBeforeChunk(1)).isEqualTo(1 + 17);
    }
}
