package dev.wholetrace.recorder;

import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workers' hold-back at the chunk limits (session 45) against everything else that hands buffers
 * over or cuts while the program waits on a full queue: a slow writer (xz -9), one-buffer queues of
 * the smallest buffers, timed cuts every few milliseconds (the writer collects blocked threads'
 * buffers), checkpoints from a busy thread, threads that a joiner ends and threads that terminate
 * unjoined (the writer ends them) and a close while the workers hold back. Nothing may wait for
 * good and no event may be lost or moved to another thread.
 */
class RecorderHoldBackStressTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void holdingBackNeverDeadlocksNorLosesAnEvent() throws Exception {
        Path file = dir.resolve("stress.wtrace");
        RecorderConfig config = new RecorderConfig(TraceMode.COR, Codec.XZ, 2, 3_000, 1L << 40, 10, 64, 1, true, Map.of());
        Map<String, List<Event>> expected = new ConcurrentHashMap<>();
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            List<Thread> program = new ArrayList<>();
            for (int k = 0; k < 3; k++) {
                int seed = k;
                program.add(new Thread(() -> blocks(rec, expected, seed, 40_000, seed == 0), "busy-" + k));
            }
            program.add(new Thread(() -> {
                for (int c = 0; c < 60; c++) {
                    int seed = 100 + c;
                    Thread child = new Thread(() -> blocks(rec, expected, seed, 300, false), "child-" + c);
                    child.start();
                    try {
                        child.join();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                    if (c % 2 == 0) rec.endThread(TraceRecorder.defaultThreadObject(child)); // the others: the writer ends them
                }
            }, "spawner"));
            for (Thread t : program) t.start();
            for (Thread t : program) t.join();
            // close with the workers holding back: the last buffers of the busy threads, unjoined, still queued
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        List<ThreadInfo> threads = trace.threads();
        int checked = 0;
        for (ThreadInfo t : threads) {
            List<Event> want = expected.get(t.name());
            if (want == null) continue; // the spawner: its own begin only
            List<Event> got = events(trace.thread(t.index()));
            assertThat(got.subList(0, got.size() - 1)).as("thread %s", t.name()).isEqualTo(want);
            assertThat(got.get(got.size() - 1).kind()).as("thread %s ends", t.name()).isEqualTo(SyncKind.THREAD_END);
            checked++;
        }
        assertThat(checked).isEqualTo(expected.size()).isEqualTo(63);
    }

    /** Records {@code n} varied blocks on the calling thread (a checkpoint every 5,000 if asked), noting them in {@code expected} under its name. */
    private static void blocks(TraceRecorder rec, Map<String, List<Event>> expected, int seed, int n, boolean checkpoints) {
        ThreadRecorder t = rec.thread();
        List<Event> mine = new ArrayList<>(n + 1);
        mine.add(Event.sync(SyncKind.THREAD_BEGIN, 0, TraceRecorder.defaultThreadObject(Thread.currentThread()), 0));
        long x = seed + 1;
        for (int i = 0; i < n; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            int id = (int) (x >>> 58);
            t.block(id);
            mine.add(Event.block(id));
            if (checkpoints && i % 5_000 == 4_999) {
                try {
                    rec.checkpoint();
                } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                }
            }
        }
        expected.put(Thread.currentThread().getName(), mine);
    }
}
