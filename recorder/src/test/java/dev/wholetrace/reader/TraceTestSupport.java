package dev.wholetrace.reader;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.wtrace.Section;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Oracles shared by the parallel-trace tests (trace, wtrace and record packages): brute-force
 * views of a loaded trace that do not go through the code under test more than necessary.
 */
public final class TraceTestSupport {
    private TraceTestSupport() {}

    public static List<Event> drain(Iterator<Event> it) {
        List<Event> out = new ArrayList<>();
        while (it.hasNext()) out.add(it.next());
        return out;
    }

    /** Every event of thread t, expanded in full. */
    public static List<Event> events(ThreadTrace t) {
        return drain(t.events());
    }

    /** What a trace of {@code mode} keeps of recorded events ({@link Event#projectTo}). */
    public static List<Event> project(List<Event> recorded, TraceMode mode) {
        List<Event> out = new ArrayList<>();
        for (Event e : recorded) {
            Event p = e.projectTo(mode);
            if (p != null) out.add(p);
        }
        return out;
    }

    /** Thread name → index in the trace (indices follow the racy order of first events). */
    public static Map<String, Integer> indexByName(ParallelTrace trace) {
        Map<String, Integer> out = new HashMap<>();
        for (ThreadInfo t : trace.threads()) {
            Integer prev = out.put(t.name(), t.index());
            assertThat(prev).as("thread name %s is unique", t.name()).isNull();
        }
        return out;
    }

    /** Counts events one by one (the oracle for {@link EventCounts#of}). */
    public static EventCounts count(List<Event> events) {
        EventCounts c = new EventCounts();
        for (Event e : events) c.add(e);
        return c;
    }

    public static void assertSameCounts(EventCounts actual, EventCounts expected, String what) {
        assertThat(actual.blocks).as("%s: blocks", what).isEqualTo(expected.blocks);
        assertThat(actual.loads).as("%s: loads", what).isEqualTo(expected.loads);
        assertThat(actual.stores).as("%s: stores", what).isEqualTo(expected.stores);
        assertThat(actual.sync).as("%s: sync ops by kind", what).containsExactly(expected.sync);
    }

    /** Positions of the sync events in a thread's expanded stream, found by scanning it. */
    public static long[] syncPositions(List<Event> events) {
        long[] out = new long[(int) events.stream().filter(Event::isSync).count()];
        int k = 0;
        for (int i = 0; i < events.size(); i++) if (events.get(i).isSync()) out[k++] = i;
        return out;
    }

    /** File offset just past chunk c (the end of its CHUNK_END section). */
    public static long chunkEnd(List<List<Section>> chunks, int c) {
        List<Section> sections = chunks.get(c);
        Section last = sections.get(sections.size() - 1);
        return last.offset() + last.fileBytes();
    }

    /** Writes the first {@code length} bytes of {@code bytes}, then {@code tail}, to {@code file}. */
    public static Path writeCut(Path file, byte[] bytes, int length, byte[] tail) throws IOException {
        byte[] out = new byte[length + tail.length];
        System.arraycopy(bytes, 0, out, 0, length);
        System.arraycopy(tail, 0, out, length, tail.length);
        return Files.write(file, out);
    }

    /**
     * Asserts that {@code prefix}, a trace read from a damaged or cut copy of {@code full}'s file,
     * holds exactly the first {@code prefix.chunkCount()} chunks of {@code full}: the same threads
     * (those declared so far), each thread's events up to that chunk, and S_synch restricted to
     * the sync operations those events hold.
     */
    public static void assertIsChunkPrefix(ParallelTrace prefix, ParallelTrace full, Map<Integer, List<Event>> fullEvents,
                                           String what) {
        int k = prefix.chunkCount();
        assertThat(k).as("%s: chunk count", what).isLessThanOrEqualTo(full.chunkCount());
        assertThat(prefix.mode()).isEqualTo(full.mode());
        int threads = prefix.threads().size();
        assertThat(prefix.threads()).as("%s: threads", what).isEqualTo(full.threads().subList(0, threads));
        long syncOps = 0;
        for (int t = 0; t < full.threads().size(); t++) {
            long expectedCount = full.thread(t).eventsBeforeChunk(k);
            if (t >= threads) {
                assertThat(expectedCount).as("%s: thread %d has events but was not declared", what, t).isZero();
                continue;
            }
            List<Event> expected = fullEvents.get(t).subList(0, (int) expectedCount);
            assertThat(events(prefix.thread(t))).as("%s: events of thread %d", what, t).isEqualTo(expected);
            assertThat(prefix.thread(t).eventCount()).isEqualTo(expectedCount);
            syncOps += prefix.thread(t).syncCount();
        }
        SyncOrder p = prefix.syncOrder();
        SyncOrder f = full.syncOrder();
        assertThat((long) p.size()).as("%s: S_synch size", what).isEqualTo(syncOps);
        int j = 0;
        for (int i = 0; i < f.size() && j < p.size(); i++) {
            int t = f.thread(i);
            if (t >= threads || f.op(i) >= prefix.thread(t).syncCount()) continue;
            assertThat(p.ticket(j)).as("%s: S_synch entry %d", what, j).isEqualTo(f.ticket(i));
            assertThat(p.thread(j)).isEqualTo(t);
            assertThat(p.op(j)).isEqualTo(f.op(i));
            assertThat(p.kind(j)).isEqualTo(f.kind(i));
            assertThat(p.object(j)).isEqualTo(f.object(i));
            assertThat(p.aux(j)).isEqualTo(f.aux(i));
            j++;
        }
        assertThat(j).as("%s: S_synch entries matched", what).isEqualTo(p.size());
    }

    /**
     * What a reader sees of a trace's content, as plain values: cheap to compare with {@code equals}
     * once one trace with the same content has been checked in detail.
     */
    public record Snapshot(int chunks, Map<String, String> properties, List<ThreadInfo> threads, List<List<Event>> events,
                           List<List<Long>> syncOrder) {}

    public static Snapshot snapshot(ParallelTrace trace) {
        List<List<Event>> events = new ArrayList<>();
        for (int t = 0; t < trace.threads().size(); t++) events.add(events(trace.thread(t)));
        List<List<Long>> order = new ArrayList<>();
        SyncOrder o = trace.syncOrder();
        for (int i = 0; i < o.size(); i++) {
            order.add(List.of(o.ticket(i), (long) o.thread(i), o.op(i), (long) o.kind(i).ordinal(), (long) o.site(i),
                    o.object(i), o.aux(i)));
        }
        return new Snapshot(trace.chunkCount(), Map.copyOf(trace.properties()), List.copyOf(trace.threads()), events, order);
    }

    /** All threads' events of a trace, expanded once (keys: thread index). */
    public static Map<Integer, List<Event>> allEvents(ParallelTrace trace) {
        Map<Integer, List<Event>> out = new HashMap<>();
        for (int t = 0; t < trace.threads().size(); t++) out.put(t, events(trace.thread(t)));
        return out;
    }
}
