package dev.wholetrace.report.timeline;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.wholetrace.analysis.timeline.Slice;
import dev.wholetrace.analysis.timeline.TimelineInfo;
import dev.wholetrace.analysis.timeline.TimelineSink;
import dev.wholetrace.analysis.timeline.TimelineSummary;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A timeline as Chrome's trace-event JSON (the "JSON Object Format" of the Trace Event Format):
 * {@code {"traceEvents": [...], "otherData": {...}}}, streamed with Jackson. One process (pid 1),
 * one thread per recorded thread (tid = index + 1, named by {@code thread_name} metadata), slices
 * as B/E pairs, flows as s/t/f events inside the slices they bind to (f with {@code "bp": "e"}),
 * counters as C events; {@code ts} in microseconds with three decimals (the axis' nanoseconds).
 * {@code otherData} carries the time axis, whether the timeline is aggregated and the totals.
 */
public final class ChromeTraceJson implements TimelineSink {
    /** What every flow event is called (s, t and f of one flow must agree on name and category). */
    static final String FLOW_NAME = "happens-before";
    static final String FLOW_CATEGORY = "flow";

    private final JsonGenerator json;
    private TimelineInfo info;

    public ChromeTraceJson(OutputStream out) throws IOException {
        this.json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
        json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    }

    @Override
    public void start(TimelineInfo info) throws IOException {
        this.info = info;
        json.writeStartObject();
        json.writeArrayFieldStart("traceEvents");
        metadata("process_name", 0, info.program().isEmpty() ? "wholetrace" : info.program());
        for (int t = 0; t < info.threads().size(); t++) {
            metadata("thread_name", t + 1, info.threads().get(t) + " (T" + t + ")");
            json.writeStartObject();
            json.writeStringField("name", "thread_sort_index");
            json.writeStringField("ph", "M");
            json.writeNumberField("pid", 1);
            json.writeNumberField("tid", t + 1);
            json.writeObjectFieldStart("args");
            json.writeNumberField("sort_index", t);
            json.writeEndObject();
            json.writeEndObject();
        }
    }

    private void metadata(String name, int tid, String value) throws IOException {
        json.writeStartObject();
        json.writeStringField("name", name);
        json.writeStringField("ph", "M");
        json.writeNumberField("pid", 1);
        if (tid > 0) json.writeNumberField("tid", tid);
        json.writeObjectFieldStart("args");
        json.writeStringField("name", value);
        json.writeEndObject();
        json.writeEndObject();
    }

    private void head(String ph, int thread, long ns) throws IOException {
        json.writeStartObject();
        json.writeStringField("ph", ph);
        json.writeNumberField("pid", 1);
        json.writeNumberField("tid", thread + 1);
        json.writeFieldName("ts");
        json.writeNumber(micros(ns));
    }

    /** Nanoseconds as microseconds with three decimals, exactly. */
    static String micros(long ns) {
        String frac = Long.toString(1000 + ns % 1000).substring(1);
        return ns / 1000 + "." + frac;
    }

    @Override
    public void begin(int thread, long ns, Slice s) throws IOException {
        head("B", thread, ns);
        json.writeStringField("name", s.name());
        json.writeStringField("cat", s.category().label);
        if (s.argCount() > 0) {
            json.writeObjectFieldStart("args");
            for (int k = 0; k < s.argCount(); k++) {
                Object v = s.argValue(k);
                if (v instanceof Long l) json.writeNumberField(s.argName(k), l);
                else json.writeStringField(s.argName(k), String.valueOf(v));
            }
            json.writeEndObject();
        }
        json.writeEndObject();
        // flows bind to the slice that encloses them: one nanosecond after its start
        for (int k = 0; k < s.flowStarts(); k++) flow("s", thread, ns + 1, s.flowStart(k));
        for (int k = 0; k < s.flowSteps(); k++) flow("t", thread, ns + 1, s.flowStep(k));
        for (int k = 0; k < s.flowEnds(); k++) flow("f", thread, ns + 1, s.flowEnd(k));
    }

    private void flow(String ph, int thread, long ns, long id) throws IOException {
        head(ph, thread, ns);
        json.writeStringField("name", FLOW_NAME);
        json.writeStringField("cat", FLOW_CATEGORY);
        json.writeNumberField("id", id);
        if (ph.equals("f")) json.writeStringField("bp", "e");
        json.writeEndObject();
    }

    @Override
    public void end(int thread, long ns) throws IOException {
        head("E", thread, ns);
        json.writeEndObject();
    }

    @Override
    public void counter(int thread, long ns, double eventsPerPosition) throws IOException {
        json.writeStartObject();
        json.writeStringField("ph", "C");
        json.writeNumberField("pid", 1);
        json.writeStringField("name", "events/position T" + thread);
        json.writeFieldName("ts");
        json.writeNumber(micros(ns));
        json.writeObjectFieldStart("args");
        json.writeNumberField("events", eventsPerPosition);
        json.writeEndObject();
        json.writeEndObject();
    }

    @Override
    public void finish(TimelineSummary summary) throws IOException {
        json.writeEndArray();
        json.writeObjectFieldStart("otherData");
        json.writeStringField("generator", "wholetrace export --format chrome");
        json.writeStringField("timeAxis", info.axis());
        json.writeNumberField("syncOperations", info.operations());
        json.writeNumberField("windowFrom", info.from());
        json.writeNumberField("windowTo", info.to());
        json.writeNumberField("maxDrawn", info.maxDrawn());
        json.writeBooleanField("aggregated", info.aggregated());
        json.writeNumberField("binWidth", info.binWidth());
        json.writeNumberField("slices", summary.slices());
        json.writeNumberField("handOvers", summary.handOvers());
        json.writeBooleanField("handOversDrawn", !info.aggregated());
        json.writeNumberField("handOversFromBeforeWindow", summary.handOversFromBefore());
        json.writeNumberField("barrierEpisodes", summary.episodes());
        json.writeNumberField("holdsNotDrawn", summary.holdsNotDrawn());
        json.writeNumberField("unmatchedUnlocks", summary.unmatchedUnlocks());
        json.writeNumberField("maxStretchNanos", summary.maxStretchNanos());
        json.writeEndObject();
        json.writeEndObject();
        json.flush();
    }
}
