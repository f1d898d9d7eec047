package dev.wholetrace.recorder;

import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
     * latest at the next cut, so their compressors go too; their events are all in the file, followed by the
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

    /**
     * A thread that terminates just before the recording closes (a pool's workers leaving as the JVM
     * exits) is not yet seen by the writer: the close ends it as the writer would, so the file has
     * its end, not a thread that seems to run on. A thread still running at the close is drained
     * without an end.
     */
    @Test
    void theCloseEndsThreadsThatTerminatedSinceTheWriterLooked() throws Exception {
        Path file = dir.resolve("close.wtrace");
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch running = new CountDownLatch(1);
        Thread stays;
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            Thread gone = new Thread(() -> rec.thread().block(1)); // returns without end()
            gone.start();
            gone.join();
            stays = new Thread(() -> {
                rec.thread().block(2);
                running.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            stays.start();
            running.await();
        } finally {
            release.countDown();
        }
        stays.join();
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).hasSize(2);
        List<SyncKind> gone = events(trace.thread(0)).stream().filter(e -> e.isSync()).map(Event::kind).toList();
        List<SyncKind> stillRunning = events(trace.thread(1)).stream().filter(e -> e.isSync()).map(Event::kind).toList();
        assertThat(gone).as("the terminated thread").containsExactly(SyncKind.THREAD_BEGIN, SyncKind.THREAD_END);
        assertThat(stillRunning).as("the running thread").containsExactly(SyncKind.THREAD_BEGIN);
    }

    /**
     * The close ends a terminated thread on the closing thread: when that fails (here the listener
     * throws), the recording fails as it does when the writer's end fails, and close() reports it
     * as an IOException after stopping the writer and workers, instead of throwing out of the
     * middle of the close with them still running and the file open. The writer is held in the
     * listener for an earlier thread, so that it is the close that ends the second one.
     */
    @Test
    void aFailureWhileTheCloseEndsThreadsFailsTheRecordingAndStillCloses() throws Exception {
        Path file = dir.resolve("close-fails.wtrace");
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        TraceRecorder rec = TraceRecorder.open(file, config);
        Thread first = new Thread(() -> rec.thread().block(1)); // returns without end()
        Thread second = new Thread(() -> rec.thread().block(2));
        CountDownLatch writerHeld = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        rec.onTerminatedThreadEnded(t -> {
            if (t == first) {
                writerHeld.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
            release.countDown();
            throw new IllegalStateException("listener fails");
        });
        first.start();
        first.join();
        assertThat(writerHeld.await(20, TimeUnit.SECONDS)).as("the writer ended the first thread").isTrue();
        second.start();
        second.join();
        assertThatThrownBy(rec::close).isInstanceOf(java.io.IOException.class).hasMessageContaining("listener fails");
        rec.close(); // closed once: nothing more to do
    }

    /**
     * A thread per task ends thousands of times a second: the recorder must end such threads (and
     * let its listener, the agent's thread table, forget them) soon after they terminate, not only
     * at the next chunk cut, which may be an interval away (here an hour: no cut happens until the
     * close). Every thread's events, beyond its first buffer, and the end recorded on its behalf
     * are still in the file, frozen when the thread retired and written at the close.
     */
    @Test
    void terminatedThreadsAreEndedBetweenCutsAndTheirEventsKept() throws Exception {
        Path file = dir.resolve("between.wtrace");
        Map<Long, List<Event>> recorded = new ConcurrentHashMap<>();
        Set<Thread> ended = ConcurrentHashMap.newKeySet();
        List<Thread> threads = new ArrayList<>();
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            rec.onTerminatedThreadEnded(ended::add);
            for (int k = 0; k < THREADS; k++) {
                int first = k;
                int blocks = 100 + 7 * k; // several buffers for most threads
                Thread t = new Thread(() -> {
                    ThreadRecorder h = rec.thread();
                    long object = TraceRecorder.defaultThreadObject(Thread.currentThread());
                    List<Event> mine = new ArrayList<>();
                    recorded.put(object, mine);
                    mine.add(Event.sync(SyncKind.THREAD_BEGIN, 0, object, 0));
                    for (int i = 0; i < blocks; i++) {
                        h.block(i % 11 + first);
                        mine.add(Event.block(i % 11 + first));
                    }
                    mine.add(Event.sync(SyncKind.THREAD_END, 0, object, 0));
                });
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) t.join(); // not a recorded join
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (ended.size() < THREADS && System.nanoTime() < deadline) Thread.sleep(10);
            assertThat(ended).as("threads the recorder ended with no cut since they terminated").containsExactlyInAnyOrderElementsOf(threads);
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).hasSize(THREADS);
        assertEachThreadAsRecorded(trace, recorded);
    }

    /**
     * Thousands of parked virtual threads are thousands of registered threads that have recorded a
     * few events: none holds a compressor before its first hand-over. Their events are all in the
     * file once they run on and end.
     */
    @Test
    void threadsHoldNoCompressorBeforeTheirFirstHandOver() throws Exception {
        Path file = dir.resolve("parked.wtrace");
        Map<Long, List<Event>> recorded = new ConcurrentHashMap<>();
        List<Thread> threads = new ArrayList<>();
        CountDownLatch registered = new CountDownLatch(THREADS);
        CountDownLatch release = new CountDownLatch(1);
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            for (int k = 0; k < THREADS; k++) {
                int first = k;
                Thread t = new Thread(() -> {
                    ThreadRecorder h = rec.thread();
                    long object = TraceRecorder.defaultThreadObject(Thread.currentThread());
                    List<Event> mine = new ArrayList<>();
                    recorded.put(object, mine);
                    mine.add(Event.sync(SyncKind.THREAD_BEGIN, 0, object, 0));
                    h.block(first);
                    mine.add(Event.block(first));
                    registered.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                    for (int i = 0; i < 500; i++) {
                        h.block(i % 5 + first);
                        mine.add(Event.block(i % 5 + first));
                    }
                    h.end();
                    mine.add(Event.sync(SyncKind.THREAD_END, 0, object, 0));
                });
                threads.add(t);
                t.start();
            }
            registered.await();
            rec.checkpoint(); // the workers have taken everything queued before it
            assertThat(rec.compressorsHeld()).as("compressors of registered threads that handed nothing over").isZero();
            release.countDown();
            for (Thread t : threads) t.join();
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).hasSize(THREADS);
        assertEachThreadAsRecorded(trace, recorded);
    }

    /**
     * The same with a cut every 10 ms: the writer collects what each thread published while it
     * sleeps (a copy, {@link ThreadRecorder#collect}), the thread records on after the part taken,
     * terminates, and the writer ends it between two cuts or right before one; its compressor
     * freezes its part of the chunk then. However those interleave, each thread's events are all in
     * the file, in order, once each, with the end recorded on its behalf last.
     */
    @Test
    void terminatedThreadsEndedAmongFrequentCutsAndCollectsKeepAllTheirEventsInOrder() throws Exception {
        Path file = dir.resolve("frequent.wtrace");
        Map<Long, List<Event>> recorded = new ConcurrentHashMap<>();
        Set<Thread> ended = ConcurrentHashMap.newKeySet();
        List<Thread> threads = new ArrayList<>();
        int count = 40;
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(10);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            rec.onTerminatedThreadEnded(ended::add);
            for (int k = 0; k < count; k++) {
                int first = k;
                Thread t = new Thread(() -> {
                    ThreadRecorder h = rec.thread();
                    long object = TraceRecorder.defaultThreadObject(Thread.currentThread());
                    List<Event> mine = new ArrayList<>();
                    mine.add(Event.sync(SyncKind.THREAD_BEGIN, 0, object, 0));
                    for (int round = 0; round < 4; round++) {
                        for (int i = 0; i < 5 + 17 * round + first; i++) {
                            h.block(i % 13 + first);
                            mine.add(Event.block(i % 13 + first));
                        }
                        try {
                            Thread.sleep(5 + first % 3 * 10); // blocked across timed cuts: collected
                        } catch (InterruptedException e) {
                            throw new AssertionError(e);
                        }
                    }
                    mine.add(Event.sync(SyncKind.THREAD_END, 0, object, 0));
                    recorded.put(object, mine);
                });
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) t.join(); // not a recorded join
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (ended.size() < count && System.nanoTime() < deadline) Thread.sleep(10);
            assertThat(ended).as("threads the recorder ended").hasSize(count);
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).hasSize(count);
        assertEachThreadAsRecorded(trace, recorded);
    }

    /** Threads register in any order: each trace thread's events against those recorded under its begin's object. */
    private static void assertEachThreadAsRecorded(ParallelTrace trace, Map<Long, List<Event>> recorded) throws Exception {
        for (int k = 0; k < trace.threads().size(); k++) {
            List<Event> read = events(trace.thread(k));
            assertThat(read.get(0).kind()).isEqualTo(SyncKind.THREAD_BEGIN);
            assertThat(read).as("thread %d", k).isEqualTo(recorded.get(read.get(0).object()));
        }
    }
}
