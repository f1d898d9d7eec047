package dev.wholetrace.report.html;

import static dev.wholetrace.report.html.Html.esc;
import static dev.wholetrace.report.html.Html.num;

import dev.wholetrace.analysis.strata.PhaseResult;
import dev.wholetrace.analysis.strata.PhaseResult.Phase;
import dev.wholetrace.analysis.strata.PhaseResult.ThreadPhases;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.strata.StrataFormats;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * The report's program phases (what {@code wholetrace phases} gives, docs/strata.md): per thread,
 * where its hot path set changes, each phase's events and the {@code dump}/{@code segment} range
 * that shows it, with its hottest path. Plain HTML.
 */
final class PhasesSection {
    /** Threads and phases per thread listed; the rest are counted. */
    static final int MAX_THREADS = 16;
    static final int MAX_PHASES = 12;

    private final PhaseResult phases;
    private final String unavailable;

    /** @param phases the phases, or null with {@code unavailable} saying why not */
    PhasesSection(PhaseResult phases, String unavailable) {
        this.phases = phases;
        this.unavailable = unavailable;
    }

    void write(PrintWriter out) {
        out.println("<section id=\"phases\"><h2>Phases</h2>");
        if (phases == null) {
            out.println("<p class=\"note\" id=\"phases-unavailable\">" + esc(unavailable) + "</p></section>");
            return;
        }
        out.println("<p class=\"note\">A phase is a stretch of a thread whose hot paths stay alike: a new one starts where a window's hot "
                + "set shares less than " + phases.threshold() + " of its paths with the window before (docs/strata.md). Its events are "
                + "numbered as in <code>wholetrace dump --thread T</code>; the sync range is what <code>dump --sync-from/--sync-to</code> and "
                + "<code>segment</code> take.</p>");
        out.println("<table class=\"numbers\" id=\"phases-table\"><thead><tr><th>thread</th><th>phase</th><th>events</th><th>blocks</th>"
                + "<th>sync range</th><th>hottest path</th></tr></thead><tbody>");
        int threads = 0;
        for (ThreadPhases t : phases.threads()) {
            if (threads++ == MAX_THREADS) break;
            int shown = 0;
            for (Phase p : t.phases()) {
                if (shown++ == MAX_PHASES) break;
                String hot = p.hot().isEmpty() ? "" : "<code>" + esc(p.hot().get(0).where()) + "</code> " + Html.percent(p.hot().get(0).share());
                out.println("<tr><td>" + esc(t.thread() + " " + t.name()) + "</td><td>" + p.index() + "</td><td>" + num(p.firstEvent()) + "&ndash;"
                        + num(p.lastEvent()) + "</td><td>" + num(p.blocks()) + "</td><td>" + (p.syncFrom() < 0 ? "start" : Long.toString(p.syncFrom()))
                        + "&ndash;" + (p.syncTo() < 0 ? "end" : Long.toString(p.syncTo())) + "</td><td class=\"text\">" + hot + "</td></tr>");
            }
            if (t.phases().size() > MAX_PHASES) {
                out.println("<tr><td>" + esc(t.thread() + " " + t.name()) + "</td><td colspan=\"5\" class=\"note\">" + num(t.phases().size() - MAX_PHASES)
                        + " more phases: <code>wholetrace phases FILE --thread " + t.thread() + "</code></td></tr>");
            }
        }
        out.println("</tbody></table>");
        if (phases.threads().size() > MAX_THREADS) {
            out.println("<p class=\"note\">" + num(MAX_THREADS) + " of " + num(phases.threads().size()) + " threads; every one: "
                    + "<code>wholetrace phases FILE</code>.</p>");
        }
        out.println("</section>");
    }

    /** The phases as {@code phases --format json} writes them, or {@code {"unavailable": why}}. */
    String json() throws IOException {
        return SectionJson.of(phases, StrataFormats.PHASES.writer(StrataFormats.PHASES.parse(OutputFormat.JSON.name())), unavailable);
    }
}
