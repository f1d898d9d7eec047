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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread's first buffers (64 longs and up) come from pools the workers refill (TraceRecorder's
 * growing pools), so a buffer moves from one thread to another: it must never be handed out while
 * a compressor still reads it or its old owner still writes it. Short threads fill the pools, then
 * threads that keep recording through a close are drained (their buffers may be pooled ones, and
 * they write on into them after the drain) while others that terminated without an end are ended
 * by the close or the writer, with a cut every few milliseconds taking copies of what each
 * published. Every thread's events are its own, in order: all of them with its end for the ones
 * that ended, a prefix for the drained ones. Block ids are unique to a thread, so a buffer shared
 * by two threads shows as another thread's block.
 */
class PooledBuffersAtCloseTest {
    @TempDir
    Path dir;

    private static int blockOf(int thread, int i) {
        return thread * 1000 + i % 997;
    }

    @Test
    void pooledBuffersCarryOnlyTheirThreadsEventsThroughDrainAndEnds() throws Exception {
        Path file = dir.resolve("pooled.wtrace");
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(5).withBatchLongs(512);
        Map<Long, Integer> index = new HashMap<>();     // thread object -> k
        Map<Long, Integer> ownBlocks = new HashMap<>();  // thread object -> blocks it recorded, for threads that ended
        List<Thread> running = new ArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        int shortThreads = 60;
        int drained = 12;
        int unended = 10;
        CountDownLatch busy = new CountDownLatch(drained);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            for (int k = 0; k < shortThreads; k++) {
                int me = k;
                int blocks = 50 + 37 * k; // 64..2048-long first buffers, recycled into the pools as the threads end
                Thread t = new Thread(() -> {
                    ThreadRecorder h = rec.thread();
                    for (int i = 0; i < blocks; i++) h.block(blockOf(me, i));
                    h.end();
                });
                t.start();
                t.join();
                index.put(TraceRecorder.defaultThreadObject(t), me);
                ownBlocks.put(TraceRecorder.defaultThreadObject(t), blocks);
            }
            for (int k = shortThreads; k < shortThreads + drained; k++) {
                int me = k;
                Thread t = new Thread(() -> {
                    ThreadRecorder h = rec.thread();
                    for (int i = 0; !stop.get(); i++) {
                        h.block(blockOf(me, i));
                        if (i == 3000) busy.countDown();
                    }
                });
                index.put(TraceRecorder.defaultThreadObject(t), me);
                running.add(t);
                t.start();
            }
            busy.await();
            for (int k = shortThreads + drained; k < shortThreads + drained + unended; k++) {
                int me = k;
                int blocks = 100 + 53 * (k - shortThreads - drained);
                Thread t = new Thread(() -> {
                    ThreadRecorder h = rec.thread();
                    for (int i = 0; i < blocks; i++) h.block(blockOf(me, i));
                    // no end(): the writer or the close ends it
                });
                t.start();
                t.join();
                index.put(TraceRecorder.defaultThreadObject(t), me);
                ownBlocks.put(TraceRecorder.defaultThreadObject(t), blocks);
            }
        } finally {
            stop.set(true);
            for (Thread t : running) t.join();
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).hasSize(shortThreads + drained + unended);
        for (int n = 0; n < trace.threads().size(); n++) {
            List<Event> read = events(trace.thread(n));
            Event begin = read.get(0);
            assertThat(begin.kind()).isEqualTo(SyncKind.THREAD_BEGIN);
            int k = index.get(begin.object());
            Integer blocks = ownBlocks.get(begin.object());
            List<Event> expected = new ArrayList<>();
            expected.add(begin);
            int count = blocks != null ? blocks : read.size() - 1; // drained: the prefix it published
            for (int i = 0; i < count; i++) expected.add(Event.block(blockOf(k, i)));
            if (blocks != null) expected.add(Event.sync(SyncKind.THREAD_END, 0, begin.object(), 0));
            assertThat(read).as("thread %d (k %d)", n, k).isEqualTo(expected);
        }
    }
}
