package dev.wholetrace.recorder;

import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code checkpoint()} closes a chunk and returns once it is in the file: the file, read while
 * the recorder is still open (as after a crash), holds everything the calling thread recorded
 * before the checkpoint, and nothing is lost or repeated across checkpoints.
 */
class RecorderCheckpointTest {
    static final long SELF = 0xC0FFEE;

    @TempDir
    Path dir;

    @Test
    void eachCheckpointMakesTheFileReadableUpToIt() throws Exception {
        Path file = dir.resolve("checkpoints.wtrace");
        List<Event> recorded = new ArrayList<>();
        RecorderConfig config = RecorderConfig.defaults(TraceMode.CDR).withCodec(Codec.ZSTD).withChunkMillis(3_600_000);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            ThreadRecorder t = rec.beginThread("main", SELF, false);
            recorded.add(Event.sync(SyncKind.THREAD_BEGIN, 0, SELF, 0));
            for (int c = 1; c <= 4; c++) {
                for (int i = 0; i < 100 * c; i++) {
                    t.block(i % 4);
                    recorded.add(Event.block(i % 4));
                    t.load(2, 8L * i);
                    recorded.add(Event.load(2, 8L * i));
                }
                rec.checkpoint();
                ParallelTrace sofar = ParallelTrace.open(file); // the recorder is still writing
                assertThat(sofar.complete()).isFalse();
                assertThat(sofar.chunkCount()).isEqualTo(c);
                assertThat(sofar.ignoredBytes()).isZero();
                assertThat(events(sofar.thread(0))).isEqualTo(recorded);
            }
            t.end();
            recorded.add(Event.sync(SyncKind.THREAD_END, 0, SELF, 0));
        }
        ParallelTrace done = ParallelTrace.open(file);
        assertThat(done.complete()).isTrue();
        assertThat(done.chunkCount()).isEqualTo(5);
        assertThat(events(done.thread(0))).isEqualTo(recorded);
        assertThat(done.thread(0).pieces()).hasSize(5);
    }

    /**
     * Without checkpoints, a thread that records slowly (its buffer never fills) still reaches the
     * file chunk by chunk: at each chunk interval the writer makes it hand over its partial buffer
     * at its next event. Polled with a generous deadline; no timing is asserted.
     */
    @Test
    void aSlowThreadsEventsReachTheFileEveryChunkInterval() throws Exception {
        Path file = dir.resolve("slow.wtrace");
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(30);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            Thread slow = new Thread(() -> {
                try {
                    ThreadRecorder t = rec.beginThread("slow", SELF, false);
                    for (int i = 0; !stop.get(); i++) {
                        t.block(i);
                        Thread.sleep(5);
                    }
                    t.end();
                } catch (Throwable e) {
                    failure.set(e);
                }
            }, "slow");
            slow.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            List<Event> seen = List.of();
            while (seen.size() < 12 && System.nanoTime() < deadline) {
                Thread.sleep(20);
                try {
                    ParallelTrace sofar = ParallelTrace.open(file);
                    if (!sofar.threads().isEmpty()) seen = events(sofar.thread(0));
                } catch (FormatException e) {
                    assertThat(e.getMessage()).contains("no complete chunk"); // not written yet
                }
            }
            stop.set(true);
            slow.join();
            assertThat(seen.size()).as("events of the slow thread in the file while it runs").isGreaterThanOrEqualTo(12);
            assertThat(seen.get(0)).isEqualTo(Event.sync(SyncKind.THREAD_BEGIN, 0, SELF, 0));
            for (int i = 1; i < seen.size(); i++) assertThat(seen.get(i)).isEqualTo(Event.block(i - 1));
        }
        assertThat(failure.get()).isNull();
    }

    /** A thread that is not recording may checkpoint too (e.g. a periodic flusher), also with nothing new. */
    @Test
    void anUnregisteredThreadMayCheckpoint() throws Exception {
        Path file = dir.resolve("outside.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE))) {
            Thread worker = new Thread(() -> {
                ThreadRecorder t = rec.beginThread("worker", SELF, false);
                t.block(1);
                t.end(); // hands its buffer over
            });
            worker.start();
            worker.join();
            rec.checkpoint(); // the test thread never registered
            rec.checkpoint(); // nothing new: no empty chunk is written
            ParallelTrace sofar = ParallelTrace.open(file);
            assertThat(sofar.chunkCount()).isEqualTo(1);
            assertThat(events(sofar.thread(0))).hasSize(3);
        }
        assertThat(ParallelTrace.open(file).chunkCount()).isEqualTo(1);
    }

    /**
     * A thread that records a few events and then blocks for good (never fills a buffer, never
     * records again) still has them in the file after a chunk interval: the writer collects what
     * the thread published without waiting for it. Asking the owner to hand over at its next event
     * never reached such a thread.
     */
    @Test
    void aBlockedThreadsEventsReachTheFileWithoutItsHelp() throws Exception {
        Path file = dir.resolve("blocked.wtrace");
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withChunkMillis(20);
        try (TraceRecorder rec = TraceRecorder.open(file, config); BlockedThread blocked = new BlockedThread(rec, SELF)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            List<Event> seen = List.of();
            while (seen.size() < 8 && System.nanoTime() < deadline) {
                Thread.sleep(20);
                try {
                    ParallelTrace sofar = ParallelTrace.open(file);
                    if (!sofar.threads().isEmpty()) seen = events(sofar.thread(0));
                } catch (FormatException e) {
                    assertThat(e.getMessage()).contains("no complete chunk");
                }
            }
            assertThat(seen).as("the blocked thread's events in the file while it is blocked").isEqualTo(BlockedThread.recorded(SELF));
        }
        List<Event> all = events(ParallelTrace.open(file).thread(0));
        assertThat(all).hasSize(9).startsWith(Event.sync(SyncKind.THREAD_BEGIN, 0, SELF, 0), Event.block(0));
        assertThat(all.get(8).kind()).isEqualTo(SyncKind.THREAD_END); // nothing repeated after the collected part
    }

    /**
     * A thread "blocked" that records its begin and blocks 0 to 6, then waits, recording nothing,
     * until closed (released, joined: its end is recorded then). The constructor returns once it
     * has recorded them.
     */
    static final class BlockedThread implements AutoCloseable {
        private final CountDownLatch release = new CountDownLatch(1);
        private final Thread thread;

        BlockedThread(TraceRecorder rec, long self) throws InterruptedException {
            CountDownLatch recorded = new CountDownLatch(1);
            thread = new Thread(() -> {
                ThreadRecorder t = rec.beginThread("blocked", self, false);
                for (int i = 0; i < 7; i++) t.block(i);
                recorded.countDown();
                try {
                    release.await(); // blocked: records nothing more until the test is over
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                t.end();
            }, "blocked");
            thread.start();
            recorded.await();
        }

        /** What the thread recorded before it blocked. */
        static List<Event> recorded(long self) {
            List<Event> expected = new ArrayList<>();
            expected.add(Event.sync(SyncKind.THREAD_BEGIN, 0, self, 0));
            for (int i = 0; i < 7; i++) expected.add(Event.block(i));
            return expected;
        }

        @Override
        public void close() throws InterruptedException {
            release.countDown();
            thread.join();
        }
    }

    /**
     * Collecting a running thread's published events at every cut (here every millisecond) while
     * it keeps writing into the same buffer loses nothing and repeats nothing: the trace is the
     * recorded sequence exactly.
     */
    @Test
    void collectingWhileTheOwnerWritesKeepsTheExactSequence() throws Exception {
        Path file = dir.resolve("collected.wtrace");
        RecorderConfig config = RecorderConfig.defaults(TraceMode.CDR).withCodec(Codec.NONE).withChunkMillis(1).withBatchLongs(1 << 10);
        int n = 0;
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            ThreadRecorder t = rec.beginThread("busy", SELF, false);
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
            for (; System.nanoTime() < end || n < 100_000; n++) {
                t.block(n % 5);
                t.store(3, 8L * (n % 64));
            }
        } // the thread never ends: close drains what it published
        ParallelTrace trace = ParallelTrace.open(file);
        List<Event> got = events(trace.thread(0));
        assertThat(trace.chunkCount()).as("chunks cut while the thread wrote").isGreaterThan(3);
        assertThat(got.get(0)).isEqualTo(Event.sync(SyncKind.THREAD_BEGIN, 0, SELF, 0));
        assertThat(got).hasSize(1 + 2 * n);
        for (int i = 0; i < n; i++) {
            assertThat(got.get(1 + 2 * i)).as("event %d", 1 + 2 * i).isEqualTo(Event.block(i % 5));
            assertThat(got.get(2 + 2 * i)).as("event %d", 2 + 2 * i).isEqualTo(Event.store(3, 8L * (i % 64)));
        }
    }
}
