package dev.wholetrace.report.html;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.wholetrace.analysis.stats.TraceStats;
import dev.wholetrace.analysis.stats.TraceStats.Component;
import dev.wholetrace.analysis.stats.TraceStats.Row;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.stats.StatsReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code wholetrace report}: one self-contained HTML page (no network: the charting library and the
 * page's script are inlined) with the trace's summary (program, threads, events by kind, sizes
 * against raw) and its compression breakdown as charts drawn by Apache ECharts (from its WebJar).
 * The data the charts read is embedded as JSON; the tables are plain HTML, readable without
 * script. Above {@link #MAX_THREADS} threads the per-thread chart shows the largest and sums the
 * rest into one bar, and the page says so.
 */
public final class HtmlReport implements ReportWriter<StatsReport> {
    /** Threads drawn one by one in the per-thread chart. */
    public static final int MAX_THREADS = 64;
    static final String ECHARTS = "/META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";
    static final String SCRIPT = "/dev/wholetrace/report/html/report.js";

    @Override
    public void write(StatsReport report, PrintWriter out) throws IOException {
        ParallelTrace trace = report.trace();
        TraceStats stats = report.stats();
        String program = trace.properties().getOrDefault("program", "");
        out.println("<!DOCTYPE html>");
        out.println("<html lang=\"en\"><head><meta charset=\"utf-8\">");
        out.println("<meta name=\"generator\" content=\"wholetrace report\">");
        out.println("<title>Wholetrace: " + esc(report.file()) + "</title>");
        out.println("<style>" + STYLE + "</style></head><body>");
        out.println("<h1>Wholetrace report</h1>");
        out.println("<p class=\"file\">" + esc(report.file()) + (program.isEmpty() ? "" : " &mdash; <code>" + esc(program) + "</code>") + "</p>");

        out.println("<section id=\"summary\"><h2>Summary</h2><table class=\"facts\">");
        fact(out, "program", program.isEmpty() ? "(not recorded)" : program);
        fact(out, "mode", trace.mode().label());
        fact(out, "recording", trace.complete() ? "complete" : "incomplete: " + trace.ignoredBytes() + " trailing bytes not read");
        fact(out, "threads", num(trace.threadCount()));
        fact(out, "events", num(trace.eventCount()));
        fact(out, "sync operations", num(trace.syncOrder().size()));
        fact(out, "chunks", num(trace.chunkCount()));
        long raw = stats.total.raw;
        fact(out, "raw size", num(raw) + " bytes as fixed-width records");
        fact(out, "file size", num(trace.fileBytes()) + " bytes" + (raw > 0 ? String.format(Locale.ROOT, " = %.2f%% of raw", 100.0 * trace.fileBytes() / raw) : ""));
        out.println("</table>");

        out.println("<h3>Events by kind</h3><div class=\"chart\" id=\"chart-events\"></div>");
        out.println("<table class=\"numbers\" id=\"events\"><thead><tr><th>kind</th><th>events</th></tr></thead><tbody>");
        for (Object[] k : eventKinds(stats.total.events)) out.println("<tr><td>" + esc((String) k[0]) + "</td><td>" + num((Long) k[1]) + "</td></tr>");
        out.println("</tbody></table>");

        out.println("<h3>Threads</h3><table class=\"numbers\" id=\"threads\"><thead><tr><th>#</th><th>thread</th><th>events</th>"
                + "<th>sync operations</th><th>raw bytes</th><th>bytes</th><th>% of raw</th></tr></thead><tbody>");
        for (int t = 0; t < stats.threads.size(); t++) {
            Row r = stats.threads.get(t);
            out.println("<tr><td>" + t + "</td><td>" + esc(trace.threads().get(t).name()) + "</td><td>" + num(r.events.total()) + "</td><td>"
                    + num(r.events.syncTotal()) + "</td><td>" + num(r.raw) + "</td><td>" + num(r.totalBytes()) + "</td><td>" + percent(r.totalBytes(), r.raw) + "</td></tr>");
        }
        out.println("</tbody></table></section>");

        out.println("<section id=\"compression\"><h2>Compression</h2>");
        out.println("<h3>Where the file's bytes go</h3><div class=\"chart\" id=\"chart-components\"></div>");
        out.println("<table class=\"numbers\" id=\"components\"><thead><tr><th>component</th><th>bytes</th><th>% of file</th></tr></thead><tbody>");
        for (Component c : stats.components()) {
            out.println("<tr><td>" + esc(c.label) + "</td><td>" + num(stats.total.bytes(c)) + "</td><td>" + percent(stats.total.bytes(c), stats.total.totalBytes()) + "</td></tr>");
        }
        out.println("</tbody></table>");
        int shown = Math.min(stats.threads.size(), MAX_THREADS);
        out.println("<h3>Per thread</h3>");
        if (shown < stats.threads.size()) {
            out.println("<p class=\"note\" id=\"threads-aggregated\">" + num(stats.threads.size()) + " threads: the chart shows the " + shown
                    + " largest and one bar for the other " + num(stats.threads.size() - shown) + " together (the table above lists every thread).</p>");
        }
        out.println("<div class=\"chart tall\" id=\"chart-threads\"></div>");
        out.println("<p class=\"note\">Components of the whole trace (S_synch, metadata, framing) have no per-thread share and are left out here.</p>");
        out.println("</section>");

        out.print("<script type=\"application/json\" id=\"wholetrace-data\">");
        out.print(data(report, shown));
        out.println("</script>");
        out.print("<script>");
        out.print(scriptText(resource(ECHARTS)));
        out.println("</script>");
        out.print("<script>");
        out.print(scriptText(resource(SCRIPT)));
        out.println("</script>");
        out.println("</body></html>");
    }

    private static void fact(PrintWriter out, String name, String value) {
        out.println("<tr><th>" + esc(name) + "</th><td>" + esc(value) + "</td></tr>");
    }

    /** Blocks, loads, stores and each sync kind that occurs, with their counts. */
    static List<Object[]> eventKinds(EventCounts c) {
        List<Object[]> kinds = new ArrayList<>();
        if (c.blocks > 0) kinds.add(new Object[] {"blocks", c.blocks});
        if (c.loads > 0) kinds.add(new Object[] {"loads", c.loads});
        if (c.stores > 0) kinds.add(new Object[] {"stores", c.stores});
        for (SyncKind k : SyncKind.values()) if (c.sync[k.ordinal()] > 0) kinds.add(new Object[] {k.label, c.sync[k.ordinal()]});
        return kinds;
    }

    /** The charts' data as JSON, with every {@code <} escaped so that nothing in it can close the script element. */
    private static String data(StatsReport report, int shown) throws IOException {
        TraceStats stats = report.stats();
        StringWriter s = new StringWriter();
        try (JsonGenerator j = new JsonFactory().createGenerator(s)) {
            j.writeStartObject();
            j.writeStringField("file", report.file());
            j.writeArrayFieldStart("eventKinds");
            for (Object[] k : eventKinds(stats.total.events)) {
                j.writeStartObject();
                j.writeStringField("kind", (String) k[0]);
                j.writeNumberField("count", (Long) k[1]);
                j.writeEndObject();
            }
            j.writeEndArray();
            j.writeArrayFieldStart("components");
            for (Component c : stats.components()) {
                j.writeStartObject();
                j.writeStringField("label", c.label);
                j.writeNumberField("bytes", stats.total.bytes(c));
                j.writeEndObject();
            }
            j.writeEndArray();
            // the largest threads one by one, the rest summed
            List<Integer> order = new ArrayList<>();
            for (int t = 0; t < stats.threads.size(); t++) order.add(t);
            if (shown < order.size()) order.sort((a, b) -> Long.compare(stats.threads.get(b).totalBytes(), stats.threads.get(a).totalBytes()));
            List<Integer> drawn = order.subList(0, shown);
            List<Integer> rest = order.subList(shown, order.size());
            j.writeArrayFieldStart("threadNames");
            for (int t : drawn) j.writeString(t + " " + report.trace().threads().get(t).name());
            if (!rest.isEmpty()) j.writeString(rest.size() + " other threads");
            j.writeEndArray();
            j.writeArrayFieldStart("threadComponents");
            for (Component c : stats.components()) {
                if (c.global) continue;
                j.writeStartObject();
                j.writeStringField("label", c.label);
                j.writeArrayFieldStart("bytes");
                for (int t : drawn) j.writeNumber(stats.threads.get(t).bytes(c));
                if (!rest.isEmpty()) {
                    long sum = 0;
                    for (int t : rest) sum += stats.threads.get(t).bytes(c);
                    j.writeNumber(sum);
                }
                j.writeEndArray();
                j.writeEndObject();
            }
            j.writeEndArray();
            j.writeEndObject();
        }
        return s.toString().replace("<", "\\u003c");
    }

    /** A script's text, refused if it could end its script element early. */
    static String scriptText(String js) {
        if (js.toLowerCase(Locale.ROOT).contains("</script")) throw new IllegalStateException("an inlined script contains </script");
        return js;
    }

    static String resource(String path) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException("missing resource " + path + " (the build packages it)");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static String num(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String percent(long part, long whole) {
        return whole <= 0 ? "" : String.format(Locale.ROOT, "%.2f%%", 100.0 * part / whole);
    }

    private static final String STYLE = "body{font:14px/1.4 system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222;padding:0 1em}"
            + "h1{margin-bottom:0}.file{color:#555;margin-top:.2em}table{border-collapse:collapse;margin:.5em 0 1em}"
            + "th,td{padding:.2em .8em;border-bottom:1px solid #ddd;text-align:left}table.numbers td+td{text-align:right}"
            + "table.facts th{font-weight:600;color:#444}.chart{height:320px;width:100%}.chart.tall{height:480px}"
            + ".note{color:#666;font-size:90%}code{font-size:95%}";
}
