package dev.wholetrace.report.timeline;

import static dev.wholetrace.report.timeline.PerfettoFields.*;

import com.google.protobuf.CodedOutputStream;
import dev.wholetrace.analysis.timeline.Slice;
import dev.wholetrace.analysis.timeline.TimelineInfo;
import dev.wholetrace.analysis.timeline.TimelineSink;
import dev.wholetrace.analysis.timeline.TimelineSummary;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A timeline as a Perfetto protobuf trace (a {@code Trace} of {@code TracePacket}s with
 * TrackEvents), written packet by packet with protobuf-java's {@link CodedOutputStream}, all on one
 * packet sequence. Tracks: a process (uuid 1), per thread a thread track (uuid 16 + 2t, tid = t + 1)
 * and an event-rate counter track (17 + 2t), and a "wholetrace" track (uuid 2) whose first and last
 * instants carry the time axis, the aggregation and the totals as debug annotations. Slices are
 * SLICE_BEGIN/SLICE_END pairs; a flow id started or stepped at a slice is in its {@code flow_ids},
 * one that ends there in its {@code terminating_flow_ids}. Slice names, categories, argument names
 * and string values are interned (written once in the packet's {@code interned_data}, then named
 * by iid), which keeps a sync operation to some 100 bytes. Field numbers: {@link PerfettoFields}.
 */
public final class PerfettoTrace implements TimelineSink {
    static final long PROCESS_TRACK = 1;
    static final long INFO_TRACK = 2;
    private static final int SEQUENCE = 1;

    private final OutputStream sink;
    private final CodedOutputStream out;
    private final Message packet = new Message();
    private final Message event = new Message();
    private final Message nested = new Message();
    private final Message annotation = new Message();
    private final Message interned = new Message();
    private final Message entry = new Message();
    private final Interned names = new Interned(INTERNED_EVENT_NAMES);
    private final Interned categories = new Interned(INTERNED_EVENT_CATEGORIES);
    private final Interned argNames = new Interned(INTERNED_ANNOTATION_NAMES);
    private final Interned strings = new Interned(INTERNED_ANNOTATION_STRINGS);
    private TimelineInfo info;
    private long lastNs;
    private boolean first = true;

    public PerfettoTrace(OutputStream out) {
        this.sink = out;
        this.out = CodedOutputStream.newInstance(out, 1 << 16);
    }

    static long threadTrack(int t) {
        return 16 + 2L * t;
    }

    static long counterTrack(int t) {
        return 17 + 2L * t;
    }

    /** A growable buffer with a CodedOutputStream on it, reused for every message of its level. */
    private static final class Message {
        byte[] buf = new byte[256];
        int size;

        Message clear() {
            size = 0;
            return this;
        }

        private void room(int n) {
            if (size + n > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
        }

        /** Writes one field of {@code n} bytes (computed by the caller with CodedOutputStream's size methods). */
        private Message put(int n, Field f) throws IOException {
            room(n);
            f.writeTo(CodedOutputStream.newInstance(buf, size, n));
            size += n;
            return this;
        }

        Message uint64(int field, long v) throws IOException {
            return put(CodedOutputStream.computeUInt64Size(field, v), out -> out.writeUInt64(field, v));
        }

        Message int64(int field, long v) throws IOException {
            return put(CodedOutputStream.computeInt64Size(field, v), out -> out.writeInt64(field, v));
        }

        Message fixed64(int field, long v) throws IOException {
            return put(CodedOutputStream.computeFixed64Size(field, v), out -> out.writeFixed64(field, v));
        }

        Message dbl(int field, double v) throws IOException {
            return put(CodedOutputStream.computeDoubleSize(field, v), out -> out.writeDouble(field, v));
        }

        Message string(int field, String v) throws IOException {
            return put(CodedOutputStream.computeStringSize(field, v), out -> out.writeString(field, v));
        }

        Message message(int field, Message m) throws IOException {
            int n = CodedOutputStream.computeTagSize(field) + CodedOutputStream.computeUInt32SizeNoTag(m.size) + m.size;
            return put(n, out -> out.writeByteArray(field, m.buf, 0, m.size));
        }

        @FunctionalInterface
        private interface Field {
            void writeTo(CodedOutputStream out) throws IOException;
        }
    }

    /** One kind of interned string: iids from 1, new ones collected for the next packet's interned_data. */
    private final class Interned {
        private final int field;
        private final java.util.Map<String, Long> iids = new java.util.HashMap<>();

        Interned(int field) {
            this.field = field;
        }

        long iid(String s) throws IOException {
            Long iid = iids.get(s);
            if (iid != null) return iid;
            long n = iids.size() + 1;
            iids.put(s, n);
            entry.clear().uint64(INTERNED_IID, n).string(INTERNED_NAME, s);
            interned.message(field, entry);
            return n;
        }
    }

    private void writePacket(long ns, Message body, int field) throws IOException {
        packet.clear();
        if (ns >= 0) packet.uint64(PACKET_TIMESTAMP, ns);
        packet.uint64(PACKET_TRUSTED_SEQUENCE_ID, SEQUENCE);
        if (first) {
            packet.uint64(PACKET_SEQUENCE_FLAGS, SEQ_INCREMENTAL_STATE_CLEARED | SEQ_NEEDS_INCREMENTAL_STATE);
            first = false;
        } else if (field == PACKET_TRACK_EVENT) {
            packet.uint64(PACKET_SEQUENCE_FLAGS, SEQ_NEEDS_INCREMENTAL_STATE);
        }
        if (interned.size > 0) {
            packet.message(PACKET_INTERNED_DATA, interned);
            interned.clear();
        }
        packet.message(field, body);
        out.writeByteArray(TRACE_PACKET, packet.buf, 0, packet.size);
    }

    @Override
    public void start(TimelineInfo info) throws IOException {
        this.info = info;
        event.clear().uint64(TRACK_UUID, PROCESS_TRACK)
                .message(TRACK_PROCESS, nested.clear().int64(PROCESS_PID, 1).string(PROCESS_NAME, info.program().isEmpty() ? "wholetrace" : info.program()));
        writePacket(-1, event, PACKET_TRACK_DESCRIPTOR);
        event.clear().uint64(TRACK_UUID, INFO_TRACK).uint64(TRACK_PARENT_UUID, PROCESS_TRACK).string(TRACK_NAME, "wholetrace");
        writePacket(-1, event, PACKET_TRACK_DESCRIPTOR);
        for (int t = 0; t < info.threads().size(); t++) {
            String name = info.threads().get(t) + " (T" + t + ")";
            event.clear().uint64(TRACK_UUID, threadTrack(t)).uint64(TRACK_PARENT_UUID, PROCESS_TRACK)
                    .message(TRACK_THREAD, nested.clear().int64(THREAD_PID, 1).int64(THREAD_TID, t + 1).string(THREAD_NAME, name));
            writePacket(-1, event, PACKET_TRACK_DESCRIPTOR);
            event.clear().uint64(TRACK_UUID, counterTrack(t)).uint64(TRACK_PARENT_UUID, PROCESS_TRACK)
                    .string(TRACK_NAME, name + " events/position").message(TRACK_COUNTER, nested.clear());
            writePacket(-1, event, PACKET_TRACK_DESCRIPTOR);
        }
        event.clear().uint64(EVENT_TYPE, TYPE_INSTANT).uint64(EVENT_TRACK_UUID, INFO_TRACK)
                .string(EVENT_NAME, info.aggregated() ? "timeline (aggregated)" : "timeline")
                .message(EVENT_DEBUG_ANNOTATIONS, text("time axis", info.axis()))
                .message(EVENT_DEBUG_ANNOTATIONS, number("sync operations", info.operations()))
                .message(EVENT_DEBUG_ANNOTATIONS, number("window from", info.from()))
                .message(EVENT_DEBUG_ANNOTATIONS, number("window to", info.to()))
                .message(EVENT_DEBUG_ANNOTATIONS, number("max drawn", info.maxDrawn()))
                .message(EVENT_DEBUG_ANNOTATIONS, number("bin width", info.binWidth()));
        if (info.aggregated()) {
            event.message(EVENT_DEBUG_ANNOTATIONS, text("aggregated", "more sync operations than the limit: each slice stands for "
                    + info.binWidth() + " positions of the sync order; hand-overs are counted, not drawn"));
        }
        writePacket(0, event, PACKET_TRACK_EVENT);
    }

    private Message text(String name, String value) throws IOException {
        return annotation.clear().string(ANNOTATION_NAME, name).string(ANNOTATION_STRING_VALUE, value);
    }

    private Message number(String name, long value) throws IOException {
        return annotation.clear().string(ANNOTATION_NAME, name).int64(ANNOTATION_INT_VALUE, value);
    }

    private Message internedText(String name, String value) throws IOException {
        return annotation.clear().uint64(ANNOTATION_NAME_IID, argNames.iid(name)).uint64(ANNOTATION_STRING_VALUE_IID, strings.iid(value));
    }

    private Message internedNumber(String name, long value) throws IOException {
        return annotation.clear().uint64(ANNOTATION_NAME_IID, argNames.iid(name)).int64(ANNOTATION_INT_VALUE, value);
    }

    @Override
    public void begin(int thread, long ns, Slice s) throws IOException {
        lastNs = ns;
        event.clear().uint64(EVENT_TYPE, TYPE_SLICE_BEGIN).uint64(EVENT_TRACK_UUID, threadTrack(thread))
                .uint64(EVENT_NAME_IID, names.iid(s.name())).uint64(EVENT_CATEGORY_IIDS, categories.iid(s.category().label));
        for (int k = 0; k < s.argCount(); k++) {
            Object v = s.argValue(k);
            event.message(EVENT_DEBUG_ANNOTATIONS, v instanceof Long l ? internedNumber(s.argName(k), l) : internedText(s.argName(k), String.valueOf(v)));
        }
        for (int k = 0; k < s.flowStarts(); k++) event.fixed64(EVENT_FLOW_IDS, s.flowStart(k));
        for (int k = 0; k < s.flowSteps(); k++) event.fixed64(EVENT_FLOW_IDS, s.flowStep(k));
        for (int k = 0; k < s.flowEnds(); k++) event.fixed64(EVENT_TERMINATING_FLOW_IDS, s.flowEnd(k));
        writePacket(ns, event, PACKET_TRACK_EVENT);
    }

    @Override
    public void end(int thread, long ns) throws IOException {
        lastNs = ns;
        event.clear().uint64(EVENT_TYPE, TYPE_SLICE_END).uint64(EVENT_TRACK_UUID, threadTrack(thread));
        writePacket(ns, event, PACKET_TRACK_EVENT);
    }

    @Override
    public void counter(int thread, long ns, double eventsPerPosition) throws IOException {
        lastNs = ns;
        event.clear().uint64(EVENT_TYPE, TYPE_COUNTER).uint64(EVENT_TRACK_UUID, counterTrack(thread))
                .dbl(EVENT_DOUBLE_COUNTER_VALUE, eventsPerPosition);
        writePacket(ns, event, PACKET_TRACK_EVENT);
    }

    @Override
    public void finish(TimelineSummary summary) throws IOException {
        event.clear().uint64(EVENT_TYPE, TYPE_INSTANT).uint64(EVENT_TRACK_UUID, INFO_TRACK).string(EVENT_NAME, "summary")
                .message(EVENT_DEBUG_ANNOTATIONS, number("slices", summary.slices()))
                .message(EVENT_DEBUG_ANNOTATIONS, number("hand-overs", summary.handOvers()))
                .message(EVENT_DEBUG_ANNOTATIONS, text("hand-overs drawn", info.aggregated() ? "no (aggregated: counted only)" : "yes"))
                .message(EVENT_DEBUG_ANNOTATIONS, number("hand-overs from before the window", summary.handOversFromBefore()))
                .message(EVENT_DEBUG_ANNOTATIONS, number("barrier episodes", summary.episodes()))
                .message(EVENT_DEBUG_ANNOTATIONS, number("holdings not drawn", summary.holdsNotDrawn()))
                .message(EVENT_DEBUG_ANNOTATIONS, number("unmatched unlocks", summary.unmatchedUnlocks()));
        writePacket(lastNs + 1, event, PACKET_TRACK_EVENT);
        out.flush();
        sink.flush();
    }
}
