package dev.wholetrace.report.races;

import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceDetector;
import dev.wholetrace.analysis.race.RaceReport;
import dev.wholetrace.report.RaceCounts;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.model.util.Text;
import dev.wholetrace.report.Units;
import java.io.PrintWriter;
import java.util.Locale;

/** The races as text: a summary line, then per finding its two accesses, count, example and instances. */
public final class RacesText implements ReportWriter<RaceFindings> {
    @Override
    public void write(RaceFindings races, PrintWriter out) {
        RaceReport r = races.report();
        RaceDetector.Stats s = r.stats();
        out.printf(Locale.ROOT, "%s: %d threads, %s segments, %s accesses read as %s progressions (%.2f s)%n",
                Text.oneLine(races.file()), races.threadNames().size(), Units.count(s.segments()), Units.count(s.accesses()),
                Units.count(s.progressions()), races.seconds());
        RaceSuppressions.Applied suppressed = races.suppressions();
        for (RaceSuppressions.Rule rule : suppressed.stale()) {
            out.println("note: suppression " + rule.where() + " (" + Text.oneLine(rule.text()) + ") matched no race: it is stale");
        }
        if (r.findings().isEmpty()) {
            out.println("no apparent data races");
            return;
        }
        int n = r.findings().size();
        int artifacts = races.artifacts();
        out.printf(Locale.ROOT, "%d apparent data race%s (pairs of instructions): %d first, %d artifact%s%s; %s%s dynamic instances%n", n,
                n == 1 ? "" : "s", n - artifacts, artifacts, artifacts == 1 ? "" : "s",
                suppressed.count() == 0 ? "" : ", " + suppressed.count() + " suppressed", atLeast(races.someCountIsLowerBound()),
                Units.count(races.dynamicInstances()));
        out.println("  " + RaceCounts.RACES);
        if (races.note() != null) out.println("note: " + races.note());
        if (races.someCountIsLowerBound()) {
            out.printf(Locale.ROOT, "note: counts marked 'at least' are lower bounds: %s accesses were not compared one by one, since each could"
                    + " only add to races counted %s times already (every race is reported)%n", Units.count(s.passedOver()),
                    Units.count(RaceDetector.ENUMERATED_PER_FINDING));
        }
        for (int k = 0; k < n; k++) {
            RaceReport.Finding f = r.findings().get(k);
            Race.Instance e = f.example();
            out.println();
            String marks = (f.artifactOf() == null ? "" : "   (artifact of #" + (f.artifactOf() + 1) + ")")
                    + (suppressed.isSuppressed(k) ? "   (suppressed by " + Text.oneLine(suppressed.suppressedBy().get(k)) + ")" : "");
            out.printf(Locale.ROOT, "#%d  %-5s %-28s at %s%s%n", k + 1, f.a().access(), f.a().target(), where(f.a()), marks);
            out.printf(Locale.ROOT, "    %-5s %-28s at %s%n", f.b().access(), f.b().target(), where(f.b()));
            out.printf(Locale.ROOT, "    %s%s dynamic instance%s; e.g. on %s, by %s and %s%n", atLeast(f.countIsLowerBound()), Units.count(f.count()),
                    f.count() == 1 ? "" : "s",
                    f.describe(e.address(), false), side(races, e.threadA(), e.segmentA()), side(races, e.threadB(), e.segmentB()));
            for (Race.Instance i : f.instances()) {
                out.printf(Locale.ROOT, "      %s and %s: %s pair%s, e.g. on %s%n", side(races, i.threadA(), i.segmentA()),
                        side(races, i.threadB(), i.segmentB()), Units.count(i.pairs()), i.pairs() == 1 ? "" : "s",
                        f.describe(i.address(), true));
            }
        }
    }

    private static String atLeast(boolean lowerBound) {
        return lowerBound ? "at least " : "";
    }

    private static String where(RaceReport.Side s) {
        return s.shortLocation() + (s.bci() >= 0 ? " (bci " + s.bci() + ")" : "");
    }

    private static String side(RaceFindings races, int thread, long segment) {
        return "thread " + thread + " (" + Text.oneLine(races.threadNames().get(thread)) + ") segment " + segment;
    }
}
