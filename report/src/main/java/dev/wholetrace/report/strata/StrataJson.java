package dev.wholetrace.report.strata;

import dev.wholetrace.analysis.strata.StrataResult;
import dev.wholetrace.analysis.strata.StrataResult.Block;
import dev.wholetrace.analysis.strata.StrataResult.HotPath;
import dev.wholetrace.analysis.strata.StrataResult.Level;
import dev.wholetrace.analysis.strata.StrataResult.Run;
import dev.wholetrace.analysis.strata.StrataResult.ThreadRow;
import dev.wholetrace.analysis.strata.StrataResult.UniqueStratum;
import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;
import java.util.List;

/**
 * {@code strata} and {@code hot} as one JSON object (docs/strata.md has the fields). {@code hot}
 * writes the header, the paths' level and the hottest paths; {@code strata} everything.
 */
final class StrataJson implements ReportWriter<StrataReport> {
    private final boolean all;

    /** @param all every output ({@code strata}), or only the hot paths ({@code hot}) */
    StrataJson(boolean all) {
        this.all = all;
    }

    @Override
    public void write(StrataReport report, PrintWriter out) {
        StrataResult r = report.result();
        var o = r.options();
        JsonWriter j = JsonWriter.to(out);
        j.beginObject().field("file", report.file()).field("mode", r.mode()).field("thread", o.thread()).field("blocks", r.blocks());
        if (all) {
            j.field("stored", report.stored()).field("nanos", r.nanos()).field("blocksPerSecond", r.blocksPerSecond()).field("cpuNanos", r.cpuNanos()).field("peakBytes", r.peakBytes())
                    .field("memoryBudget", o.memoryBytes()).field("layersAsked", o.layers()).field("temporalFrom", o.sampleFrom()).field("maxLength", o.maxLength());
            j.array("levels");
            for (Level l : r.levels()) level(j, l);
            j.endArray();
        } else {
            j.object("paths");
            levelFields(j, r.paths()).end();
        }
        j.array("hottest");
        for (int i = 0; i < r.hottest().size(); i++) hot(j, i + 1, r.hottest().get(i));
        j.endArray();
        if (all) {
            j.array("uniqueStrata");
            for (List<UniqueStratum> layer : r.uniqueStrata()) {
                for (UniqueStratum s : layer) {
                    j.beginObject().field("layer", s.layer()).field("id", s.id()).field("executions", s.executions()).field("runs", s.runs())
                            .field("blockLength", s.blockLength()).field("rotationFamily", s.rotationFamily()).field("rotations", s.rotations());
                    runs(j, "elements", s.elements());
                    j.end();
                }
            }
            j.endArray();
            j.array("threads");
            for (ThreadRow t : r.threads()) {
                j.beginObject().field("thread", t.thread()).field("name", t.name()).field("blocks", t.blocks());
                j.array("temporal");
                for (int level = 0; level < t.temporal().size(); level++) {
                    j.beginObject().field("layer", level - 1);
                    runs(j, "runs", t.temporal().get(level));
                    j.end();
                }
                j.endArray().end();
            }
            j.endArray();
        }
        j.end().close();
        out.println();
    }

    private static void level(JsonWriter j, Level l) {
        j.beginObject();
        levelFields(j, l).end();
    }

    private static JsonWriter levelFields(JsonWriter j, Level l) {
        j.field("layer", l.layer()).field("name", l.name()).field("complete", l.complete()).field("inputs", l.inputs())
                .field("executions", l.executions()).field("runs", l.runs()).field("repeats", l.repeats()).field("unique", l.unique())
                .field("tableElements", l.tableElements()).field("meanLength", l.meanLength()).field("longestRun", l.longestRun())
                .field("tableBytes", l.tableBytes());
        j.fieldOrNull("givenUpAt", l.complete() ? null : l.givenUpAt());
        j.fieldOrNull("runsDeflated", l.runsDeflated() < 0 ? null : l.runsDeflated());
        j.fieldOrNull("tableDeflated", l.tableDeflated() < 0 ? null : l.tableDeflated());
        j.fieldOrNull("sizeHere", l.representation() < 0 ? null : l.representation());
        return j;
    }

    private static void hot(JsonWriter j, int rank, HotPath p) {
        j.beginObject().field("rank", rank).field("id", p.id()).field("executions", p.executions()).field("runs", p.runs())
                .field("longestRun", p.longestRun()).field("length", p.length()).field("blocks", p.blocks()).field("share", p.share())
                .field("where", PathText.where(p));
        j.object("isomers").field("rotationFamily", p.isomers().rotationFamily()).field("rotations", p.isomers().rotations())
                .field("rotationBlocks", p.isomers().rotationBlocks()).field("rotationShare", p.isomers().rotationShare())
                .field("reorderings", p.isomers().reorderings()).end();
        j.array("code");
        for (Block b : p.code()) {
            j.beginObject().field("block", b.id());
            if (b.entry() != null) {
                j.field("class", b.entry().className()).field("method", b.entry().method()).field("line", b.entry().line())
                        .field("bci", b.entry().bci()).field("text", b.entry().text());
            }
            j.end();
        }
        j.endArray().end();
    }

    private static void runs(JsonWriter j, String name, List<Run> runs) {
        j.array(name);
        for (Run x : runs) j.beginObject().field("id", x.id()).field("trip", x.trip()).end();
        j.endArray();
    }
}
