package dev.wholetrace.report.timeline;

/**
 * The few field numbers of Perfetto's trace protos that {@link PerfettoTrace} writes, copied from
 * the documented schema instead of generating code from the whole proto set:
 * protos/perfetto/trace/trace.proto, trace_packet.proto, and track_event/track_event.proto,
 * track_descriptor.proto, thread_descriptor.proto, process_descriptor.proto,
 * counter_descriptor.proto, debug_annotation.proto, interned_data/interned_data.proto (perfetto v40+; field numbers never change in
 * protobuf, so any later version reads them).
 */
final class PerfettoFields {
    private PerfettoFields() {}

    /** Trace: {@code repeated TracePacket packet = 1}. */
    static final int TRACE_PACKET = 1;

    // TracePacket
    static final int PACKET_TIMESTAMP = 8; // uint64, ns
    static final int PACKET_TRUSTED_SEQUENCE_ID = 10; // uint32 (trusted_packet_sequence_id)
    static final int PACKET_TRACK_EVENT = 11; // TrackEvent
    static final int PACKET_INTERNED_DATA = 12; // InternedData
    static final int PACKET_SEQUENCE_FLAGS = 13; // uint32
    static final int PACKET_TRACK_DESCRIPTOR = 60; // TrackDescriptor
    /** TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED. */
    static final int SEQ_INCREMENTAL_STATE_CLEARED = 1;
    /** TracePacket.SequenceFlags.SEQ_NEEDS_INCREMENTAL_STATE: the packet refers to interned data. */
    static final int SEQ_NEEDS_INCREMENTAL_STATE = 2;

    // InternedData (interned_data/interned_data.proto): each entry an (iid = 1, name = 2) pair
    static final int INTERNED_EVENT_CATEGORIES = 1; // EventCategory
    static final int INTERNED_EVENT_NAMES = 2; // EventName
    static final int INTERNED_ANNOTATION_NAMES = 3; // DebugAnnotationName
    static final int INTERNED_ANNOTATION_STRINGS = 29; // InternedString (iid = 1, str = 2)
    static final int INTERNED_IID = 1;
    static final int INTERNED_NAME = 2;

    // TrackDescriptor
    static final int TRACK_UUID = 1; // uint64
    static final int TRACK_NAME = 2; // string
    static final int TRACK_PROCESS = 3; // ProcessDescriptor
    static final int TRACK_THREAD = 4; // ThreadDescriptor
    static final int TRACK_PARENT_UUID = 5; // uint64
    static final int TRACK_COUNTER = 8; // CounterDescriptor (empty: a counter track)

    // ProcessDescriptor
    static final int PROCESS_PID = 1; // int32
    static final int PROCESS_NAME = 6; // string

    // ThreadDescriptor
    static final int THREAD_PID = 1; // int32
    static final int THREAD_TID = 2; // int32
    static final int THREAD_NAME = 5; // string

    // TrackEvent
    static final int EVENT_CATEGORY_IIDS = 3; // repeated uint64
    static final int EVENT_DEBUG_ANNOTATIONS = 4; // repeated DebugAnnotation
    static final int EVENT_TYPE = 9; // enum Type
    static final int EVENT_NAME_IID = 10; // uint64
    static final int EVENT_TRACK_UUID = 11; // uint64
    static final int EVENT_CATEGORIES = 22; // repeated string
    static final int EVENT_NAME = 23; // string
    static final int EVENT_DOUBLE_COUNTER_VALUE = 44; // double
    static final int EVENT_FLOW_IDS = 47; // repeated fixed64
    static final int EVENT_TERMINATING_FLOW_IDS = 48; // repeated fixed64
    // TrackEvent.Type
    static final int TYPE_SLICE_BEGIN = 1;
    static final int TYPE_SLICE_END = 2;
    static final int TYPE_INSTANT = 3;
    static final int TYPE_COUNTER = 4;

    // DebugAnnotation
    static final int ANNOTATION_NAME_IID = 1; // uint64
    static final int ANNOTATION_STRING_VALUE_IID = 17; // uint64
    static final int ANNOTATION_INT_VALUE = 4; // int64
    static final int ANNOTATION_STRING_VALUE = 6; // string
    static final int ANNOTATION_NAME = 10; // string
}
