package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread about to park ({@link ThreadRecorder#parking}, the JDK hook at VirtualThread.park) gives back a
 * buffer it has grown large and goes on in a small one, and nothing it recorded is lost or reordered; a thread
 * whose buffer is still small keeps it (no hand-over at every park of a thread that records little).
 */
class ThreadRecorderParkingTest {
    @TempDir
    Path dir;

    @Test
    void aGrownBufferIsHandedOverAtAParkAndEveryEventStaysInOrder() throws Exception {
        Path file = dir.resolve("parking.wtrace");
        List<Event> recorded = new ArrayList<>();
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            ThreadRecorder t = rec.thread();
            recorded.add(Event.sync(SyncKind.THREAD_BEGIN, 0, t.object(), 0));
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 8000; i++) {
                    t.block(round * 7 + i % 5);
                    recorded.add(Event.block(round * 7 + i % 5));
                }
                assertThat(t.bufferLongs()).as("grown while recording round %d", round).isGreaterThanOrEqualTo(ThreadRecorder.PARK_HANDS_OVER_FROM);
                t.parking();
                long parkedNanos = System.nanoTime();
                LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(20)); // the permit the hand-over gives back: returns at once
                assertThat(System.nanoTime() - parkedNanos).as("a park right after a parking hand-over returns at once")
                        .isLessThan(TimeUnit.SECONDS.toNanos(10));
                assertThat(t.bufferLongs()).as("after the park of round %d", round).isEqualTo(ThreadRecorder.AFTER_PARK_LONGS);
            }
            for (int i = 0; i < 10; i++) {
                t.block(1);
                recorded.add(Event.block(1));
            }
            int small = t.bufferLongs();
            t.parking();
            assertThat(t.bufferLongs()).as("a small buffer is kept").isEqualTo(small);
            t.end();
            recorded.add(Event.sync(SyncKind.THREAD_END, 0, t.object(), 0));
        }
        ParallelTrace trace = ParallelTrace.open(file);
        List<Event> events = new ArrayList<>();
        for (Iterator<Event> it = trace.thread(0).events(); it.hasNext(); ) events.add(it.next());
        assertThat(events).isEqualTo(recorded);
    }
}
