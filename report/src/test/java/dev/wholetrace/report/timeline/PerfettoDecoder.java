package dev.wholetrace.report.timeline;

import static dev.wholetrace.report.timeline.PerfettoFields.*;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a Perfetto trace with protobuf-java's {@link CodedInputStream} by the documented schema
 * (the field numbers of {@link PerfettoFields}), independently of how {@link PerfettoTrace} built
 * it; fails on a field of a wrong wire type, an event on an undeclared track, a counter on a
 * non-counter track.
 */
final class PerfettoDecoder {
    private final Map<Long, Integer> threadOfTrack = new HashMap<>();
    private final Map<Long, String> counterTracks = new HashMap<>();
    private final List<Map<String, Object>> infoEvents = new ArrayList<>();
    private final DrawnTimeline timeline = new DrawnTimeline();
    /** Interned strings by InternedData field, then iid. */
    private final Map<Integer, Map<Long, String>> interned = new HashMap<>();

    static DrawnTimeline decode(byte[] file) throws IOException {
        PerfettoDecoder d = new PerfettoDecoder();
        CodedInputStream in = CodedInputStream.newInstance(file);
        int sequenceFlagsSeen = 0;
        while (!in.isAtEnd()) {
            int tag = in.readTag();
            expect(tag, TRACE_PACKET, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            sequenceFlagsSeen += d.packet(in.readBytes());
        }
        if (sequenceFlagsSeen != 1) throw new AssertionError("the sequence's first packet must clear its state, once");
        for (Map<String, Object> info : d.infoEvents) d.timeline.metadata.putAll(info);
        return d.timeline.closed();
    }

    private static void expect(int tag, int field, int wireType) {
        if (WireFormat.getTagFieldNumber(tag) != field || WireFormat.getTagWireType(tag) != wireType) {
            throw new AssertionError("field " + WireFormat.getTagFieldNumber(tag) + " wire type " + WireFormat.getTagWireType(tag)
                    + " where field " + field + " wire type " + wireType + " was expected");
        }
    }

    private int packet(ByteString bytes) throws IOException {
        CodedInputStream in = bytes.newCodedInput();
        long ts = -1;
        int flags = 0;
        ByteString event = null, descriptor = null;
        long sequence = -1;
        while (!in.isAtEnd()) {
            int tag = in.readTag();
            switch (WireFormat.getTagFieldNumber(tag)) {
                case PACKET_TIMESTAMP -> ts = in.readUInt64();
                case PACKET_TRUSTED_SEQUENCE_ID -> sequence = in.readUInt32();
                case PACKET_SEQUENCE_FLAGS -> flags = in.readUInt32();
                case PACKET_TRACK_EVENT -> event = in.readBytes();
                case PACKET_TRACK_DESCRIPTOR -> descriptor = in.readBytes();
                case PACKET_INTERNED_DATA -> internedData(in.readBytes());
                default -> throw new AssertionError("unexpected packet field " + WireFormat.getTagFieldNumber(tag));
            }
        }
        if (sequence != 1) throw new AssertionError("a packet outside sequence 1");
        if (event != null && (flags & SEQ_NEEDS_INCREMENTAL_STATE) == 0) throw new AssertionError("a track event that does not say it needs the interned state");
        if (descriptor != null) descriptor(descriptor);
        if (event != null) {
            if (ts < 0) throw new AssertionError("a track event without a timestamp");
            event(ts, event);
        }
        return (flags & SEQ_INCREMENTAL_STATE_CLEARED) != 0 ? 1 : 0;
    }

    private void internedData(ByteString bytes) throws IOException {
        CodedInputStream in = bytes.newCodedInput();
        while (!in.isAtEnd()) {
            int field = WireFormat.getTagFieldNumber(in.readTag());
            CodedInputStream e = in.readBytes().newCodedInput();
            long iid = -1;
            String name = null;
            while (!e.isAtEnd()) {
                int f = WireFormat.getTagFieldNumber(e.readTag());
                if (f == INTERNED_IID) iid = e.readUInt64();
                else if (f == INTERNED_NAME) name = e.readBytes().toStringUtf8();
                else throw new AssertionError("unexpected interned entry field " + f);
            }
            if (interned.computeIfAbsent(field, k -> new HashMap<>()).put(iid, name) != null) throw new AssertionError("iid " + iid + " interned twice");
        }
    }

    private String lookUp(int field, long iid) {
        String s = interned.getOrDefault(field, Map.of()).get(iid);
        if (s == null) throw new AssertionError("iid " + iid + " of interned field " + field + " used before it was interned");
        return s;
    }

    private void descriptor(ByteString bytes) throws IOException {
        CodedInputStream in = bytes.newCodedInput();
        long uuid = -1;
        String name = null, threadName = null;
        int tid = -1;
        boolean counter = false;
        while (!in.isAtEnd()) {
            int tag = in.readTag();
            switch (WireFormat.getTagFieldNumber(tag)) {
                case TRACK_UUID -> uuid = in.readUInt64();
                case TRACK_NAME -> name = in.readString();
                case TRACK_PARENT_UUID -> in.readUInt64();
                case TRACK_PROCESS -> in.readBytes();
                case TRACK_COUNTER -> {
                    in.readBytes();
                    counter = true;
                }
                case TRACK_THREAD -> {
                    CodedInputStream t = in.readBytes().newCodedInput();
                    while (!t.isAtEnd()) {
                        int f = t.readTag();
                        switch (WireFormat.getTagFieldNumber(f)) {
                            case THREAD_PID -> t.readInt32();
                            case THREAD_TID -> tid = t.readInt32();
                            case THREAD_NAME -> threadName = t.readString();
                            default -> throw new AssertionError("unexpected thread descriptor field " + WireFormat.getTagFieldNumber(f));
                        }
                    }
                }
                default -> throw new AssertionError("unexpected track descriptor field " + WireFormat.getTagFieldNumber(tag));
            }
        }
        if (tid >= 0) {
            if (threadName == null) throw new AssertionError("thread track " + uuid + " has no name");
            threadOfTrack.put(uuid, tid - 1);
            timeline.threadNames.put(tid - 1, threadName);
        }
        if (counter) counterTracks.put(uuid, name);
    }

    private void event(long ts, ByteString bytes) throws IOException {
        CodedInputStream in = bytes.newCodedInput();
        int type = -1;
        long track = -1;
        String name = null, category = null;
        Map<String, Object> args = new LinkedHashMap<>();
        List<Long> flows = new ArrayList<>(), terminating = new ArrayList<>();
        boolean counterValue = false;
        while (!in.isAtEnd()) {
            int tag = in.readTag();
            switch (WireFormat.getTagFieldNumber(tag)) {
                case EVENT_TYPE -> type = in.readEnum();
                case EVENT_TRACK_UUID -> track = in.readUInt64();
                case EVENT_NAME -> name = in.readString();
                case EVENT_NAME_IID -> name = lookUp(INTERNED_EVENT_NAMES, in.readUInt64());
                case EVENT_CATEGORIES -> category = in.readString();
                case EVENT_CATEGORY_IIDS -> category = lookUp(INTERNED_EVENT_CATEGORIES, in.readUInt64());
                case EVENT_DOUBLE_COUNTER_VALUE -> {
                    in.readDouble();
                    counterValue = true;
                }
                case EVENT_FLOW_IDS -> {
                    expect(tag, EVENT_FLOW_IDS, WireFormat.WIRETYPE_FIXED64);
                    flows.add(in.readFixed64());
                }
                case EVENT_TERMINATING_FLOW_IDS -> {
                    expect(tag, EVENT_TERMINATING_FLOW_IDS, WireFormat.WIRETYPE_FIXED64);
                    terminating.add(in.readFixed64());
                }
                case EVENT_DEBUG_ANNOTATIONS -> annotation(in.readBytes(), args);
                default -> throw new AssertionError("unexpected track event field " + WireFormat.getTagFieldNumber(tag));
            }
        }
        switch (type) {
            case TYPE_SLICE_BEGIN -> {
                DrawnTimeline.Drawn d = timeline.begin(thread(track), ts, name, category, args);
                // flow_ids does not say start or step: a flow seen before at a slice steps
                for (long f : flows) d.flows.add(new DrawnTimeline.FlowPoint(f, seen.add(f) ? 's' : 't'));
                for (long f : terminating) d.flows.add(new DrawnTimeline.FlowPoint(f, 'f'));
            }
            case TYPE_SLICE_END -> timeline.end(thread(track), ts);
            case TYPE_COUNTER -> {
                if (!counterTracks.containsKey(track) || !counterValue) throw new AssertionError("a counter value off a counter track");
                timeline.counters++;
            }
            case TYPE_INSTANT -> {
                if (track != PerfettoTrace.INFO_TRACK) throw new AssertionError("an instant off the info track");
                infoEvents.add(args);
            }
            default -> throw new AssertionError("track event type " + type);
        }
    }

    private final java.util.Set<Long> seen = new java.util.HashSet<>();

    private int thread(long track) {
        Integer t = threadOfTrack.get(track);
        if (t == null) throw new AssertionError("a slice on track " + track + ", which no thread descriptor declared");
        return t;
    }

    private void annotation(ByteString bytes, Map<String, Object> args) throws IOException {
        CodedInputStream in = bytes.newCodedInput();
        String name = null;
        Object value = null;
        while (!in.isAtEnd()) {
            int tag = in.readTag();
            switch (WireFormat.getTagFieldNumber(tag)) {
                case ANNOTATION_NAME -> name = in.readString();
                case ANNOTATION_NAME_IID -> name = lookUp(INTERNED_ANNOTATION_NAMES, in.readUInt64());
                case ANNOTATION_INT_VALUE -> value = in.readInt64();
                case ANNOTATION_STRING_VALUE -> value = in.readString();
                case ANNOTATION_STRING_VALUE_IID -> value = lookUp(INTERNED_ANNOTATION_STRINGS, in.readUInt64());
                default -> throw new AssertionError("unexpected debug annotation field " + WireFormat.getTagFieldNumber(tag));
            }
        }
        args.put(name, value);
    }
}
