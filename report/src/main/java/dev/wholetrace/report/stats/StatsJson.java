package dev.wholetrace.report.stats;

import dev.wholetrace.analysis.stats.TraceStats;
import dev.wholetrace.analysis.stats.TraceStats.Component;
import dev.wholetrace.analysis.stats.TraceStats.Row;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;
import java.time.Instant;

/**
 * {@code stats} as one JSON object: the trace's facts, {@code properties}, per thread and in
 * {@code total} the events by kind, the raw size and the bytes per component.
 */
final class StatsJson implements ReportWriter<StatsReport> {
    @Override
    public void write(StatsReport report, PrintWriter out) {
        ParallelTrace trace = report.trace();
        TraceStats stats = report.stats();
        JsonWriter j = JsonWriter.to(out);
        j.beginObject().field("file", report.file()).field("fileBytes", trace.fileBytes())
                .field("mode", trace.mode().label()).field("complete", trace.complete())
                .field("ignoredBytes", trace.ignoredBytes()).field("stoppedEarly", trace.stoppedEarly()).field("chunks", trace.chunkCount())
                .field("threadCount", trace.threads().size()).field("syncOps", trace.syncOrder().size())
                .field("events", trace.eventCount());
        if (trace.clock().known()) {
            j.field("recordedNanos", trace.clock().spanNanos()).field("startedAt", Instant.ofEpochMilli(trace.clock().originEpochMillis()).toString());
        }
        j.object("properties");
        trace.properties().forEach(j::field);
        j.end();
        j.array("threads");
        for (int t = 0; t < stats.threads.size(); t++) {
            Row r = stats.threads.get(t);
            j.beginObject().field("thread", t).field("name", trace.threads().get(t).name());
            rowJson(j, r, false).end();
        }
        j.endArray();
        j.object("total");
        rowJson(j, stats.total, true).end();
        j.end().close();
        out.println();
    }

    /** Events, raw size and bytes per component of one row; a thread row leaves out global components. */
    private static JsonWriter rowJson(JsonWriter j, Row r, boolean total) {
        EventCounts c = r.events;
        j.object("events").field("blocks", c.blocks).field("loads", c.loads).field("stores", c.stores);
        j.object("sync");
        for (SyncKind k : SyncKind.values()) if (c.sync[k.ordinal()] > 0) j.field(k.label, c.sync[k.ordinal()]);
        j.end().field("syncTotal", c.syncTotal()).field("total", c.total()).end();
        j.field("rawBytes", r.raw);
        j.object("bytes");
        for (Component comp : Component.values()) if (total || !comp.global) j.field(comp.jsonName, r.bytes(comp));
        return j.field("total", r.totalBytes()).end();
    }
}
