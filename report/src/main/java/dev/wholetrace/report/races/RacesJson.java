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
            RaceSuppressions.Applied suppressed = races.suppressions();
            for (int k = 0; k < r.findings().size(); k++) {
                RaceReport.Finding f = r.findings().get(k);
                j.beginObject();
                access(j.object("a"), f.a()).end();
                access(j.object("b"), f.b()).end();
                j.field("count", f.count());
                if (f.countIsLowerBound()) j.field("countIsLowerBound", true); // only then: reports of exact counts keep their form
                j.fieldOrNull("artifactOf", f.artifactOf() == null ? null : (long) f.artifactOf());
                j.field("location", f.describe(f.example().address(), false)).field("suppressedBy", suppressed.suppressedBy().get(k));
                instance(j.object("example"), f.example(), f, false).end();
                if (races.allInstances()) {
                    j.array("instances");
                    for (Race.Instance i : f.instances()) instance(j.beginObject(), i, f, true).end();
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
                    .field("progressions", s.progressions()).field("comparedPairs", s.compared());
            if (s.passedOver() > 0) j.field("passedOverRows", s.passedOver());
            j.field("artifactsClassified", races.classify() && r.note() == null).field("note", races.note())
                    .field("suppressed", suppressed.count()).field("failing", races.unsuppressedFirstRaces()).array("staleSuppressions");
            for (RaceSuppressions.Rule rule : suppressed.stale()) j.value(rule.where() + ": " + rule.text());
            j.endArray().field("seconds", String.format(Locale.ROOT, "%.3f", races.seconds())).end();
            j.end();
        }
        out.println();
    }

    private static JsonWriter access(JsonWriter j, RaceReport.Side a) {
        return j.field("class", a.className()).field("method", a.method()).field("line", a.line()).field("bci", a.bci())
                .field("access", a.access()).field("target", a.target()).field("source", a.sourcePath());
    }

    private static JsonWriter instance(JsonWriter j, Race.Instance i, RaceReport.Finding f, boolean withObject) {
        return j.field("threadA", i.threadA()).field("segmentA", i.segmentA()).field("threadB", i.threadB()).field("segmentB", i.segmentB())
                .field("address", Addresses.format(i.address())).field("location", f.describe(i.address(), withObject))
                .field("pairs", i.pairs());
    }
}
