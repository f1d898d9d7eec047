package dev.wholetrace.report.events;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.report.JsonWriter;
import java.util.Locale;

/**
 * Event lines as JSON lines, one object per line, with stable field names. An event line has
 * {@code thread}, {@code pos} (its number among the thread's events) and {@code type} (block,
 * load, store, sync), then per type: {@code block}; {@code instruction} (null in DOR),
 * {@code address}, {@code object}, {@code offset}; or {@code kind}, {@code op} (the thread's sync
 * operation number), {@code syncIndex} (its S_synch entry), {@code object}, {@code objectThread},
 * {@code episode}, {@code site}. An S_synch line has {@code index}, {@code thread}, {@code op},
 * {@code kind}, {@code object}, {@code objectThread}, {@code episode}, {@code firstOfEpisode},
 * {@code site}. Every line ends with {@code where} and {@code code} from the trace's code map
 * (null when the id is not in it). A segment's header line has {@code "type":"segment"}.
 */
final class JsonEventLines extends EventLines {
    private final JsonWriter json = JsonWriter.lines();

    JsonEventLines(ParallelTrace trace) {
        super(trace);
    }

    @Override
    public String syncEntry(int i) {
        SyncOrder order = trace.syncOrder();
        boolean barrier = order.kind(i) == SyncKind.BARRIER;
        json.beginObject().field("index", i).field("thread", order.thread(i)).field("op", order.op(i))
                .field("kind", label(order.kind(i))).field("object", order.object(i))
                .fieldOrNull("objectThread", objectThread(order.object(i)))
                .fieldOrNull("episode", barrier ? order.aux(i) : null)
                .field("firstOfEpisode", order.firstOfEpisode(i)).field("site", order.site(i));
        return code(trace.code().instruction(order.site(i)));
    }

    @Override
    public String event(int thread, long pos, Event e, long op, int syncIndex) {
        json.beginObject().field("thread", thread).field("pos", pos).field("type", e.type().name().toLowerCase(Locale.ROOT));
        CodeEntry code = switch (e.type()) {
            case BLOCK -> {
                json.field("block", e.id());
                yield trace.code().block(e.id());
            }
            case LOAD, STORE -> {
                json.fieldOrNull("instruction", e.id() >= 0 ? (long) e.id() : null).field("address", e.address())
                        .field("object", Addresses.object(e.address())).field("offset", Addresses.offset(e.address()));
                yield e.id() >= 0 ? trace.code().instruction(e.id()) : null;
            }
            case SYNC -> {
                json.field("kind", label(e.kind())).field("op", op).field("syncIndex", syncIndex).field("object", e.object())
                        .fieldOrNull("objectThread", objectThread(e.object()))
                        .fieldOrNull("episode", e.kind() == SyncKind.BARRIER ? e.aux() : null).field("site", e.id());
                yield trace.code().instruction(e.id());
            }
        };
        return code(code);
    }

    @Override
    public String segment(SegmentHeader h) {
        json.beginObject().field("type", "segment").field("thread", h.thread()).field("name", h.threadName())
                .field("from", h.fromOp()).field("to", h.toOp()).field("firstEvent", h.firstEvent()).field("lastEvent", h.lastEvent())
                .field("events", h.events()).field("firstChunk", h.firstChunk()).field("lastChunk", h.lastChunk());
        boolean inRule = h.rule() != null;
        return json.fieldOrNull("rule", inRule ? (long) h.rule() : null).fieldOrNull("ruleLength", inRule ? h.ruleLength() : null)
                .fieldOrNull("fromInRule", inRule ? h.fromInRule() : null).fieldOrNull("toInRule", inRule ? h.toInRule() : null)
                .endLine();
    }

    private Long objectThread(long object) {
        Integer t = threadOfObject(object);
        return t == null ? null : (long) t;
    }

    /** Ends the line with the code map's {@code where} and {@code code}. */
    private String code(CodeEntry e) {
        return json.field("where", e == null ? null : e.where()).field("code", e == null ? null : e.text()).endLine();
    }
}
