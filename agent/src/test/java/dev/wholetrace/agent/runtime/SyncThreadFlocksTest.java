package dev.wholetrace.agent.runtime;

import static dev.wholetrace.model.event.SyncKind.JOIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread flock that forks for a long time before it joins (a server's StructuredTaskScope: a subtask
 * per connection, one join at shutdown): the agent keeps no terminated Thread for it (each keeps its
 * flock and what it references reachable), yet the join still records the end and a join of every one.
 */
class SyncThreadFlocksTest {
    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Probes.install(null);
    }

    @Test
    void aFlockThatForksManyThreadsBeforeItJoinsKeepsFewAndJoinsAll() throws Exception {
        Path file = dir.resolve("flock.wtrace");
        int forks = 1000;
        Object flock = new Object();
        Object[] bridgeThread = new Object[2]; // the JDK bridge's per-thread array: [1] caches the probes' state
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            Probes.install(rec);
            for (int i = 0; i < forks; i++) {
                Thread t = new Thread(() -> rec.thread().lock(1, 77), "subtask-" + i);
                SyncThreadFlocks.started(bridgeThread, flock, t, 1);
                t.start();
                t.join();
                SyncThreadFlocks.Started kept = RuntimeState.get().flockThreads.get(flock);
                assertThat(kept.threads.size()).as("threads kept after %d forks", i + 1).isLessThan(2 * SyncThreadFlocks.PRUNE_FROM);
            }
            SyncThreadFlocks.joined(bridgeThread, flock, 2);
            assertThat(RuntimeState.get().flockThreads.get(flock).endedCount).isZero();
            rec.thread().end();
        } finally {
            Probes.install(null);
        }
        ParallelTrace t = ParallelTrace.open(file);
        var order = t.syncOrder();
        int me = t.threads().stream().filter(i -> i.name().equals(Thread.currentThread().getName())).findFirst().orElseThrow().index();
        int joins = 0;
        int ends = 0;
        for (int i = 0; i < order.size(); i++) {
            if (order.thread(i) == me && order.kind(i) == JOIN) joins++;
            if (order.thread(i) != me && order.kind(i) == THREAD_END) ends++;
        }
        assertThat(joins).isEqualTo(forks);
        assertThat(ends).isEqualTo(forks);
    }
}
