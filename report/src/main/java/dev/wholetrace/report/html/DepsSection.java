package dev.wholetrace.report.html;

import static dev.wholetrace.report.html.Html.esc;
import static dev.wholetrace.report.html.Html.num;

import dev.wholetrace.analysis.deps.DepsResult;
import dev.wholetrace.analysis.deps.DepsResult.EdgeRow;
import dev.wholetrace.analysis.deps.Origin;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.RaceCounts;
import dev.wholetrace.report.deps.DepsFormats;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The report's memory dependences (what {@code wholetrace deps} gives, docs/ewpp.md): the
 * store→load edges by how often they ran, each with both places and its origin (same thread,
 * another thread ordered before, racy, no writer), and the totals per origin. Plain HTML.
 */
final class DepsSection {
    /** Edges listed; the rest are counted. */
    static final int MAX_ROWS = 30;

    private final DepsResult deps;
    private final String unavailable;

    /** @param deps the recovered dependences, or null with {@code unavailable} saying why not */
    DepsSection(DepsResult deps, String unavailable) {
        this.deps = deps;
        this.unavailable = unavailable;
    }

    void write(PrintWriter out) {
        out.println("<section id=\"deps\"><h2>Memory dependences</h2>");
        if (deps == null) {
            out.println("<p class=\"note\" id=\"deps-unavailable\">" + esc(unavailable) + "</p></section>");
            return;
        }
        long total = deps.total();
        out.println("<p>" + num(deps.edges().size()) + " store&rarr;load edges (pairs of instructions), " + num(total)
                + " dynamic dependences, recovered from the " + (deps.method().startsWith("ewpp") ? "eWPP's check signatures" : "address trace")
                + ". By origin: " + origins() + ". " + esc(RaceCounts.DEPS) + ".</p>");
        List<EdgeRow> rows = new ArrayList<>(deps.edges());
        rows.sort(Comparator.comparingLong((EdgeRow e) -> -e.count()).thenComparingInt(EdgeRow::load).thenComparingInt(EdgeRow::store));
        int shown = Math.min(rows.size(), MAX_ROWS);
        out.println("<table class=\"numbers\" id=\"deps-table\"><thead><tr><th>#</th><th>store</th><th>load</th><th>origin</th>"
                + "<th>dynamic</th><th>share</th></tr></thead><tbody>");
        for (int k = 0; k < shown; k++) {
            EdgeRow e = rows.get(k);
            out.println("<tr class=\"" + e.origin().label() + "\"><td>" + (k + 1) + "</td><td class=\"text\">" + place(e.store(), e.storeCode())
                    + "</td><td class=\"text\">" + place(e.load(), e.loadCode()) + "</td><td>" + esc(e.origin().label()) + "</td><td>"
                    + num(e.count()) + "</td><td>" + Html.percent(e.count(), total) + "</td></tr>");
        }
        out.println("</tbody></table>");
        if (shown < rows.size()) {
            out.println("<p class=\"note\">The " + num(shown) + " most frequent of " + num(rows.size()) + " edges; every one: "
                    + "<code>wholetrace deps FILE</code>.</p>");
        }
        out.println("</section>");
    }

    /** The dependences as {@code deps --format json} writes them, or {@code {"unavailable": why}}. */
    String json() throws IOException {
        return SectionJson.of(deps, DepsFormats.DEPS.writer(DepsFormats.DEPS.parse(OutputFormat.JSON.name())), unavailable);
    }

    private String origins() {
        StringBuilder s = new StringBuilder();
        for (Map.Entry<Origin, Long> e : deps.byOrigin().entrySet()) {
            if (e.getValue() == 0) continue;
            s.append(s.length() == 0 ? "" : ", ").append(esc(e.getKey().label())).append(' ').append(num(e.getValue()));
        }
        return s.length() == 0 ? "none" : s.toString();
    }

    private static String place(int instruction, CodeEntry code) {
        if (instruction < 0) return "<span class=\"note\">(no traced store)</span>";
        return instruction + ": " + HotSection.code(code);
    }
}
