package dev.wholetrace.report.deps;

import dev.wholetrace.analysis.deps.DependenceCounts;
import dev.wholetrace.analysis.deps.DepsResult;
import dev.wholetrace.analysis.deps.EwppRecovery;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;

/** {@code deps} as one JSON object (docs/ewpp.md, "deps", has the fields). */
final class DepsJson implements ReportWriter<DepsResult> {
    @Override
    public void write(DepsResult r, PrintWriter out) {
        JsonWriter j = JsonWriter.to(out);
        j.beginObject().field("file", r.file()).field("mode", r.mode()).field("method", r.method()).field("total", r.total()).field("edgeCount", r.edgeCount())
                .field("recoveryNanos", r.recoveryNanos()).object("byOrigin");
        r.byOrigin().forEach((o, n) -> j.field(o.label(), n));
        j.end();
        EwppRecovery.Stats s = r.signatures();
        if (s != null) {
            j.object("signatures").field("loads", s.loads()).field("noCost", s.noCost()).field("lastInstance", s.lastInstance())
                    .field("searched", s.searched()).field("searchSteps", s.searchSteps()).field("crossThread", s.crossThread())
                    .field("noWriter", s.noWriter()).field("explicit", s.explicit()).field("evicted", s.evicted()).end();
        }
        j.array("edges");
        for (DepsResult.EdgeRow e : r.edges()) {
            j.beginObject().field("store", e.store()).field("load", e.load()).field("origin", e.origin().label()).field("variable", e.variable()).field("count", e.count())
                    .field("storeWhere", where(e.storeCode())).field("loadWhere", where(e.loadCode())).end();
        }
        j.endArray().array("instances");
        for (DependenceCounts.Instance i : r.instances()) {
            j.beginObject().field("load", i.edge().load()).field("store", i.edge().store()).field("thread", i.thread()).field("position", i.position())
                    .field("writerThread", i.writerThread()).field("writerPosition", i.writerPosition()).end();
        }
        j.endArray().array("chains");
        for (DepsResult.Chain c : r.chains()) {
            j.beginObject().field("frequency", c.frequency()).field("instructions", c.instructions().toString()).end();
        }
        j.endArray().end().close();
        out.println();
    }

    private static String where(CodeEntry c) {
        return c == null ? null : c.where();
    }
}
