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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The common pool's workers erase their thread-locals after every top-level task (JDK 17 and
 * later), the recorder's handle of the calling thread among them: a worker that runs many tasks
 * must stay one thread of the trace, not become one more at each task (its events split over
 * several trace threads lose the order between them).
 */
class RecorderErasedThreadLocalsTest {
    @TempDir
    Path dir;

    @Test
    void aCommonPoolWorkerIsOneThreadOfTheTraceWhateverItsTasksErase() throws Exception {
        Path file = dir.resolve("pool.wtrace");
        Set<Thread> workers = ConcurrentHashMap.newKeySet();
        int tasks = 200;
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            for (int k = 0; k < tasks; k++) {
                int id = k % 7;
                ForkJoinPool.commonPool().submit(() -> {
                    workers.add(Thread.currentThread());
                    rec.thread().block(id);
                }).get();
            }
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(workers).isNotEmpty();
        assertThat(trace.threads()).as("one trace thread per worker").hasSize(workers.size());
        long events = 0;
        for (int t = 0; t < trace.threads().size(); t++) events += trace.thread(t).eventCount() - trace.thread(t).syncCount();
        assertThat(events).as("every task's block").isEqualTo(tasks);
    }

    /**
     * A worker found again by its thread object after each erase is a live thread: the writer's
     * look for terminated threads (every 50 ms between cuts, here with no cut until the close) must
     * never end it while it runs, and its blocks of every task stay in one trace thread, in the
     * order it recorded them.
     */
    @Test
    void aWorkerFoundAgainAfterTheEraseIsNeverEndedWhileItRuns() throws Exception {
        Path file = dir.resolve("alive.wtrace");
        Map<Thread, List<Event>> recorded = new ConcurrentHashMap<>();
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            for (int k = 0; k < 10; k++) {
                int id = k;
                ForkJoinPool.commonPool().submit(() -> {
                    rec.thread().block(id);
                    recorded.computeIfAbsent(Thread.currentThread(), t -> new ArrayList<>()).add(Event.block(id));
                }).get();
                Thread.sleep(60); // the writer looks between two tasks of the same worker
            }
        }
        Map<Thread, List<Event>> alive = new HashMap<>();
        recorded.forEach((worker, blocks) -> {
            if (worker.isAlive()) alive.put(worker, blocks); // alive after the close: alive all along
        });
        assertThat(alive).as("a worker alive throughout (the pool keeps idle workers for 60 s)").isNotEmpty();
        ParallelTrace trace = ParallelTrace.open(file);
        Map<Long, List<Event>> read = new HashMap<>();
        for (int t = 0; t < trace.threads().size(); t++) {
            List<Event> events = events(trace.thread(t));
            assertThat(read.put(events.get(0).object(), events)).as("one trace thread per thread object").isNull();
        }
        for (Map.Entry<Thread, List<Event>> e : alive.entrySet()) {
            List<Event> events = read.get(TraceRecorder.defaultThreadObject(e.getKey()));
            assertThat(events).as("its trace thread").isNotNull();
            assertThat(events).as("no end recorded for a thread alive at the close (drained)").noneMatch(x -> x.kind() == SyncKind.THREAD_END);
            assertThat(events.subList(1, events.size())).as("its blocks in order").isEqualTo(e.getValue());
        }
    }
}
