package dev.wholetrace.reader;

import static dev.wholetrace.reader.TraceTestSupport.assertSameCounts;
import static dev.wholetrace.reader.TraceTestSupport.count;
import static dev.wholetrace.reader.TraceTestSupport.drain;
import static dev.wholetrace.reader.TraceTestSupport.events;
import static dev.wholetrace.reader.TraceTestSupport.syncPositions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link TraceView} over random multi-chunk recordings in every mode, against the loaded trace it
 * views: events, segments between sync operations, counts, and the grammars (whose expansions, read
 * through {@link ThreadGrammar#type}/{@link ThreadGrammar#value}, concatenate to the thread's events,
 * and whose address streams hold each instruction's addresses in order).
 */
class TraceViewPropertiesTest {

    @Property(tries = 10)
    void theViewReadsWhatTheTraceHolds(@ForAll("programs") RandomProgram program) throws Exception {
        Path dir = Files.createTempDirectory("wtrace-view");
        try {
            for (TraceMode mode : TraceMode.values()) {
                Path file = dir.resolve(mode.label() + ".wtrace");
                RecorderConfig config = RecorderConfig.defaults(mode).withCodec(Codec.NONE).withBatchLongs(64)
                        .withWorkers(2).withChunkEvents(100);
                try (TraceRecorder rec = TraceRecorder.open(file, config)) {
                    program.run(rec);
                }
                ParallelTrace trace = ParallelTrace.open(file);
                TraceView view = trace; // what analyses see
                checkSections(view, trace);
                for (int t = 0; t < view.threadCount(); t++) {
                    String what = mode + " thread " + t;
                    List<Event> all = events(trace.thread(t));
                    assertThat(drain(view.events(t))).as("%s: events", what).isEqualTo(all);
                    assertThat(view.eventCount(t)).as("%s: event count", what).isEqualTo(all.size());
                    assertSameCounts(view.eventCounts(t), count(all), what);
                    checkSegments(view, t, all, what);
                    checkGrammars(view, t, all, mode, what);
                }
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
            }
            Files.delete(dir);
        }
    }

    /** The view lists every section of every chunk, in file order. */
    private static void checkSections(TraceView view, ParallelTrace trace) {
        List<Section> sections = new ArrayList<>();
        trace.chunks().forEach(sections::addAll);
        assertThat(view.sections()).isEqualTo(sections);
    }

    /** Segment k is the slice strictly between sync operations k-1 and k. */
    private static void checkSegments(TraceView view, int t, List<Event> all, String what) {
        long[] pos = syncPositions(all);
        assertThat(view.syncCount(t)).as("%s: sync count", what).isEqualTo(pos.length);
        assertThat(view.segmentCount(t)).isEqualTo(pos.length + 1L);
        for (int k = 0; k <= pos.length; k++) {
            int from = k == 0 ? 0 : (int) pos[k - 1] + 1;
            int to = k == pos.length ? all.size() : (int) pos[k];
            assertThat(drain(view.segment(t, k))).as("%s: segment %d", what, k).isEqualTo(all.subList(from, to));
        }
        assertThatThrownBy(() -> view.segment(t, pos.length + 1L)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /** The grammars' terminals, in order, are the events (addresses from the streams in CDR and ALL). */
    private static void checkGrammars(TraceView view, int t, List<Event> all, TraceMode mode, String what) {
        int at = 0;
        long syncs = 0;
        for (ThreadGrammar g : view.grammars(t)) {
            Map<Integer, DiffRleDecoder> streams = new HashMap<>();
            for (int k = 0; k < g.addressStreams(); k++) streams.put(g.addressStreamTerminal(k), g.addressStream(k));
            assertThat(g.addressStreams() > 0 || !mode.streams || streamsEmpty(all, at, g.eventCount())).as("%s: streams", what).isTrue();
            for (GrammarExpander x = g.wpp().expander(); x.hasNext(); at++) {
                int s = x.next();
                Event e = all.get(at);
                assertThat(g.type(s)).as("%s: event %d", what, at).isEqualTo(e.type());
                long value = g.value(s);
                switch (e.type()) {
                    case BLOCK -> assertThat(value).isEqualTo(e.id());
                    case SYNC -> assertThat(value).isEqualTo(SymbolTag.syncValue(e.kind(), e.id()));
                    case LOAD, STORE -> {
                        if (mode.streams) {
                            assertThat(value).isEqualTo(e.id());
                            assertThat(streams.get(s).nextLong()).as("%s: address of event %d", what, at).isEqualTo(e.address());
                        } else if (mode.controlAccesses()) { // EWPP: the instruction, no address
                            assertThat(value).isEqualTo(e.id());
                        } else {
                            assertThat(value).isEqualTo(e.address());
                        }
                    }
                }
            }
            for (DiffRleDecoder d : streams.values()) assertThat(d.hasNext()).as("%s: a stream outlasts its grammar", what).isFalse();
            syncs += g.syncCount();
        }
        assertThat(at).as("%s: the grammars' lengths add up", what).isEqualTo(all.size());
        assertThat(syncs).isEqualTo(view.syncCount(t));
    }

    private static boolean streamsEmpty(List<Event> all, int from, long length) {
        for (int i = from; i < from + length; i++) if (all.get(i).isAccess()) return false;
        return true;
    }

    @Provide
    Arbitrary<RandomProgram> programs() {
        return RandomProgram.programs(4, 40, 2);
    }
}
