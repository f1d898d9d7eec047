package dev.wholetrace.report.strata;

import dev.wholetrace.analysis.strata.PhaseResult;
import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;

/** {@code phases} as one JSON object (docs/strata.md, "Phases", has the fields). */
final class PhasesJson implements ReportWriter<PhaseResult> {
    @Override
    public void write(PhaseResult r, PrintWriter out) {
        JsonWriter j = JsonWriter.to(out);
        j.beginObject().field("file", r.file()).field("mode", r.mode()).field("threshold", r.threshold()).array("threads");
        for (PhaseResult.ThreadPhases t : r.threads()) {
            j.beginObject().field("thread", t.thread()).field("name", t.name()).field("events", t.events()).field("blocks", t.blocks())
                    .field("window", t.window()).array("phases");
            for (PhaseResult.Phase p : t.phases()) {
                j.beginObject().field("index", p.index()).field("firstEvent", p.firstEvent()).field("lastEvent", p.lastEvent())
                        .field("firstBlock", p.firstBlock()).field("blocks", p.blocks())
                        .fieldOrNull("syncFrom", p.syncFrom() >= 0 ? p.syncFrom() : null).fieldOrNull("syncTo", p.syncTo() >= 0 ? p.syncTo() : null)
                        .array("hot");
                for (PhaseResult.HotPath h : p.hot()) {
                    j.beginObject().field("id", h.id()).field("length", h.length()).field("blocks", h.blocks()).field("share", h.share())
                            .field("where", h.where()).end();
                }
                j.endArray().end();
            }
            j.endArray().end();
        }
        j.endArray().end().close();
        out.println();
    }
}
