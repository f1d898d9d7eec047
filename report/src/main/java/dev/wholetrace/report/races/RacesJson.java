package dev.wholetrace.report.races;

import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceDetector;
import dev.wholetrace.analysis.race.RaceReport;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * The races as one JSON object: {@code races} (per finding the accesses {@code a} and {@code b},
 * {@code count}, {@code artifactOf}, {@code example}, and with --all-instances {@code instances})
 * and {@code summary}.
 */
public final class RacesJson implements ReportWriter<RaceFindings> {
    @Override
    public void write(RaceFindings races, PrintWriter out) {
        RaceReport r = races.report();
        try (JsonWriter j = JsonWriter.to(out)) {
            j.beginObject().array("races");
            for (RaceReport.Finding f : r.findings()) {
                j.beginObject();
                access(j.object("a"), f.a()).end();
                access(j.object("b"), f.b()).end();
                j.field("count", f.count()).fieldOrNull("artifactOf", f.artifactOf() == null ? null : (long) f.artifactOf());
                instance(j.object("example"), f.example()).end();
                if (races.allInstances()) {
                    j.array("instances");
                    for (Race.Instance i : f.instances()) instance(j.beginObject(), i).end();
                    j.endArray();
                }
                j.end();
            }
            j.endArray();
            RaceDetector.Stats s = r.stats();
            int artifacts = races.artifacts();
            j.object("summary").field("file", races.file()).field("threads", races.threadNames().size())
                    .field("races", r.findings().size()).field("firstRaces", r.findings().size() - artifacts).field("artifacts", artifacts)
                    .field("dynamicInstances", races.dynamicInstances()).field("segments", s.segments()).field("accesses", s.accesses())
                    .field("progressions", s.progressions()).field("comparedPairs", s.compared())
                    .field("artifactsClassified", races.classify() && r.note() == null).field("note", races.note())
                    .field("seconds", String.format(Locale.ROOT, "%.3f", races.seconds())).end();
            j.end();
        }
        out.println();
    }

    private static JsonWriter access(JsonWriter j, RaceReport.Side a) {
        return j.field("class", a.className()).field("method", a.method()).field("line", a.line()).field("bci", a.bci())
                .field("access", a.access()).field("target", a.target());
    }

    private static JsonWriter instance(JsonWriter j, Race.Instance i) {
        return j.field("threadA", i.threadA()).field("segmentA", i.segmentA()).field("threadB", i.threadB()).field("segmentB", i.segmentB())
                .field("address", Addresses.format(i.address())).field("pairs", i.pairs());
    }
}
