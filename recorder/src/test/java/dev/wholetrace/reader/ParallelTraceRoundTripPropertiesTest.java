package dev.wholetrace.reader;

import static dev.wholetrace.reader.TraceTestSupport.assertSameCounts;
import static dev.wholetrace.reader.TraceTestSupport.count;
import static dev.wholetrace.reader.TraceTestSupport.events;
import static dev.wholetrace.reader.TraceTestSupport.project;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random multithreaded programs (real threads, real locks, a real barrier) recorded in every mode
 * with tiny buffers and tiny chunks, read back and compared with what the program recorded: each
 * thread's events, S_synch against each thread's order and against the real lock hand-over order,
 * barrier episodes against the threads that took part, and the event counts taken on the grammar.
 */
class ParallelTraceRoundTripPropertiesTest {

    @Property(tries = 25)
    void everyModeReadsBackWhatEachThreadRecorded(@ForAll("programs") RandomProgram program,
                                                  @ForAll("configs") RecorderConfig base) throws Exception {
        Path dir = Files.createTempDirectory("wtrace-roundtrip");
        try {
            for (TraceMode mode : TraceMode.values()) {
                Path file = dir.resolve(mode.label() + ".wtrace");
                RandomProgram.Run run;
                RecorderConfig config = new RecorderConfig(mode, base.codec(), base.workers(), base.chunkEvents(),
                        base.chunkSymbols(), base.chunkMillis(), base.batchLongs(), base.queuedBatches(), base.foldPaths(),
                        base.properties());
                try (TraceRecorder rec = TraceRecorder.open(file, config)) {
                    run = program.run(rec);
                }
                checkTrace(program, run, ParallelTrace.open(file), mode);
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
            }
            Files.delete(dir);
        }
    }

    static void checkTrace(RandomProgram program, RandomProgram.Run run, ParallelTrace trace, TraceMode mode) {
        assertThat(trace.complete()).isTrue();
        assertThat(trace.mode()).isEqualTo(mode);
        assertThat(trace.properties()).containsEntry("mode", mode.label());
        assertThat(trace.threads()).hasSize(program.threads());
        if (run.checkpoints.get() > 0) assertThat(trace.chunkCount()).isGreaterThan(1);
        Map<String, Integer> index = TraceTestSupport.indexByName(trace);
        int[] traceIndex = new int[program.threads()];
        List<List<Event>> expanded = new ArrayList<>();
        for (int t = 0; t < trace.threads().size(); t++) expanded.add(null);
        long totalEvents = 0;
        for (int k = 0; k < program.threads(); k++) {
            int t = index.get(RandomProgram.Run.name(k));
            traceIndex[k] = t;
            ThreadTrace tt = trace.thread(t);
            assertThat(trace.threads().get(t).object()).isEqualTo(RandomProgram.THREAD_OBJECT + k);
            List<Event> got = events(tt);
            expanded.set(t, got);
            List<Event> expected = project(run.recorded.get(k), mode);
            assertThat(got).as("%s: events of thread %d", mode, k).isEqualTo(expected);
            assertThat(tt.eventCount()).isEqualTo(got.size());
            assertThat(tt.syncCount()).isEqualTo(got.stream().filter(Event::isSync).count());
            assertSameCounts(EventCounts.of(tt), count(got), mode + " thread " + k);
            totalEvents += got.size();
        }
        assertThat(trace.eventCount()).isEqualTo(totalEvents);
        checkSyncOrder(program, run, trace, traceIndex, expanded);
    }

    /**
     * S_synch holds every sync op exactly once, in ticket order, each thread's ops in its program
     * order, each entry naming the op its thread's WPP holds at that count; per lock it is the real
     * hand-over order; a barrier episode comes after every op that preceded it in any thread.
     */
    private static void checkSyncOrder(RandomProgram program, RandomProgram.Run run, ParallelTrace trace, int[] traceIndex,
                                       List<List<Event>> expanded) {
        SyncOrder order = trace.syncOrder();
        long total = 0;
        for (List<Event> e : expanded) total += e.stream().filter(Event::isSync).count();
        assertThat((long) order.size()).isEqualTo(total);
        long[] nextOp = new long[trace.threads().size()];
        Map<Integer, List<Event>> syncEvents = new HashMap<>();
        for (int t = 0; t < expanded.size(); t++) syncEvents.put(t, expanded.get(t).stream().filter(Event::isSync).toList());
        Map<Long, List<long[]>> byLock = new HashMap<>();
        Set<List<Long>> episodesSeen = new HashSet<>();
        for (int i = 0; i < order.size(); i++) {
            if (i > 0) assertThat(order.ticket(i)).isGreaterThan(order.ticket(i - 1));
            assertThat(order.indexOfTicket(order.ticket(i))).isEqualTo(i);
            int t = order.thread(i);
            assertThat(order.op(i)).as("entry %d is its thread's next op", i).isEqualTo(nextOp[t]++);
            Event e = syncEvents.get(t).get((int) order.op(i));
            assertThat(order.kind(i)).isEqualTo(e.kind());
            assertThat(order.site(i)).isEqualTo(e.id());
            assertThat(order.object(i)).isEqualTo(e.object());
            assertThat(order.aux(i)).isEqualTo(e.aux());
            assertThat(trace.thread(t).ticket(order.op(i))).isEqualTo(order.ticket(i));
            if (e.kind() == SyncKind.LOCK || e.kind() == SyncKind.UNLOCK) { // only critical sections lock
                byLock.computeIfAbsent(e.object(), o -> new ArrayList<>())
                        .add(new long[] {t, order.op(i), e.kind().ordinal()});
            }
            boolean first = e.kind() == SyncKind.BARRIER && episodesSeen.add(List.of(e.object(), e.aux()));
            assertThat(order.firstOfEpisode(i)).as("firstOfEpisode(%d)", i).isEqualTo(first);
        }
        for (int t = 0; t < nextOp.length; t++) assertThat(nextOp[t]).isEqualTo(syncEvents.get(t).size());

        // Real lock hand-over order, as logged inside the critical sections.
        for (int l = 0; l < program.locks; l++) {
            List<long[]> expected = new ArrayList<>();
            for (long[] entry : run.lockLog.get(l)) expected.add(new long[] {traceIndex[(int) entry[0]], entry[1], entry[2]});
            List<long[]> got = byLock.getOrDefault(RandomProgram.LOCK_OBJECT + l, List.of());
            assertThat(got).as("hand-over order of lock %d", l).containsExactlyElementsOf(expected);
        }

        // Barrier episode e: every participant's entry comes after every op any thread did before e.
        for (int e = 0; e < program.phases() - 1; e++) {
            long lastBefore = Long.MIN_VALUE;
            long firstAfter = Long.MAX_VALUE;
            for (int k = 0; k < program.threads(); k++) {
                ThreadTrace tt = trace.thread(traceIndex[k]);
                long op = run.barrierOps[k][e];
                if (op > 0) lastBefore = Math.max(lastBefore, tt.ticket(op - 1));
                firstAfter = Math.min(firstAfter, tt.ticket(op));
            }
            assertThat(firstAfter).as("episode %d leaves after the last arrival", e).isGreaterThan(lastBefore);
        }
    }

    @Provide
    Arbitrary<RandomProgram> programs() {
        return RandomProgram.programs(6, 30, 1);
    }

    /** Tiny buffers (many hand-overs) and tiny chunk limits (many chunks); all codecs; paths folded or not. */
    @Provide
    Arbitrary<RecorderConfig> configs() {
        return net.jqwik.api.Combinators.combine(Arbitraries.of(Codec.NONE, Codec.NONE, Codec.NONE, Codec.ZSTD, Codec.ZSTD, Codec.XZ),
                Arbitraries.integers().between(1, 3), Arbitraries.longs().between(1, 300),
                Arbitraries.of(64, 64, 96, 128), Arbitraries.integers().between(1, 4), Arbitraries.of(true, false))
                .as((codec, workers, chunkEvents, batch, queued, fold) -> new RecorderConfig(TraceMode.ALL, codec, workers,
                        chunkEvents, chunkEvents * 4, 1, batch, queued, fold, Map.of("test", "roundtrip")));
    }
}
