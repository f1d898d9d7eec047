package dev.wholetrace.analysis.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.analysis.hb.Script;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.TraceView;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The timeline of scripted executions: which slices, which flows, on the sync order's axis. */
class TimelineTest {
    static final long X = Addresses.of(5, 16);

    @TempDir
    Path dir;

    private static RecordingSink replay(TraceView trace, long maxDrawn) throws Exception {
        RecordingSink sink = new RecordingSink();
        new TimelineExport(maxDrawn).analyze(trace).replay(sink);
        return sink;
    }

    @Test
    void aLockHandOverIsOneFlowFromTheUnlockToTheNextLock() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("lock.wtrace"), 2)) {
            s.on(1, r -> { r.store(1, X); r.lock(9, 77); r.store(1, X); r.store(1, X); r.unlock(10, 77); r.store(1, X); })
             .on(2, r -> { r.lock(9, 77); r.load(2, X); r.unlock(10, 77); })
             .on(1, r -> { r.lock(9, 77); r.unlock(10, 77); }); // its own lock again: what thread 2 released
            trace = s.finish();
        }
        RecordingSink sink = replay(trace, 1000);
        assertThat(sink.info.aggregated()).isFalse();
        List<RecordingSink.Drawn> unlocks = sink.named("unlock"), locks = sink.named("lock");
        assertThat(unlocks).extracting(RecordingSink.Drawn::thread).containsExactly(1, 2, 1);
        assertThat(locks).extracting(RecordingSink.Drawn::thread).containsExactly(1, 2, 1);
        // thread 1's first lock receives nothing; thread 2's lock receives thread 1's unlock; thread 1's second lock thread 2's
        assertThat(locks.get(0).ends()).isEmpty();
        assertThat(locks.get(1).ends()).isEqualTo(unlocks.get(0).starts()).hasSize(1);
        assertThat(locks.get(2).ends()).isEqualTo(unlocks.get(1).starts()).hasSize(1);
        assertThat(unlocks.get(2).starts()).isEmpty();
        assertThat(sink.summary.handOvers()).isEqualTo(2);
        // each lock's holding contains its lock and its unlock, and the segment of two stores between them
        List<RecordingSink.Drawn> holds = sink.of(Slice.Category.HOLD);
        assertThat(holds).hasSize(3).allSatisfy(h -> assertThat(h.name()).isEqualTo("lock 77"));
        RecordingSink.Drawn first = holds.get(0);
        assertThat(first.begin()).isLessThan(locks.get(0).begin());
        assertThat(first.end()).isGreaterThan(unlocks.get(0).end());
        RecordingSink.Drawn inside = sink.slices.stream().filter(d -> d.thread() == 1 && d.category() == Slice.Category.SEGMENT
                && d.begin() > first.begin() && d.end() < first.end()).findFirst().orElseThrow();
        assertThat(inside.args()).containsEntry("events", 2L);
        assertThat(inside.depth()).isEqualTo(1);
    }

    @Test
    void aLockReceivesOnlyThePreviousHoldersUnlockNotTheOlderOnes() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("chain.wtrace"), 3)) {
            s.on(1, r -> { r.lock(9, 77); r.unlock(10, 77); })
             .on(2, r -> { r.lock(9, 77); r.unlock(10, 77); })
             .on(3, r -> { r.lock(9, 77); r.unlock(10, 77); }); // thread 1's unlock reaches it through thread 2's: no second arrow
            trace = s.finish();
        }
        RecordingSink sink = replay(trace, 1000);
        var locks = sink.named("lock");
        var unlocks = sink.named("unlock");
        assertThat(locks.get(2).ends()).hasSize(1).isEqualTo(unlocks.get(1).starts());
        assertThat(sink.summary.handOvers()).isEqualTo(2);
    }

    @Test
    void slotsFollowTheSyncOrderAndSegmentsSpanTheOperationsBetween() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("axis.wtrace"), 2)) {
            s.on(1, r -> { r.sync(SyncKind.VOLATILE_WRITE, 3, 50, 0); r.store(1, X); })
             .on(2, r -> r.sync(SyncKind.VOLATILE_READ, 4, 50, 0))
             .on(2, r -> r.sync(SyncKind.VOLATILE_READ, 4, 50, 0)) // already received: no second arrow
             .on(1, r -> { r.store(1, X); r.sync(SyncKind.VOLATILE_WRITE, 3, 50, 0); })
             .on(2, r -> r.sync(SyncKind.VOLATILE_READ, 4, 50, 0));
            trace = s.finish();
        }
        RecordingSink sink = replay(trace, 1000);
        var ops = sink.of(Slice.Category.SYNC).stream().filter(d -> d.name().startsWith("volatile")).toList();
        assertThat(ops).extracting(d -> d.args().get("order")).isSorted();
        for (RecordingSink.Drawn d : ops) assertThat(TimeAxis.position(d.begin())).isEqualTo((Long) d.args().get("order"));
        assertThat(ops).extracting(d -> d.ends().size()).containsExactly(0, 1, 0, 0, 1);
        // thread 1's segment between its two writes spans the two reads thread 2 did meanwhile
        RecordingSink.Drawn between = sink.of(Slice.Category.SEGMENT).stream()
                .filter(d -> d.thread() == 1 && d.begin() > ops.get(0).end() && d.end() < ops.get(3).begin()).findFirst().orElseThrow();
        assertThat(between.args()).containsEntry("events", 2L);
        assertThat(TimeAxis.position(between.end()) - TimeAxis.position(between.begin())).isEqualTo(3);
    }

    @Test
    void aBarrierEpisodeIsOneChainThroughEveryPass() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("barrier.wtrace"), 3)) {
            s.on(1, r -> r.barrier(11, 300, 0)).on(2, r -> r.barrier(11, 300, 0)).on(3, r -> r.barrier(11, 300, 0))
             .on(2, r -> r.barrier(11, 300, 1)).on(1, r -> r.barrier(11, 300, 1)).on(3, r -> r.barrier(11, 300, 1));
            trace = s.finish();
        }
        RecordingSink sink = replay(trace, 1000);
        var passes = sink.named("barrier");
        assertThat(passes).hasSize(6);
        long first = passes.get(0).starts().get(0);
        assertThat(passes.get(1).steps()).containsExactly(first);
        assertThat(passes.get(2).ends()).containsExactly(first);
        long second = passes.get(3).starts().get(0);
        assertThat(second).isNotEqualTo(first);
        assertThat(passes.get(4).steps()).containsExactly(second);
        assertThat(passes.get(5).ends()).containsExactly(second);
        assertThat(sink.summary.episodes()).isEqualTo(2);
    }

    @Test
    void aLockLetGoOutOfOrderSuspendsTheHoldingsInsideIt() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("hoh.wtrace"), 1)) {
            // hand-over-hand: A, B, unlock A, C, unlock B, unlock C
            s.on(1, r -> { r.lock(1, 10); r.lock(1, 20); r.unlock(2, 10); r.lock(1, 30); r.unlock(2, 20); r.unlock(2, 30); });
            trace = s.finish();
        }
        RecordingSink sink = replay(trace, 1000); // the sink fails on any slice that does not nest
        var holds = sink.of(Slice.Category.HOLD).stream().filter(d -> d.thread() == 1).toList();
        assertThat(holds).extracting(RecordingSink.Drawn::name).containsExactlyInAnyOrder("lock 10", "lock 20", "lock 20", "lock 30", "lock 30");
        assertThat(holds.stream().filter(h -> "continued: a lock taken before it was let go first".equals(h.args().get("note")))).hasSize(2);
        assertThat(sink.summary.unmatchedUnlocks()).isZero();
    }

    @Test
    void forkAndJoinAreHandOversThroughTheThreadObject() throws Exception {
        TraceView trace;
        long child = 1L << 40 | 99;
        try (Script s = new Script(dir.resolve("fork.wtrace"), 2)) {
            s.on(1, r -> r.fork(5, child))
             .on(2, r -> { r.sync(SyncKind.THREAD_BEGIN, -1, child, 0); r.store(1, X); r.sync(SyncKind.THREAD_END, -1, child, 0); })
             .on(1, r -> r.join(6, child));
            trace = s.finish();
        }
        RecordingSink sink = replay(trace, 1000);
        // (every scripted thread also records a begin and an end of its own)
        var begin = sink.named("begin").stream().filter(d -> d.args().get("object").equals(child)).findFirst().orElseThrow();
        var end = sink.named("end").stream().filter(d -> d.args().get("object").equals(child)).findFirst().orElseThrow();
        assertThat(begin.ends()).hasSize(1).isEqualTo(sink.named("fork").get(0).starts());
        assertThat(sink.named("join").get(0).ends()).hasSize(1).isEqualTo(end.starts());
    }

    @Test
    void aboveTheLimitTheOperationsAreAggregatedAndNothingIsLost() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("many.wtrace"), 2)) {
            for (int k = 0; k < 50; k++) {
                s.on(1 + k % 2, r -> { r.lock(9, 77); r.store(1, X); r.unlock(10, 77); });
            }
            trace = s.finish();
        }
        RecordingSink sink = replay(trace, 20);
        assertThat(sink.info.aggregated()).isTrue();
        assertThat(sink.info.binWidth()).isGreaterThan(1);
        var bins = sink.of(Slice.Category.AGGREGATE);
        assertThat(bins.stream().mapToLong(b -> (Long) b.args().get("sync operations")).sum()).isEqualTo(trace.syncOrder().size());
        for (int t = 1; t <= 2; t++) {
            int thread = t;
            assertThat(bins.stream().filter(b -> b.thread() == thread).mapToLong(b -> (Long) b.args().get("events")).sum())
                    .isEqualTo(trace.eventCount(t));
        }
        assertThat(bins.size()).isLessThanOrEqualTo(20 + 2);
        assertThat(sink.summary.handOvers()).isEqualTo(49); // every lock but the first receives the other thread's unlock
        assertThat(sink.of(Slice.Category.SYNC)).isEmpty();
    }

    @Test
    void aWindowDrawsItsEntriesAndKeepsWhatCrossesItsEdges() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("window.wtrace"), 2)) {
            s.on(1, r -> { r.lock(9, 77); r.store(1, X); })                       // taken before the window
             .on(2, r -> { r.sync(SyncKind.VOLATILE_WRITE, 3, 50, 0); r.store(1, X); })
             .on(1, r -> { r.store(1, X); r.unlock(10, 77); })                    // inside: let go
             .on(2, r -> { r.lock(9, 77); r.store(1, X); r.unlock(10, 77); })      // inside: receives thread 1's unlock
             .on(1, r -> r.sync(SyncKind.VOLATILE_READ, 4, 50, 0))              // inside: its write is before the window
             .on(2, r -> { r.lock(9, 77); r.unlock(10, 77); });                    // after the window
            trace = s.finish();
        }
        SyncOrder order = trace.syncOrder();
        int unlock1 = -1, read = -1;
        for (int i = 0; i < order.size(); i++) {
            if (order.kind(i) == SyncKind.UNLOCK && order.thread(i) == 1) unlock1 = i;
            if (order.kind(i) == SyncKind.VOLATILE_READ) read = i;
        }
        RecordingSink sink = new RecordingSink();
        new TimelineExport(1000, (long) unlock1, (long) read).analyze(trace).replay(sink); // the sink fails on anything left open
        assertThat(sink.info.windowed()).isTrue();
        var ops = sink.of(Slice.Category.SYNC);
        assertThat(ops).extracting(d -> (Long) d.args().get("order")).containsExactly((long) unlock1, (long) unlock1 + 1, (long) unlock1 + 2, (long) read);
        // thread 1's lock, taken before the window, is drawn from its first operation in the window to its unlock
        var held = sink.of(Slice.Category.HOLD).stream().filter(h -> h.thread() == 1).toList();
        assertThat(held).singleElement().satisfies(h -> assertThat(h.args()).containsEntry("note", "taken before the window"));
        assertThat(sink.named("lock").get(0).ends()).hasSize(1).isEqualTo(sink.named("unlock").get(0).starts());
        assertThat(sink.summary.handOvers()).isEqualTo(1);
        assertThat(sink.summary.handOversFromBefore()).isEqualTo(1); // the volatile write before the window
        assertThat(sink.named("volatile-read").get(0).ends()).isEmpty();
        assertThat(TimeAxis.position(sink.slices.stream().mapToLong(RecordingSink.Drawn::end).max().orElseThrow())).isLessThanOrEqualTo(read + 1);
    }

    @Test
    void aWindowOutsideTheTraceIsAnError() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("small.wtrace"), 1)) {
            s.on(1, r -> { r.lock(9, 77); r.unlock(10, 77); });
            trace = s.finish();
        }
        long size = trace.syncOrder().size();
        assertThatThrownBy(() -> new TimelineExport(10, size, null).analyze(trace)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("outside the trace's sync order (entries 0.." + (size - 1) + ")");
        assertThatThrownBy(() -> new TimelineExport(10, 3L, 2L)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--to 2 is before --from 3");
    }

    @Test
    void theLimitMustBePositive() {
        assertThatThrownBy(() -> new TimelineExport(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
    }
}
