package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
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
}
