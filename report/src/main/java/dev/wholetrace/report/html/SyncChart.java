package dev.wholetrace.report.html;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.wholetrace.analysis.timeline.Slice;
import dev.wholetrace.analysis.timeline.TimeAxis;
import dev.wholetrace.analysis.timeline.Timeline;
import dev.wholetrace.analysis.timeline.TimelineInfo;
import dev.wholetrace.analysis.timeline.TimelineSink;
import dev.wholetrace.analysis.timeline.TimelineSummary;
import dev.wholetrace.model.event.TraceClock;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.TraceView;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The synchronization of an execution as a message-sequence chart (parallel-wpp-compression,
 * Figure 1), collected from analysis/timeline's {@link Timeline}: per thread its life line (the
 * segments between its sync operations), its sync operations, the locks it holds, and an arrow for
 * each happens-before hand-over (lock hand-overs, fork → begin, end → join, ...) and each barrier
 * episode's chain of passes. Above the timeline's limit the operations arrive aggregated into bins
 * (one box per thread and bin, hand-overs counted): that is kept as it comes and the page says so.
 *
 * <p>The x axis is S_synch's order: entry i covers [i, i+1) (the timeline's {@link TimeAxis} slot,
 * shifted to start at 0). With a clock (format version 5) the chart also carries the time of every
 * k-th position ({@link #CLOCK_SAMPLES} at most), so the page can put the same chart on a time axis.
 * What it holds is bounded by the timeline's limit: about five numbers per drawn operation, segment,
 * holding and arrow.
 */
final class SyncChart implements TimelineSink {
    private TimelineInfo info;
    private TimelineSummary summary;
    /** [thread, order, kind, object, site]: kind and site index {@link #kinds} and {@link #sites}; the object is written as a string. */
    private final List<long[]> ops = new ArrayList<>();
    /** [thread, from×1000, to×1000, events]: life-line pieces (a thread's segments). */
    private final List<long[]> segments = new ArrayList<>();
    /** [thread, from×1000, to×1000, object]: lock holdings (the object written as a string). */
    private final List<long[]> holds = new ArrayList<>();
    /** [fromOrder, fromThread, toOrder, toThread, barrier 0/1]. */
    private final List<long[]> arrows = new ArrayList<>();
    /** [thread, fromOrder, toOrder, operations, events, hand-overs received]: the bins when aggregated. */
    private final List<long[]> bins = new ArrayList<>();
    private final Map<String, Integer> kinds = new LinkedHashMap<>();
    private final Map<String, Integer> sites = new LinkedHashMap<>();
    /** Flow id → [order, thread, barrier 0/1] of the operation it last touched. */
    private final Map<Long, long[]> flows = new HashMap<>();
    /** Per thread, its open slices: [category ordinal, begin ns, object or events]. */
    private final Map<Integer, ArrayDeque<long[]>> open = new HashMap<>();

    /** Samples of the coarse clock along the order: [order, µs after the start]. */
    private final List<long[]> clock = new ArrayList<>();
    private TraceClock traceClock = TraceClock.NONE;

    /** At most this many clock samples are embedded (every k-th entry of the order, and the last). */
    static final int CLOCK_SAMPLES = 4_000;

    /** Replays {@code timeline} (made from {@code trace}) into a new chart, with the trace's clock along its order. */
    static SyncChart of(Timeline timeline, TraceView trace) throws IOException {
        SyncChart chart = new SyncChart();
        timeline.replay(chart);
        chart.sampleClock(trace);
        return chart;
    }

    /**
     * The time of every k-th sync operation of the window, interpolated by the trace's clock
     * ({@link TraceClock#nanos}): enough for the page to put any position of the order on a time
     * axis (linear in between), without a number per operation for big traces.
     */
    private void sampleClock(TraceView trace) {
        traceClock = trace.clock();
        if (!traceClock.known() || info.to() < info.from()) return;
        SyncOrder order = trace.syncOrder();
        long n = info.to() - info.from() + 1;
        long step = Math.max(1, (n + CLOCK_SAMPLES - 1) / CLOCK_SAMPLES);
        for (long i = info.from(); i <= info.to(); i += step) clock.add(new long[] {i, traceClock.nanos(order.ticket((int) i)) / 1000});
        if ((n - 1) % step != 0) clock.add(new long[] {info.to(), traceClock.nanos(order.ticket((int) info.to())) / 1000});
        // the end of the last position: the last operation's latest possible time
        clock.add(new long[] {info.to() + 1, Math.max(clock.get(clock.size() - 1)[1], traceClock.latest(order.ticket((int) info.to())) / 1000)});
        // each drawn operation's error bar: the clock samples around it bound when it can have happened (µs)
        for (int k = 0; k < ops.size(); k++) {
            long[] o = ops.get(k);
            long ticket = order.ticket((int) o[1]);
            ops.set(k, new long[] {o[0], o[1], o[2], o[3], o[4], traceClock.earliest(ticket) / 1000, traceClock.latest(ticket) / 1000});
        }
    }

    @Override
    public void start(TimelineInfo info) {
        this.info = info;
    }

    @Override
    public void begin(int thread, long ns, Slice slice) {
        long extra = 0;
        switch (slice.category()) {
            case SYNC -> {
                long order = longArg(slice, "order");
                ops.add(new long[] {thread, order, index(kinds, slice.name()), longArg(slice, "object"), index(sites, stringArg(slice, "site"))});
                long barrier = slice.name().equals("barrier") ? 1 : 0;
                for (int k = 0; k < slice.flowEnds(); k++) arrow(flows.remove(slice.flowEnd(k)), order, thread);
                for (int k = 0; k < slice.flowSteps(); k++) arrow(flows.put(slice.flowStep(k), new long[] {order, thread, barrier}), order, thread);
                for (int k = 0; k < slice.flowStarts(); k++) flows.put(slice.flowStart(k), new long[] {order, thread, barrier});
            }
            case SEGMENT -> extra = longArg(slice, "events");
            case HOLD -> extra = longArg(slice, "object");
            case AGGREGATE -> bins.add(new long[] {thread, longArg(slice, "from order"), longArg(slice, "to order"), longArg(slice, "sync operations"),
                    longArg(slice, "events"), longArg(slice, "hand-overs received")});
        }
        open.computeIfAbsent(thread, t -> new ArrayDeque<>()).push(new long[] {slice.category().ordinal(), ns, extra});
    }

    /** A flow reaches the operation at {@code order} from {@code from} ([order, thread, barrier]): one arrow. */
    private void arrow(long[] from, long order, int thread) {
        if (from != null) arrows.add(new long[] {from[0], from[1], order, thread, from[2]});
    }

    @Override
    public void end(int thread, long ns) {
        long[] s = open.get(thread).pop();
        Slice.Category c = Slice.Category.values()[(int) s[0]];
        if (c == Slice.Category.SEGMENT) segments.add(new long[] {thread, milli(s[1]), milli(ns), s[2]});
        else if (c == Slice.Category.HOLD) holds.add(new long[] {thread, milli(s[1]), milli(ns), s[2]});
    }

    /** A timeline time as thousandths of a position of S_synch, entry 0 starting at 0. */
    private static long milli(long ns) {
        return ns - TimeAxis.slot(0);
    }

    @Override
    public void counter(int thread, long ns, double eventsPerPosition) {}

    @Override
    public void finish(TimelineSummary summary) {
        this.summary = summary;
    }

    TimelineInfo info() {
        return info;
    }

    TimelineSummary summary() {
        return summary;
    }

    TraceClock clock() {
        return traceClock;
    }

    boolean aggregated() {
        return info.aggregated();
    }

    /** The chart's data: {@code threads}, {@code kinds}, {@code sites}, the lists above, and what was drawn. */
    void writeJson(JsonGenerator j) throws IOException {
        j.writeStartObject();
        j.writeArrayFieldStart("threads");
        for (int t = 0; t < info.threads().size(); t++) j.writeString(t + " " + info.threads().get(t));
        j.writeEndArray();
        strings(j, "kinds", kinds);
        strings(j, "sites", sites);
        j.writeNumberField("operations", info.operations());
        j.writeNumberField("from", info.from());
        j.writeNumberField("to", info.to());
        j.writeNumberField("binWidth", info.binWidth());
        j.writeBooleanField("aggregated", info.aggregated());
        j.writeNumberField("handOvers", summary.handOvers());
        rows(j, "ops", ops, 3);
        rows(j, "segments", segments, -1);
        rows(j, "holds", holds, 3);
        rows(j, "arrows", arrows, -1);
        rows(j, "bins", bins, -1);
        j.writeObjectFieldStart("clock");
        j.writeBooleanField("known", traceClock.known());
        j.writeNumberField("samples", traceClock.samples());
        j.writeNumberField("spanMicros", traceClock.spanNanos() / 1000);
        rows(j, "along", clock, -1);
        j.writeEndObject();
        j.writeEndObject();
    }

    private static void strings(JsonGenerator j, String name, Map<String, Integer> table) throws IOException {
        j.writeArrayFieldStart(name);
        for (String s : table.keySet()) j.writeString(s);
        j.writeEndArray();
    }

    /** Rows of numbers; column {@code object} (a sync object: thread objects use bit 62) as a string, which JavaScript's doubles keep exact. */
    private static void rows(JsonGenerator j, String name, List<long[]> rows, int object) throws IOException {
        j.writeArrayFieldStart(name);
        for (long[] r : rows) {
            j.writeStartArray();
            for (int k = 0; k < r.length; k++) {
                if (k == object) j.writeString(Long.toString(r[k]));
                else j.writeNumber(r[k]);
            }
            j.writeEndArray();
        }
        j.writeEndArray();
    }

    private static int index(Map<String, Integer> table, String s) {
        return table.computeIfAbsent(s == null ? "" : s, k -> table.size());
    }

    private static long longArg(Slice s, String name) {
        for (int k = 0; k < s.argCount(); k++) if (s.argName(k).equals(name) && s.argValue(k) instanceof Long v) return v;
        return 0;
    }

    private static String stringArg(Slice s, String name) {
        for (int k = 0; k < s.argCount(); k++) if (s.argName(k).equals(name)) return String.valueOf(s.argValue(k));
        return null;
    }
}
