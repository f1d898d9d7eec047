package dev.wholetrace.report.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.timeline.TimelineExport;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.TraceView;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both timeline formats written from a recorded execution and read back by the documented schema
 * (Perfetto's protos with protobuf-java's CodedInputStream, the Trace Event Format with Jackson):
 * every slice closed and nested, thread names present, one slice per sync operation of S_synch on
 * its thread, and exactly the hand-overs the sync order makes as flows.
 */
class TimelineFormatsTest {
    static final long X = Addresses.of(5, 16);
    static final long A = 101, B = 102, V = 103, BARRIER = 104, RW = 105;

    @TempDir
    static Path dir;
    static TraceView trace;

    @BeforeAll
    static void record() throws Exception {
        try (Scripted s = new Scripted(dir.resolve("formats.wtrace"), 3)) {
            s.on(1, r -> { r.lock(9, A); r.store(1, X); r.lock(9, B); r.unlock(10, A); r.store(1, X); r.unlock(10, B); }) // hand over hand
             .on(2, r -> { r.lock(9, A); r.load(2, X); r.unlock(10, A); r.sync(SyncKind.VOLATILE_WRITE, 11, V, 0); })
             .on(3, r -> { r.sync(SyncKind.VOLATILE_READ, 12, V, 0); r.load(2, X); })
             .on(1, r -> r.barrier(13, BARRIER, 0)).on(3, r -> r.barrier(13, BARRIER, 0)).on(2, r -> r.barrier(13, BARRIER, 0))
             .on(2, r -> r.sync(SyncKind.LOCK, 14, RW, SyncKind.LOCK_SHARED))
             .on(3, r -> r.sync(SyncKind.LOCK, 14, RW, SyncKind.LOCK_SHARED))
             .on(2, r -> r.sync(SyncKind.UNLOCK, 15, RW, SyncKind.LOCK_SHARED))
             .on(3, r -> r.sync(SyncKind.UNLOCK, 15, RW, SyncKind.LOCK_SHARED))
             .on(2, r -> { r.sync(SyncKind.LOCK, 14, RW, SyncKind.LOCK_SHARED); r.sync(SyncKind.UNLOCK, 15, RW, SyncKind.LOCK_SHARED); }) // a reader after a reader: no edge
             .on(1, r -> { r.sync(SyncKind.LOCK, 16, RW, SyncKind.LOCK_EXCLUSIVE); r.store(1, X); r.sync(SyncKind.UNLOCK, 17, RW, SyncKind.LOCK_EXCLUSIVE); });
            trace = s.finish();
        }
    }

    private static DrawnTimeline export(String format, long maxDrawn) throws Exception {
        return export(format, new TimelineExport(maxDrawn));
    }

    private static DrawnTimeline export(String format, TimelineExport export) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TimelineWriter writer = TimelineFormats.FORMATS.writer(TimelineFormats.FORMATS.parse(format));
        export.analyze(trace).replay(writer.open(bytes));
        return format.equals("perfetto") ? PerfettoDecoder.decode(bytes.toByteArray()) : ChromeDecoder.decode(bytes.toByteArray());
    }

    /** The clock axis moves slices, never adds, drops or reorders one: the same slices, well nested (the decoders check), in the same order per thread. */
    @ParameterizedTest
    @ValueSource(strings = {"chrome", "perfetto"})
    void theClockAxisDrawsTheSameSlicesInTheSameOrder(String format) throws Exception {
        assertThat(trace.clock().known()).isTrue();
        for (long maxDrawn : new long[] {1000, 4}) { // one by one, and aggregated
            DrawnTimeline order = export(format, maxDrawn);
            DrawnTimeline clock = export(format, new TimelineExport(maxDrawn, null, null, dev.wholetrace.analysis.timeline.TimelineAxis.CLOCK));
            assertThat(clock.slices).hasSameSizeAs(order.slices);
            for (int t = 0; t < trace.threadCount(); t++) {
                int thread = t;
                List<String> a = order.slices.stream().filter(d -> d.thread == thread).map(d -> d.name + " " + d.args).toList();
                List<String> b = clock.slices.stream().filter(d -> d.thread == thread).map(d -> d.name + " " + d.args).toList();
                assertThat(b).as("T%d", t).isEqualTo(a);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"chrome", "perfetto"})
    void everyThreadIsANamedTrackAndEverySyncOperationASliceOnIt(String format) throws Exception {
        DrawnTimeline drawn = export(format, 1000);
        for (int t = 0; t < trace.threadCount(); t++) {
            assertThat(drawn.threadNames).containsKey(t);
            assertThat(drawn.threadNames.get(t)).endsWith("(T" + t + ")").startsWith(trace.threads().get(t).name());
        }
        SyncOrder order = trace.syncOrder();
        List<DrawnTimeline.Drawn> ops = drawn.category("sync");
        assertThat(ops).hasSize(order.size());
        for (DrawnTimeline.Drawn op : ops) {
            int i = (int) op.arg("order");
            assertThat(op.thread).isEqualTo(order.thread(i));
            assertThat(op.name).isEqualTo(order.kind(i).label);
            assertThat(op.arg("object")).isEqualTo(order.object(i));
            assertThat(op.arg("ticket")).isEqualTo(order.ticket(i));
        }
        assertThat(ops.stream().map(o -> o.begin).toList()).isSorted(); // the axis is the sync order
        assertThat(drawn.counters).isPositive();
        if (format.equals("chrome")) assertThat(drawn.metadata).containsEntry("aggregated", false).containsEntry("handOversDrawn", true);
        else assertThat(drawn.metadata).doesNotContainKey("aggregated").containsEntry("hand-overs drawn", "yes");
        assertThat(String.valueOf(drawn.metadata.get(format.equals("chrome") ? "timeAxis" : "time axis"))).startsWith("time is the sync order");
    }

    @ParameterizedTest
    @ValueSource(strings = {"chrome", "perfetto"})
    void theFlowsAreExactlyTheHandOversOfTheSyncOrder(String format) throws Exception {
        DrawnTimeline drawn = export(format, 1000);
        SyncOrder order = trace.syncOrder();
        Map<Long, List<Object[]>> points = new HashMap<>(); // flow id -> (phase, order entry) in file order
        for (DrawnTimeline.Drawn d : drawn.slices) {
            for (DrawnTimeline.FlowPoint p : d.flows) {
                assertThat(d.category).as("flows attach to sync operations").isEqualTo("sync");
                points.computeIfAbsent(p.id(), k -> new ArrayList<>()).add(new Object[] {p.phase(), (int) d.arg("order")});
            }
        }
        Set<String> handOvers = new TreeSet<>();
        int chains = 0;
        for (List<Object[]> flow : points.values()) {
            String phases = flow.stream().map(p -> String.valueOf(p[0])).collect(Collectors.joining());
            assertThat(phases).matches("st*f");
            List<Integer> at = flow.stream().map(p -> (Integer) p[1]).toList();
            assertThat(at).isSorted().doesNotHaveDuplicates();
            if (order.kind(at.get(0)) == SyncKind.BARRIER) {
                chains++;
                int e = order.episode(at.get(0));
                assertThat(at).hasSize(order.episodeSize(e)).allSatisfy(i -> assertThat(order.episode(i)).isEqualTo(e));
                continue;
            }
            assertThat(at).hasSize(2);
            int r = at.get(0), a = at.get(1);
            assertThat(order.kind(r).role).isEqualTo(SyncKind.Role.RELEASE);
            assertThat(order.kind(a).role).isEqualTo(SyncKind.Role.ACQUIRE);
            assertThat(order.object(r)).isEqualTo(order.object(a));
            assertThat(order.thread(r)).isNotEqualTo(order.thread(a));
            handOvers.add("T" + order.thread(r) + " " + order.kind(r).label + " " + order.object(r) + " -> T" + order.thread(a) + " " + order.kind(a).label);
        }
        assertThat(handOvers).containsExactlyInAnyOrder(
                "T1 unlock " + A + " -> T2 lock",
                "T2 volatile-write " + V + " -> T3 volatile-read",
                "T2 unlock " + RW + " -> T1 lock", // both readers' unlocks reach the writer, neither reaches the other reader
                "T3 unlock " + RW + " -> T1 lock");
        assertThat(chains).isEqualTo(1);
        assertThat(((Number) drawn.metadata.get(format.equals("chrome") ? "handOvers" : "hand-overs")).longValue()).isEqualTo(4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"chrome", "perfetto"})
    void holdingsContainTheirLockAndUnlockAndALockLetGoEarlySuspendsTheOnesInside(String format) throws Exception {
        DrawnTimeline drawn = export(format, 1000);
        List<DrawnTimeline.Drawn> holds = drawn.category("hold").stream().filter(h -> h.thread == 1).toList();
        assertThat(holds).extracting(h -> h.name).containsExactlyInAnyOrder("lock " + A, "lock " + B, "lock " + B, "write lock " + RW);
        for (DrawnTimeline.Drawn h : holds) {
            long inside = drawn.category("sync").stream().filter(o -> o.thread == 1 && o.begin > h.begin && o.end < h.end).count();
            assertThat(inside).as(h.toString()).isBetween(1L, 3L);
        }
        assertThat(holds.stream().filter(h -> String.valueOf(h.args.get("note")).startsWith("continued"))).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"chrome", "perfetto"})
    void aboveTheLimitTheFileSaysItIsAggregatedAndCountsEveryOperation(String format) throws Exception {
        DrawnTimeline drawn = export(format, 4);
        assertThat(drawn.category("sync")).isEmpty();
        List<DrawnTimeline.Drawn> bins = drawn.category("aggregate");
        assertThat(bins.stream().mapToLong(b -> b.arg("sync operations")).sum()).isEqualTo(trace.syncOrder().size());
        if (format.equals("chrome")) {
            assertThat(drawn.metadata).containsEntry("aggregated", true).containsEntry("handOversDrawn", false);
            assertThat((Long) drawn.metadata.get("binWidth")).isGreaterThan(1);
        } else {
            assertThat(drawn.metadata).containsKey("aggregated").containsEntry("hand-overs drawn", "no (aggregated: counted only)");
            assertThat((Long) drawn.metadata.get("bin width")).isGreaterThan(1);
        }
    }
}
