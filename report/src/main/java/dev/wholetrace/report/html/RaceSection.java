package dev.wholetrace.report.html;

import static dev.wholetrace.report.html.Html.breakable;
import static dev.wholetrace.report.html.Html.esc;
import static dev.wholetrace.report.html.Html.num;

import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceReport;
import dev.wholetrace.analysis.race.RaceReport.Finding;
import dev.wholetrace.analysis.race.RaceReport.Side;
import dev.wholetrace.report.RaceCounts;
import dev.wholetrace.report.races.RaceFindings;
import dev.wholetrace.report.races.RacesJson;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's races: one row per finding (what {@code races --format json} gives) with both
 * accesses' class, method and line, what they touched, the dynamic count, one example (threads,
 * segments, memory) and the artifact chain (an artifact links to the race it is an artifact of, a
 * first race lists its artifacts). A trace without findings says so; a trace that cannot be checked
 * (COR, DOR) says why. Plain HTML: no script needed.
 */
final class RaceSection {
    /** Findings listed one by one; the rest are counted. */
    static final int MAX_ROWS = 500;

    private final RaceReport report;
    private final String unavailable;
    private final List<String> threadNames;

    /**
     * @param report      the findings, or null when the races were not looked for
     * @param unavailable why they were not (shown instead), when {@code report} is null
     */
    RaceSection(RaceReport report, String unavailable, List<String> threadNames) {
        this.report = report;
        this.unavailable = unavailable;
        this.threadNames = List.copyOf(threadNames);
    }

    /**
     * The races as {@code races --format json} writes them (an object with {@code races} and
     * {@code summary}), or {@code {"unavailable": why}} when they were not looked for.
     */
    String json(String file, double seconds) throws java.io.IOException {
        return SectionJson.of(report == null ? null : new RaceFindings(file, threadNames, report, seconds, false, true), new RacesJson(), unavailable);
    }

    void write(PrintWriter out) {
        out.println("<section id=\"races\"><h2>Races</h2>");
        if (report == null) {
            out.println("<p class=\"note\" id=\"races-unavailable\">" + esc(unavailable) + "</p></section>");
            return;
        }
        List<Finding> findings = report.findings();
        var s = report.stats();
        if (findings.isEmpty()) {
            out.println("<p id=\"no-races\" class=\"ok\">No races: no two accesses of different threads to the same location, one of them "
                    + "a write, were left unordered by the recorded synchronization (" + num(s.accesses()) + " accesses in " + num(s.segments())
                    + " segments, " + num(s.compared()) + " pairs of access runs in concurrent segments, one of them writing, whose address ranges overlap, checked).</p></section>");
            return;
        }
        int artifacts = 0;
        long dynamic = 0;
        List<List<Integer>> children = new ArrayList<>();
        for (int k = 0; k < findings.size(); k++) children.add(new ArrayList<>());
        for (int k = 0; k < findings.size(); k++) {
            Finding f = findings.get(k);
            dynamic += f.count();
            if (f.artifactOf() != null) {
                artifacts++;
                children.get(f.artifactOf()).add(k);
            }
        }
        out.println("<p>" + num(findings.size()) + " race" + (findings.size() == 1 ? "" : "s") + " (pairs of instructions): "
                + num(findings.size() - artifacts) + " first, " + num(artifacts) + " artifact" + (artifacts == 1 ? "" : "s") + "; " + num(dynamic)
                + " dynamic instances (racing access pairs): " + esc(RaceCounts.RACES) + ". An artifact's access has its address, or whether it runs, decided by a value a "
                + "read of another race loaded (docs/races.md); fix the first race and its artifacts go with it.</p>");
        if (report.note() != null) out.println("<p class=\"note\">" + esc(report.note()) + "</p>");
        out.println("<table class=\"races\" id=\"race-table\"><thead><tr><th>#</th><th>access A</th><th>access B</th><th>memory</th>"
                + "<th>dynamic</th><th>example</th><th>artifact chain</th></tr></thead><tbody>");
        int shown = Math.min(findings.size(), MAX_ROWS);
        for (int k = 0; k < shown; k++) {
            Finding f = findings.get(k);
            Race.Instance e = f.example();
            out.println("<tr id=\"race-" + (k + 1) + "\" class=\"" + (f.artifactOf() == null ? "first" : "artifact") + "\"><td>" + (k + 1) + "</td>"
                    + side(f.a()) + side(f.b()) + "<td>" + breakable(f.describe(e.address(), false)) + "</td><td>" + (f.countIsLowerBound() ? "at least " : "") + num(f.count()) + "</td><td>"
                    + esc(thread(e.threadA())) + " segment " + e.segmentA() + " &harr; " + esc(thread(e.threadB())) + " segment " + e.segmentB()
                    + "</td><td>" + chain(findings, children, k) + "</td></tr>");
        }
        out.println("</tbody></table>");
        if (shown < findings.size()) {
            out.println("<p class=\"note\" id=\"races-truncated\">The first " + num(shown) + " of " + num(findings.size())
                    + " races are listed; <code>wholetrace races FILE --format json</code> lists them all.</p>");
        }
        out.println("</section>");
    }

    private static String side(Side s) {
        return "<td><span class=\"" + (s.isRead() ? "read" : "write") + "\">" + esc(s.access()) + "</span> <code>" + breakable(s.target()) + "</code><br>"
                + "<code title=\"" + esc(s.className() + "." + s.method() + s.descriptor() + " bci " + s.bci()) + "\">" + breakable(s.simpleClassName() + "."
                + s.method()) + "</code> line " + (s.line() > 0 ? s.line() : "?") + " <span class=\"note\">(" + breakable(s.sourcePath()) + ", bci " + s.bci()
                + ")</span></td>";
    }

    /** An artifact: the races up to its first race; a first race: its artifacts. */
    private static String chain(List<Finding> findings, List<List<Integer>> children, int k) {
        StringBuilder b = new StringBuilder();
        Integer up = findings.get(k).artifactOf();
        if (up != null) {
            b.append("artifact of ");
            int guard = 0;
            while (up != null && guard++ < findings.size()) {
                if (guard > 1) b.append(" &larr; ");
                b.append(link(up));
                up = findings.get(up).artifactOf();
            }
        } else {
            b.append("first race");
        }
        List<Integer> own = children.get(k);
        if (!own.isEmpty()) {
            b.append("; its artifacts: ");
            for (int i = 0; i < own.size() && i < 20; i++) b.append(i > 0 ? ", " : "").append(link(own.get(i)));
            if (own.size() > 20) b.append(" and ").append(own.size() - 20).append(" more");
        }
        return b.toString();
    }

    private static String link(int k) {
        if (k >= MAX_ROWS) return "#" + (k + 1); // not in the table: nothing to jump to
        // no href: the page links nothing, not even itself (HtmlReportTest); the page's script makes these jump to the row
        return "<span class=\"race-ref\" data-race=\"" + (k + 1) + "\">#" + (k + 1) + "</span>";
    }

    private String thread(int t) {
        return t < threadNames.size() ? threadNames.get(t) + " (T" + t + ")" : "T" + t;
    }
}
