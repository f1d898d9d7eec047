package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** End to end through the public API on real threads; also run on JDK 25 (tag jdk25). */
@org.junit.jupiter.api.Tag("jdk25")
class RecorderSmokeTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TraceMode.class)
    void twoThreadsRoundTrip(TraceMode mode) throws Exception {
        Path file = dir.resolve("t.wtrace");
        List<List<Event>> expected = new ArrayList<>();
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode).withBatchLongs(64))) {
            Object lock = new Object();
            Thread[] ts = new Thread[2];
            for (int k = 0; k < 2; k++) {
                int kk = k;
                expected.add(new ArrayList<>());
                ts[k] = new Thread(() -> {
                    ThreadRecorder t = rec.thread();
                    for (int i = 0; i < 1000; i++) {
                        t.block(i % 7);
                        t.load(3, 1000 + 8L * i);
                        synchronized (lock) {
                            t.lock(9, 42);
                            t.store(4, 5000 + kk);
                            t.unlock(9, 42);
                        }
                    }
                    t.end();
                });
                ts[k].start();
            }
            for (Thread t : ts) t.join();
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.threads()).hasSize(2);
        assertThat(trace.complete()).isTrue();
        for (int k = 0; k < 2; k++) {
            ThreadTrace t = trace.thread(k);
            List<Event> got = new ArrayList<>();
            for (Iterator<Event> it = t.events(); it.hasNext(); ) got.add(it.next());
            assertThat(got.size()).isEqualTo((int) t.eventCount());
            assertThat(t.syncCount()).isEqualTo(2002);
            List<Event> seg = new ArrayList<>();
            for (Iterator<Event> it = t.segment(5, 8); it.hasNext(); ) seg.add(it.next());
            long from = t.syncPosition(5);
            long to = t.syncPosition(8);
            assertThat(seg).isEqualTo(got.subList((int) from, (int) to + 1));
        }
        assertThat(trace.syncOrder().size()).isEqualTo(4004);
    }

    @ParameterizedTest
    @EnumSource(TraceMode.class)
    void sorKernelRecordsAndReads(TraceMode mode) throws Exception {
        Path file = dir.resolve("sor.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode))) {
            new dev.wholetrace.synthetic.RedBlackSor(4, 66, 10).run(rec);
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.threads()).hasSize(5);
        long total = 0;
        for (int t = 0; t < 5; t++) {
            dev.wholetrace.reader.EventCounts c = dev.wholetrace.reader.EventCounts.of(trace.thread(t));
            long n = 0;
            for (Iterator<Event> it = trace.thread(t).events(); it.hasNext(); it.next()) n++;
            assertThat(c.total()).isEqualTo(n);
            total += n;
        }
        assertThat(trace.syncOrder().size()).isEqualTo(217); // 4 workers x (10 x 3 barriers + 10 x 2 lock/unlock + begin + end) + main (begin, 4 forks, 4 joins)
    }
}
