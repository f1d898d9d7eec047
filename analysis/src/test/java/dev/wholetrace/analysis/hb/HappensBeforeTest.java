package dev.wholetrace.analysis.hb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Happens-before from S_synch on scripted executions. Segment numbers: every thread's op 0 is its
 * begin, so its segment 1 is what it did after registering; each further sync op starts a segment.
 */
class HappensBeforeTest {
    @TempDir
    Path dir;

    private static HappensBefore hb(ParallelTrace trace) {
        return HappensBefore.of(trace.syncOrder(), trace.threads().size());
    }

    @Test
    void aLockHandOverOrdersTheCriticalSections() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("lock.wtrace"), 2)) {
            s.on(1, r -> r.lock(1, 7)).on(1, r -> r.unlock(2, 7)) // thread 1: segment 2 inside, 3 after
             .on(2, r -> r.lock(1, 7)).on(2, r -> r.unlock(2, 7)); // thread 2: segment 2 inside
            trace = s.finish();
        }
        HappensBefore hb = hb(trace);
        assertThat(hb.ordered(1, 2, 2, 2)).isTrue(); // 1's critical section before 2's
        assertThat(hb.ordered(2, 2, 1, 2)).isFalse();
        assertThat(hb.concurrent(1, 3, 2, 2)).as("what 1 did after its unlock").isTrue();
        assertThat(hb.concurrent(1, 1, 2, 1)).as("before either lock").isTrue();
        assertThat(hb.ordered(1, 1, 2, 2)).as("program order, then the hand-over").isTrue();
    }

    @Test
    void differentLocksDoNotOrder() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("two-locks.wtrace"), 2)) {
            s.on(1, r -> r.lock(1, 7)).on(1, r -> r.unlock(2, 7)).on(2, r -> r.lock(1, 8)).on(2, r -> r.unlock(2, 8));
            trace = s.finish();
        }
        assertThat(hb(trace).concurrent(1, 2, 2, 2)).isTrue();
    }

    @Test
    void forkAndJoinOrderTheChild() throws Exception {
        ParallelTrace trace;
        long child = 0x4000_0000_0000_0000L | 999;
        try (Script s = new Script(dir.resolve("fork.wtrace"), 1)) {
            s.on(0, r -> r.fork(1, child)) // main: segment 1 before, 2 after the fork
             .on(1, r -> r.sync(SyncKind.THREAD_BEGIN, 0, child, 0)) // the child's own begin on the forked object
             .on(1, r -> r.sync(SyncKind.THREAD_END, 0, child, 0))
             .on(0, r -> r.join(2, child)); // main: segment 3 after the join
            trace = s.finish();
        }
        HappensBefore hb = hb(trace);
        assertThat(hb.ordered(0, 1, 1, 2)).as("before the fork → the child").isTrue();
        assertThat(hb.concurrent(0, 2, 1, 2)).as("between fork and join").isTrue();
        assertThat(hb.ordered(1, 2, 0, 3)).as("the child → after the join").isTrue();
    }

    @Test
    void aBarrierEpisodeOrdersEveryonesPastBeforeEveryonesFuture() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("barrier.wtrace"), 3)) {
            // all three pass episode 0 of barrier 5; the last to record it is thread 3, after 1 did more
            s.on(1, r -> r.barrier(1, 5, 0)).on(1, r -> r.lock(2, 9)).on(2, r -> r.barrier(1, 5, 0)).on(3, r -> r.barrier(1, 5, 0));
            trace = s.finish();
        }
        HappensBefore hb = hb(trace);
        for (int t = 1; t <= 3; t++) {
            for (int u = 1; u <= 3; u++) {
                if (t != u) assertThat(hb.ordered(t, 1, u, 2)).as("%d before → %d after", t, u).isTrue();
            }
        }
        assertThat(hb.concurrent(1, 2, 2, 2)).as("after the barrier").isTrue();
        assertThat(hb.concurrent(1, 1, 2, 1)).as("before it").isTrue();
    }

    @Test
    void readLocksDoNotOrderReadersButWriteLocksOrderEveryone() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("rw.wtrace"), 3)) {
            s.on(1, r -> r.sync(SyncKind.LOCK, 1, 7, 1)).on(1, r -> r.sync(SyncKind.UNLOCK, 2, 7, 1)) // reader 1
             .on(2, r -> r.sync(SyncKind.LOCK, 1, 7, 1)).on(2, r -> r.sync(SyncKind.UNLOCK, 2, 7, 1)) // reader 2
             .on(3, r -> r.sync(SyncKind.LOCK, 3, 7, 2)).on(3, r -> r.sync(SyncKind.UNLOCK, 4, 7, 2)); // writer
            trace = s.finish();
        }
        HappensBefore hb = hb(trace);
        assertThat(hb.concurrent(1, 2, 2, 2)).as("two readers").isTrue();
        assertThat(hb.ordered(1, 2, 3, 2)).as("reader 1 → writer").isTrue();
        assertThat(hb.ordered(2, 2, 3, 2)).as("reader 2 → writer").isTrue();
    }

    @Test
    void latchesPairOnTheirPhase() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("latch.wtrace"), 2)) {
            s.on(1, r -> r.sync(SyncKind.LATCH_COUNT_DOWN, 1, 4, 0))
             .on(2, r -> r.sync(SyncKind.LATCH_AWAIT, 2, 4, 1)) // phase 1 of the same phaser: not what 1 arrived at
             .on(2, r -> r.sync(SyncKind.LATCH_AWAIT, 2, 4, 0)); // phase 0
            trace = s.finish();
        }
        HappensBefore hb = hb(trace);
        assertThat(hb.ordered(1, 1, 2, 2)).as("after awaiting phase 1").isFalse();
        assertThat(hb.ordered(1, 1, 2, 3)).as("after awaiting phase 0").isTrue();
    }

    @Test
    void volatileWritesPublishToLaterReadsAndOrderIsTransitive() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("volatile.wtrace"), 3)) {
            s.on(1, r -> r.sync(SyncKind.VOLATILE_WRITE, 1, 42, 0))
             .on(2, r -> r.sync(SyncKind.VOLATILE_READ, 2, 42, 0))
             .on(2, r -> r.unlock(3, 8)) // 2 hands over to 3 through lock 8
             .on(3, r -> r.lock(4, 8));
            trace = s.finish();
        }
        HappensBefore hb = hb(trace);
        assertThat(hb.ordered(1, 1, 2, 2)).isTrue();
        assertThat(hb.ordered(1, 1, 3, 2)).as("1 → 2 → 3").isTrue();
        assertThat(hb.ordered(1, 2, 3, 2)).as("what 1 did after its write").isFalse();
        assertThat(hb.segmentCount(1)).isEqualTo(4); // begin, the write and its end: three sync ops, four segments
    }
}
