package dev.wholetrace.reader;

import static dev.wholetrace.reader.TraceTestSupport.drain;
import static dev.wholetrace.reader.TraceTestSupport.events;
import static dev.wholetrace.reader.TraceTestSupport.project;
import static dev.wholetrace.reader.TraceTestSupport.syncPositions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.format.wtrace.ThreadChunk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code ThreadTrace.segment(m, n)} (Algorithm 1 + the lowest common rule, or a walk over chunks
 * when m and n lie in different chunks) against slicing the fully expanded stream, for random
 * threads and (m, n), in every mode. In CDR and ALL a segment that starts inside a chunk must
 * seek every instruction's address stream to the right address; the DOR view of an ALL trace
 * must read exactly what a DOR trace keeps.
 */
class SegmentExtractionPropertiesTest {

    @Property(tries = 15)
    void segmentsEqualSlicesOfTheExpandedStream(@ForAll("programs") RandomProgram program, @ForAll long seed)
            throws Exception {
        Path dir = Files.createTempDirectory("wtrace-segments");
        try {
            for (TraceMode mode : TraceMode.values()) {
                Path file = dir.resolve(mode.label() + ".wtrace");
                RandomProgram.Run run;
                RecorderConfig config = RecorderConfig.defaults(mode).withCodec(Codec.NONE).withBatchLongs(64)
                        .withWorkers(2).withChunkEvents(100);
                try (TraceRecorder rec = TraceRecorder.open(file, config)) {
                    run = program.run(rec);
                }
                ParallelTrace trace = ParallelTrace.open(file);
                Map<String, Integer> index = TraceTestSupport.indexByName(trace);
                Random random = new Random(seed);
                for (int k = 0; k < program.threads(); k++) {
                    int t = index.get(RandomProgram.Run.name(k));
                    String what = mode + " thread " + k;
                    checkSegments(trace.thread(t), events(trace.thread(t)), random, what);
                    if (mode == TraceMode.ALL) {
                        ThreadTrace view = trace.dataView(t);
                        List<Event> dor = project(run.recorded.get(k), TraceMode.DOR);
                        assertThat(events(view)).as("%s: DOR view", what).isEqualTo(dor);
                        assertThat(view.eventCount()).isEqualTo(dor.size());
                        checkSegments(view, dor, random, what + " (DOR view)");
                    } else {
                        assertThat(trace.dataView(t)).isNull();
                    }
                }
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
            }
            Files.delete(dir);
        }
    }

    /** Every (m, n) for few sync ops; otherwise a sample plus every pair around a chunk boundary. */
    static void checkSegments(ThreadTrace t, List<Event> all, Random random, String what) {
        long[] pos = syncPositions(all);
        int s = pos.length;
        assertThat(t.syncCount()).as("%s: sync count", what).isEqualTo(s);
        for (int m = 0; m < s; m++) assertThat(t.syncPosition(m)).as("%s: syncPosition(%d)", what, m).isEqualTo(pos[m]);

        List<long[]> pairs = new ArrayList<>();
        if (s <= 24) {
            for (int m = 0; m < s; m++) for (int n = m; n < s; n++) pairs.add(new long[] {m, n});
        } else {
            for (int i = 0; i < 120; i++) {
                int a = random.nextInt(s);
                int b = random.nextInt(s);
                pairs.add(new long[] {Math.min(a, b), Math.max(a, b)});
            }
            pairs.add(new long[] {0, s - 1});
            long before = 0;
            for (ThreadChunk p : t.pieces()) { // first sync op of each chunk: pairs across the boundary
                before += p.syncCount();
                if (before > 0 && before < s) {
                    pairs.add(new long[] {before - 1, before});
                    pairs.add(new long[] {before - 1, before - 1});
                    pairs.add(new long[] {before, before});
                    pairs.add(new long[] {random.nextInt((int) before), before + random.nextInt(s - (int) before)});
                }
            }
        }
        for (long[] mn : pairs) {
            long m = mn[0];
            long n = mn[1];
            List<Event> expected = all.subList((int) pos[(int) m], (int) pos[(int) n] + 1);
            assertThat(drain(t.segment(m, n))).as("%s: segment(%d, %d)", what, m, n).isEqualTo(expected);
            EdgeCounts.Span span = t.span(m, n);
            if (span != null) { // both in one chunk: the span's positions are the chunk's
                assertThat(span.to() - span.from()).isEqualTo(pos[(int) n] - pos[(int) m]);
                assertThat(span.toInRule() - span.fromInRule()).isEqualTo(pos[(int) n] - pos[(int) m]);
            }
        }
        checkRanges(t, all, random, what);
        if (s > 0) {
            assertThatThrownBy(() -> t.segment(-1, 0)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> t.segment(0, s)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> t.syncPosition(s)).isInstanceOf(IndexOutOfBoundsException.class);
        }
        if (s > 1) assertThatThrownBy(() -> t.segment(1, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /**
     * {@code events(from, to)}: positions from..to, clipped to the thread's length, for random
     * ranges, ranges around every chunk boundary, and ranges partly or wholly outside.
     */
    static void checkRanges(ThreadTrace t, List<Event> all, Random random, String what) {
        int n = all.size();
        assertThat(t.eventCount()).as("%s: event count", what).isEqualTo(n);
        List<long[]> ranges = new ArrayList<>(List.of(new long[] {0, n - 1}, new long[] {0, n + 5}, new long[] {-1, 3},
                new long[] {n, n + 3}, new long[] {n - 1, n - 1}, new long[] {3, 2}));
        for (int i = 0; i < 30 && n > 0; i++) {
            int a = random.nextInt(n);
            ranges.add(new long[] {a, a + random.nextInt(Math.max(1, n / 3))});
        }
        for (int p = 1; p < t.pieces().size(); p++) {
            long b = t.eventsBeforePiece(p);
            ranges.add(new long[] {b - 1, b});
            ranges.add(new long[] {b, b});
            ranges.add(new long[] {Math.max(0, b - 3), b + 3});
        }
        for (long[] r : ranges) {
            long from = r[0];
            long to = Math.min(r[1], n - 1);
            List<Event> expected = from < 0 || from > to ? List.of() : all.subList((int) from, (int) to + 1);
            assertThat(drain(t.events(r[0], r[1]))).as("%s: events(%d, %d)", what, r[0], r[1]).isEqualTo(expected);
        }
        for (int p = 0; p < t.pieces().size(); p++) {
            long b = t.eventsBeforePiece(p);
            long len = t.wpp(p).length();
            assertThat(t.eventsBeforePiece(p + 1) - b).isEqualTo(len);
            if (len > 0) {
                assertThat(t.pieceOfEvent(b)).isEqualTo(p);
                assertThat(t.pieceOfEvent(b + len - 1)).isEqualTo(p);
            }
        }
    }

    @Provide
    Arbitrary<RandomProgram> programs() {
        return RandomProgram.programs(4, 40, 2);
    }
}
