package dev.wholetrace.recorder;

import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.reader.ParallelTrace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Closing the recorder while the program goes on: threads that never called end() are drained,
 * whatever they record afterwards is dropped without an exception reaching the program, and
 * close() may be called again.
 */
class RecorderCloseTest {
    static final long SELF = 0x5E1F;

    @TempDir
    Path dir;

    private static RecorderConfig config(TraceMode mode) {
        return RecorderConfig.defaults(mode).withCodec(Codec.NONE).withWorkers(1).withBatchLongs(64);
    }

    /**
     * A thread records, then waits (it never calls end()) while the recorder closes; then it
     * records more, ends, and a new thread registers: nothing throws, and the file holds exactly
     * what was recorded before close().
     */
    @ParameterizedTest
    @EnumSource(TraceMode.class)
    void eventsAfterCloseAreDroppedAndUnendedThreadsAreDrained(TraceMode mode) throws Exception {
        Path file = dir.resolve("closed.wtrace");
        CountDownLatch recorded = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Event> before = new ArrayList<>();
        TraceRecorder rec = TraceRecorder.open(file, config(mode));
        Thread program = new Thread(() -> {
            try {
                ThreadRecorder t = rec.beginThread("never-ends", SELF, false);
                before.add(Event.sync(SyncKind.THREAD_BEGIN, 0, SELF, 0));
                for (int i = 0; i < 500; i++) { // several 64-long buffers, the last one partly full
                    t.block(i % 5);
                    before.add(Event.block(i % 5));
                    t.store(7, 16L * i);
                    before.add(Event.store(7, 16L * i));
                    if (i % 50 == 0) {
                        t.lock(1, 3);
                        before.add(Event.sync(SyncKind.LOCK, 1, 3, 0));
                        t.unlock(2, 3);
                        before.add(Event.sync(SyncKind.UNLOCK, 2, 3, 0));
                    }
                }
                recorded.countDown();
                if (!closed.await(30, TimeUnit.SECONDS)) throw new IllegalStateException("close never came");
                for (int i = 0; i < 2000; i++) { // after close: dropped, whatever the buffer state
                    t.block(99);
                    t.load(8, i);
                    t.store(9, i);
                    t.sync(SyncKind.VOLATILE_WRITE, 5, 6, 7);
                    t.barrier(1, 2, 3);
                }
                t.end();
                t.end();
                t.block(100);
                assertThatThrownBy(rec::checkpoint).isInstanceOf(IOException.class).hasMessageContaining("closed");
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "never-ends");
        program.start();
        assertThat(recorded.await(30, TimeUnit.SECONDS)).isTrue();
        rec.close();
        closed.countDown();
        program.join();
        assertThat(failure.get()).isNull();

        Thread late = new Thread(() -> { // registers after close: a dead handle, no exception
            try {
                ThreadRecorder t = rec.thread();
                t.block(1);
                t.lock(1, 1);
                t.end();
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "late");
        late.start();
        late.join();
        assertThat(failure.get()).isNull();
        rec.close(); // idempotent
        rec.close();

        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).extracting(t -> t.name()).containsExactly("never-ends");
        List<Event> expected = new ArrayList<>();
        for (Event e : before) if (e.projectTo(mode) != null) expected.add(e.projectTo(mode));
        assertThat(events(trace.thread(0))).isEqualTo(expected);
        assertThat(trace.syncOrder().size()).isEqualTo(1 + 2 * 10);
    }

    /** A thread that finished without end() has its events in the trace (drained at close), unended. */
    @Test
    void aTerminatedThreadWithoutEndIsDrained() throws Exception {
        Path file = dir.resolve("drained.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, config(TraceMode.COR))) {
            Thread t = new Thread(() -> {
                ThreadRecorder r = rec.beginThread("quiet", SELF, false);
                for (int i = 0; i < 10; i++) r.block(i);
            });
            t.start();
            t.join();
            Thread ended = new Thread(() -> {
                ThreadRecorder r = rec.beginThread("ended", SELF + 1, false);
                r.block(42);
                r.end();
            });
            ended.start();
            ended.join();
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(events(trace.thread(0))).hasSize(11).startsWith(Event.sync(SyncKind.THREAD_BEGIN, 0, SELF, 0))
                .endsWith(Event.block(9));
        assertThat(events(trace.thread(1))).containsExactly(Event.sync(SyncKind.THREAD_BEGIN, 0, SELF + 1, 0),
                Event.block(42), Event.sync(SyncKind.THREAD_END, 0, SELF + 1, 0));
    }

    /**
     * close() drains a thread that is writing blocks as fast as it can: the block probe checks
     * only the limit close lowers, so what the trace holds must be exactly a prefix of what the
     * thread recorded (block i is id i % 1000, nothing lost in the middle, nothing written into
     * the drained buffer after the part close took), and the thread goes on without an exception.
     */
    @Test
    void closeDuringATightLoopOfBlocksKeepsAGapFreePrefix() throws Exception {
        Path file = dir.resolve("racing.wtrace");
        TraceRecorder rec = TraceRecorder.open(file, config(TraceMode.COR).withBatchLongs(1 << 10));
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch running = new CountDownLatch(1);
        long[] written = new long[1];
        Thread program = new Thread(() -> {
            try {
                ThreadRecorder t = rec.beginThread("racing", SELF, false);
                long i = 0;
                while (!stop.get()) {
                    t.block((int) (i++ % 1000));
                    if (i == 100_000) running.countDown();
                }
                written[0] = i;
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "racing");
        program.start();
        assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
        rec.close();
        stop.set(true);
        program.join();
        assertThat(failure.get()).isNull();

        List<Event> recorded = events(ParallelTrace.open(file).thread(0));
        assertThat(recorded.get(0)).isEqualTo(Event.sync(SyncKind.THREAD_BEGIN, 0, SELF, 0));
        assertThat(recorded.size() - 1L).isBetween(100_000L, written[0]);
        for (int i = 1; i < recorded.size(); i++) {
            if (!recorded.get(i).equals(Event.block((i - 1) % 1000))) {
                throw new AssertionError("event " + i + " is " + recorded.get(i) + ", not block " + (i - 1) % 1000);
            }
        }
    }

    /**
     * A mode that keeps no blocks (DOR) gets a handle whose block() drops them (BlockDroppingRecorder,
     * not a flag tested at every block): its trace holds exactly what DOR keeps of what the thread
     * did (its loads, stores and sync operations, in order), across several buffers.
     */
    @Test
    void aModeWithoutBlocksDropsThemAndKeepsTheRest() throws Exception {
        Path file = dir.resolve("dor.wtrace");
        TraceRecorder rec = TraceRecorder.open(file, config(TraceMode.DOR));
        List<Event> made = new ArrayList<>();
        ThreadRecorder t = rec.beginThread("dor", SELF, false);
        made.add(Event.sync(SyncKind.THREAD_BEGIN, 0, SELF, 0));
        for (int i = 0; i < 200; i++) {
            t.block(i);
            made.add(Event.block(i));
            t.load(1, 100 + i);
            made.add(Event.load(1, 100 + i));
            t.store(2, 200 + i);
            made.add(Event.store(2, 200 + i));
            if (i % 50 == 0) {
                t.lock(3, 7);
                made.add(Event.sync(SyncKind.LOCK, 3, 7, 0));
            }
        }
        t.end();
        made.add(Event.sync(SyncKind.THREAD_END, 0, SELF, 0));
        rec.close();
        List<Event> expected = made.stream().map(e -> e.projectTo(TraceMode.DOR)).filter(e -> e != null).toList();
        assertThat(expected).hasSize(made.size() - 200); // the blocks, and only they, are dropped
        assertThat(events(ParallelTrace.open(file).thread(0))).containsExactlyElementsOf(expected);
    }

    /** The handle instrumented code gets when nothing is recorded: every event method drops, from any thread. */
    @Test
    void theNotRecordingHandleDropsEverything() throws Exception {
        ThreadRecorder none = ThreadRecorder.notRecording();
        Runnable use = () -> {
            for (int i = 0; i < 1000; i++) {
                none.block(i);
                none.load(1, i);
                none.store(2, i);
                none.lock(3, 4);
                none.barrier(5, 6, 7);
            }
            none.end();
        };
        Thread other = new Thread(use);
        other.start();
        use.run();
        other.join();
        assertThat(none.index()).isEqualTo(-1);
    }

    @Test
    void closeTwiceIsANoOpAndCheckpointAfterCloseFails() throws Exception {
        Path file = dir.resolve("twice.wtrace");
        TraceRecorder rec = TraceRecorder.open(file, config(TraceMode.CDR));
        rec.thread().block(1);
        rec.close();
        long size = Files.size(file);
        rec.close();
        assertThat(Files.size(file)).isEqualTo(size);
        assertThatThrownBy(rec::checkpoint).isInstanceOf(IOException.class);
        rec.thread().block(2); // this thread's handle was drained: dropped
        assertThat(ParallelTrace.open(file).thread(0).eventCount()).isEqualTo(2);
    }

    /**
     * close() racing a thread that records as fast as it can: the program thread must never see
     * an exception (its handle is drained under it), and the trace holds a prefix of what it
     * recorded. Repeated, since the race has many interleavings. Regression test: the event
     * methods checked the position against {@code limit} and then wrote into {@code buf}, which
     * drain() may have swapped for a 4-long array in between (ArrayIndexOutOfBoundsException in
     * the program thread, in about one close in five with large buffers).
     */
    @Test
    void closeRacingARecordingThreadNeverHurtsTheProgram() throws Exception {
        for (int round = 0; round < 120; round++) {
            Path file = dir.resolve("race-" + round + ".wtrace");
            TraceMode mode = TraceMode.values()[round % 4];
            // Buffers large enough that the drain usually lands mid-buffer; a short queue so that
            // close() does not wait long for the compressor.
            TraceRecorder rec = TraceRecorder.open(file,
                    new RecorderConfig(mode, Codec.NONE, 1, 1L << 40, 1L << 40, 3_600_000, 4096, 2, true, Map.of()));
            AtomicBoolean stop = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CountDownLatch started = new CountDownLatch(1);
            long[] count = new long[1];
            Thread program = new Thread(() -> {
                try {
                    ThreadRecorder t = rec.beginThread("racer", SELF, false);
                    started.countDown();
                    long i = 0;
                    while (!stop.get()) {
                        for (int k = 0; k < 64; k++, i++) racerEvent(t, i);
                    }
                    for (int k = 0; k < 10_000; k++, i++) racerEvent(t, i); // well after close
                    count[0] = i;
                } catch (Throwable e) {
                    failure.set(e);
                }
            }, "racer");
            program.start();
            assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
            if (round % 3 > 0) Thread.sleep(round % 3); // 0-2 ms of recording before the close
            rec.close();
            stop.set(true);
            program.join();
            assertThat(failure.get()).as("round %d (%s)", round, mode).isNull();
            List<Event> got = events(ParallelTrace.open(file).thread(0));
            assertThat(got).isNotEmpty();
            assertThat(got.get(0)).isEqualTo(Event.sync(SyncKind.THREAD_BEGIN, 0, SELF, 0));
            List<Event> expected = new ArrayList<>();
            for (long i = 0; expected.size() < got.size() - 1 && i < count[0]; i++) {
                for (Event e : racerEvents(i)) {
                    Event p = e.projectTo(mode);
                    if (p != null) expected.add(p);
                }
            }
            assertThat(got.subList(1, got.size())).as("round %d: a prefix of what was recorded", round)
                    .isEqualTo(expected.subList(0, got.size() - 1));
            Files.delete(file);
        }
    }

    private static void racerEvent(ThreadRecorder t, long i) {
        t.block((int) (i % 3));
        t.load(4, 8 * i);
        if (i % 16 == 0) t.sync(SyncKind.VOLATILE_READ, 6, 66, 0);
    }

    private static List<Event> racerEvents(long i) {
        List<Event> out = new ArrayList<>(List.of(Event.block((int) (i % 3)), Event.load(4, 8 * i)));
        if (i % 16 == 0) out.add(Event.sync(SyncKind.VOLATILE_READ, 6, 66, 0));
        return out;
    }
}
