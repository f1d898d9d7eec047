package dev.wholetrace.report.html;

import static dev.wholetrace.report.html.Html.esc;
import static dev.wholetrace.report.html.Html.num;
import static dev.wholetrace.report.html.Html.percent;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.wholetrace.analysis.deps.DepsAnalysis;
import dev.wholetrace.analysis.deps.DepsOptions;
import dev.wholetrace.analysis.race.RaceAnalysis;
import dev.wholetrace.analysis.stats.TraceStats;
import dev.wholetrace.analysis.strata.PhaseAnalysis;
import dev.wholetrace.analysis.strata.PhaseResult;
import dev.wholetrace.analysis.strata.StoredStrata;
import dev.wholetrace.analysis.strata.StrataAnalysis;
import dev.wholetrace.analysis.strata.StrataResult;
import dev.wholetrace.analysis.strata.StrataOptions;
import dev.wholetrace.analysis.timeline.TimelineAxis;
import dev.wholetrace.analysis.timeline.TimelineExport;
import dev.wholetrace.analysis.timeline.WindowBound;
import dev.wholetrace.analysis.stats.TraceStats.Component;
import dev.wholetrace.analysis.stats.TraceStats.Row;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.event.TraceClock;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.stats.StatsReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code wholetrace report}: one self-contained HTML page (no network: the charting library and the
 * page's script are inlined) with the trace's summary (program, threads, events by kind, sizes
 * against raw), its synchronization as a message-sequence chart ({@link SyncChart}), its races
 * ({@link RaceSection}), hot methods, blocks and paths ({@link HotSection}), a grammar explorer
 * ({@link GrammarExplorer}) and its compression breakdown, drawn by Apache ECharts (from its
 * WebJar). The data the charts read is embedded as JSON; the tables are plain HTML, readable
 * without script. Every section is bounded (docs/report.md), and says what it left out.
 */
public final class HtmlReport implements ReportWriter<StatsReport> {
    /** Threads drawn one by one in the per-thread chart, and listed one by one in the Threads table before the rest are grouped by name. */
    public static final int MAX_THREADS = 64;
    /** Sync operations the chart draws one by one by default; above, it shows them aggregated. */
    public static final long DEFAULT_MAX_OPS = 5_000;
    static final String ECHARTS = "/META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";
    /** The page's own scripts, inlined in this order: charts, the sequence chart, the grammar explorer. */
    static final List<String> SCRIPTS = List.of("/dev/wholetrace/report/html/report.js", "/dev/wholetrace/report/html/sequence.js",
            "/dev/wholetrace/report/html/explorer.js");

    /**
     * What the report does beyond the summary.
     *
     * @param maxOps    sync operations the sequence chart draws one by one (above: aggregated)
     * @param races     whether to look for races (CDR and ALL traces)
     * @param classpath where else to look for the program's class files (race artifacts)
     * @param from      the first entry of S_synch (or time) the sequence chart draws (null: the first)
     * @param to        the last one, included (null: the last)
     * @param deps      whether to recover the memory dependences; null: from an eWPP only (its checks are
     *                  what the mode records), not from a CDR/ALL address trace (a pass over every load)
     */
    public record Options(long maxOps, boolean races, List<Path> classpath, WindowBound from, WindowBound to, Boolean deps) {
        public Options {
            if (maxOps < 1) throw new IllegalArgumentException("--max-ops must be at least 1, not " + maxOps);
            classpath = List.copyOf(classpath);
        }

        /** The whole order, dependences from an eWPP only. */
        public Options(long maxOps, boolean races, List<Path> classpath) {
            this(maxOps, races, classpath, null, null, null);
        }

        public static Options defaults() {
            return new Options(DEFAULT_MAX_OPS, true, List.of());
        }
    }

    private final Options options;
    private final ReportProgress progress;
    /** Sections announced so far in this write ({@link #section}). */
    private int sectionsStarted;

    /** The sections each format computes, the progress line's steps ({@link ReportProgress#section}). */
    static final int SECTIONS = 7;

    public HtmlReport() {
        this(Options.defaults());
    }

    public HtmlReport(Options options) {
        this(options, ReportProgress.NONE);
    }

    public HtmlReport(Options options, ReportProgress progress) {
        this.options = options;
        this.progress = progress;
    }

    /** Announces the next section, {@code name}. */
    private void section(String name) {
        progress.section(name, ++sectionsStarted, SECTIONS);
    }

    /** The page, for people. */
    public static final OutputFormat HTML = new OutputFormat("html", List.of(), "the self-contained HTML page (the default)");
    /** The same content for programs: one JSON document. */
    public static final OutputFormat JSON = OutputFormat.JSON.describedAs(
            "JSON: the summary, the charts' data (sync chart, grammar explorer), and the races, hot section, phases and "
                    + "dependences as those commands' JSON");
    /** The report's formats; each is written by {@link #writer}. */
    public static final FormatRegistry<OutputFormat> FORMATS = new FormatRegistry<OutputFormat>("report").register(HTML, HTML).register(JSON, JSON);

    /** The writer of {@code format} (one of {@link #FORMATS}). */
    public ReportWriter<StatsReport> writer(OutputFormat format) {
        return FORMATS.writer(format) == JSON ? this::writeJson : this;
    }

    /**
     * The sequence chart's data. The sections are computed one at a time and each is written and
     * dropped before the next (both formats): held together, the hot paths' tables, the phases' and
     * the grammar explorer's did not fit the heaps a big trace is read in (ScaleReadingTest, 80 MB).
     */
    private SyncChart chart(ParallelTrace trace) throws IOException {
        return SyncChart.of(new TimelineExport(options.maxOps(), options.from(), options.to(), TimelineAxis.ORDER).analyze(trace), trace);
    }

    /**
     * The report as one JSON document: {@code summary} (as the page's summary table), {@code charts}
     * (exactly the data the page's charts read), then {@code races}, {@code hot}, {@code phases} and
     * {@code deps} as those commands write them with {@code --format json}.
     */
    public void writeJson(StatsReport report, PrintWriter out) throws IOException {
        ParallelTrace trace = report.trace();
        int shown = Math.min(report.stats().threads.size(), MAX_THREADS);
        sectionsStarted = 0;
        try (JsonGenerator j = new JsonFactory().createGenerator(out)) {
            j.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            j.writeStartObject();
            j.writeObjectFieldStart("summary");
            j.writeStringField("file", report.file());
            j.writeStringField("program", trace.properties().getOrDefault("program", ""));
            j.writeStringField("mode", trace.mode().label());
            j.writeBooleanField("complete", trace.complete());
            j.writeNumberField("threads", trace.threadCount());
            j.writeNumberField("events", trace.eventCount());
            j.writeNumberField("syncOperations", trace.syncOrder().size());
            j.writeNumberField("chunks", trace.chunkCount());
            j.writeNumberField("rawBytes", report.stats().total.raw);
            j.writeNumberField("fileBytes", trace.fileBytes());
            j.writeEndObject();
            j.writeFieldName("charts");
            section("sequence chart");
            SyncChart chart = chart(trace);
            section("grammar explorer");
            j.writeRawValue(data(report, shown, chart, new GrammarExplorer(trace, GrammarExplorer.Limits.DEFAULT)));
            j.writeFieldName("races");
            section("races");
            j.writeRawValue(racesJson(trace, report.file()));
            StoredStrata.Outputs stored = storedOutputs(trace);
            j.writeFieldName("hot");
            section("hot methods and paths");
            hot(trace, stored).writeJson(j, report.file());
            j.writeFieldName("phases");
            section("phases");
            j.writeRawValue(phases(trace, stored).json());
            j.writeFieldName("deps");
            section("dependences");
            j.writeRawValue(deps(trace).json());
            section("writing the page");
            j.writeEndObject();
        }
        out.println();
    }

    @Override
    public void write(StatsReport report, PrintWriter out) throws IOException {
        ParallelTrace trace = report.trace();
        TraceStats stats = report.stats();
        sectionsStarted = 0;
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

        threadsTable(trace, stats, out);
        out.println("</section>");

        section("sequence chart");
        SyncChart chart = chart(trace);
        sequenceSection(chart, out);
        section("races");
        races(trace).write(out); // each section written and dropped before the next is computed
        StoredStrata.Outputs stored = storedOutputs(trace);
        section("hot methods and paths");
        hot(trace, stored).write(out);
        section("phases");
        phases(trace, stored).write(out);
        section("dependences");
        deps(trace).write(out);
        section("grammar explorer");
        GrammarExplorer grammar = new GrammarExplorer(trace, GrammarExplorer.Limits.DEFAULT);
        grammarSection(grammar, trace, out);
        section("writing the page");

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
                    + " largest and one bar for the other " + num(stats.threads.size() - shown) + " together (the Threads table above has every thread: grouped by name past the first " + MAX_THREADS + ", one by one under its collapsed list).</p>");
        }
        out.println("<div class=\"chart tall\" id=\"chart-threads\"></div>");
        out.println("<p class=\"note\">Components of the whole trace (S_synch, metadata, framing) have no per-thread share and are left out here.</p>");
        out.println("</section>");

        out.print("<script type=\"application/json\" id=\"wholetrace-data\">");
        out.print(data(report, shown, chart, grammar));
        out.println("</script>");
        out.print("<script>");
        out.print(scriptText(resource(ECHARTS)));
        out.println("</script>");
        out.print("<script>");
        for (String script : SCRIPTS) out.print(scriptText(resource(script)));
        out.println("</script>");
        out.println("</body></html>");
    }

    private static void sequenceSection(SyncChart chart, PrintWriter out) {
        out.println("<section id=\"sync\"><h2>Synchronization</h2>");
        out.println("<p class=\"note\">A message-sequence chart: one line per thread, its sync operations on it (the x axis is the order of "
                + "all sync operations, S_synch; time below), the locks it holds as bands, an arrow for each happens-before hand-over (unlock "
                + "&rarr; lock, fork &rarr; begin, end &rarr; join, volatile write &rarr; read, ...) and a dashed chain through each barrier "
                + "episode. Drag or scroll to zoom and pan; hover for details.</p>");
        if (chart.info().windowed()) {
            out.println("<p class=\"note\" id=\"sync-window\">A window: entries " + num(chart.info().from()) + " to " + num(chart.info().to())
                    + " of the " + num(chart.info().operations()) + " sync operations (<code>--from</code>/<code>--to</code>).</p>");
        }
        long drawn = chart.info().to() - chart.info().from() + 1;
        if (chart.aggregated()) {
            out.println("<p class=\"note\" id=\"sync-aggregated\">" + num(drawn) + " sync operations, more than the "
                    + num(chart.info().maxDrawn()) + " drawn one by one: each box is one thread's operations in " + num(chart.info().binWidth())
                    + " consecutive positions of the order (its shade: how many); " + num(chart.summary().handOvers())
                    + " hand-overs are counted, not drawn. To see the operations of a stretch one by one, hover a box: it gives the "
                    + "<code>wholetrace report --from I --to J</code> that draws them; <code>wholetrace report --max-ops N</code> draws more at "
                    + "once; <code>wholetrace export --format perfetto</code> draws every one.</p>");
        } else {
            out.println("<p class=\"note\">" + num(drawn) + " sync operations, " + num(chart.summary().handOvers())
                    + " hand-overs, " + num(chart.summary().episodes()) + " barrier episodes.</p>");
        }
        TraceClock clock = chart.clock();
        if (clock.known()) {
            out.println("<p class=\"note\" id=\"sync-clock\">The recording's coarse clock (" + num(clock.samples()) + " samples over "
                    + String.format(Locale.ROOT, "%.3f", clock.spanNanos() / 1e6) + " ms; about one a millisecond while sync operations happen) "
                    + "puts the chart on a time axis too: <label><input type=\"radio\" name=\"sync-axis\" value=\"order\" checked> order</label> "
                    + "<label><input type=\"radio\" name=\"sync-axis\" value=\"time\" id=\"sync-axis-time\"> time</label>. An operation's time "
                    + "is interpolated between the samples around it, so operations closer than a millisecond can be drawn in the wrong "
                    + "order; the order axis is exact. On the time axis a faint bar behind each operation (its error bar) spans the two "
                    + "samples around it: when it can have happened.</p>");
        } else {
            out.println("<p class=\"note\" id=\"sync-clock\">The trace has no clock (recorded before format version 5): the axis is the order only.</p>");
        }
        out.println("<div class=\"chart tall\" id=\"chart-sync\"></div></section>");
    }

    /** The races section as JSON, with the detector's time (its section is not kept). */
    private String racesJson(ParallelTrace trace, String file) throws IOException {
        long t0 = System.nanoTime();
        RaceSection races = races(trace);
        return races.json(file, (System.nanoTime() - t0) / 1e9);
    }

    private RaceSection races(ParallelTrace trace) {
        List<String> names = trace.threads().stream().map(ThreadInfo::label).toList();
        if (!trace.mode().streams) {
            return new RaceSection(null, "Races need the accesses' instructions and addresses: this trace was recorded in mode "
                    + trace.mode().label().toUpperCase(Locale.ROOT) + "; record with --mode cdr (or all) to see them here.", names);
        }
        if (!options.races()) return new RaceSection(null, "Not looked for (--no-races).", names);
        return new RaceSection(new RaceAnalysis(false, true, options.classpath(), progress).analyze(trace), null, names);
    }

    /** The hot paths; {@code stored}: the trace's stored strata outputs, or null. */
    private static HotSection hot(ParallelTrace trace, StoredStrata.Outputs stored) {
        if (!trace.mode().control) {
            return HotSection.of(trace, null, "Hot blocks and paths need the blocks each thread executed: this trace was recorded in mode "
                    + trace.mode().label().toUpperCase(Locale.ROOT) + ", which keeps no control flow (record with --mode cor, cdr or all).");
        }
        StrataOptions options = StrataOptions.hotPaths(10, -1);
        StrataResult served = stored == null ? null : StoredStrata.serve(stored.strata(), options);
        return HotSection.of(trace, served != null ? served : new StrataAnalysis(options).analyze(trace), null);
    }

    /** The phases; {@code stored}: the trace's stored strata outputs, or null. */
    private static PhasesSection phases(ParallelTrace trace, StoredStrata.Outputs stored) {
        if (!trace.mode().control) {
            return new PhasesSection(null, "Phases are found from the blocks each thread executed: this trace was recorded in mode "
                    + trace.mode().label().toUpperCase(Locale.ROOT) + ", which keeps no control flow.");
        }
        PhaseAnalysis analysis = PhaseAnalysis.defaults();
        PhaseResult served = stored == null ? null : StoredStrata.servePhases(stored.phases(), analysis, trace.file());
        return new PhasesSection(served != null ? served : analysis.analyze(trace), null);
    }

    /**
     * The trace's STRATA_OUTPUTS section (a re-packed STRATA recording holds it), read once for the
     * hot paths and the phases; null when there is none or it is unreadable: then they are computed,
     * as for a recording without one.
     */
    private static StoredStrata.Outputs storedOutputs(ParallelTrace trace) {
        try {
            return StoredStrata.read(trace);
        } catch (IOException e) {
            return null;
        }
    }

    private DepsSection deps(ParallelTrace trace) {
        if (trace.mode() != TraceMode.EWPP && !(trace.mode().streams && trace.mode().control)) {
            return new DepsSection(null, "Memory dependences need the loads and stores: this trace was recorded in mode "
                    + trace.mode().label().toUpperCase(Locale.ROOT) + "; record with --mode ewpp (or cdr, all) to see them here.");
        }
        if (Boolean.FALSE.equals(options.deps())) return new DepsSection(null, "Not recovered (--no-deps).");
        if (options.deps() == null && trace.mode() != TraceMode.EWPP) {
            return new DepsSection(null, "Not recovered: from a " + trace.mode().label().toUpperCase(Locale.ROOT) + " trace the dependences "
                    + "take a pass over every load's address (as the races do); add --deps, or run 'wholetrace deps FILE'.");
        }
        return new DepsSection(new DepsAnalysis(DepsOptions.ALL).analyze(trace), null);
    }

    private static void grammarSection(GrammarExplorer grammar, ParallelTrace trace, PrintWriter out) {
        GrammarExplorer.Limits l = grammar.limits();
        out.println("<section id=\"grammar\"><h2>Grammar explorer</h2>");
        out.println("<p class=\"note\">Each thread's events are the expansion of its grammar (a WPP). Its top rules cover most of it "
                + "(expanded length &times; occurrences); click a rule to expand its body: a rule in it expands in turn, a terminal (a block, "
                + "a load or store, a sync operation) shows its code. Embedded: the top " + l.top() + " rules of " + (trace.threadCount() > l.threads()
                ? "the " + l.threads() + " threads with most events (of " + num(trace.threadCount()) + ")" : "each thread") + ", the rules up to "
                + l.depth() + " levels below them (at most " + l.rules() + " a thread), the first " + l.body() + " symbols of each body.</p>");
        out.println("<div id=\"explorer\"><label>thread <select id=\"explorer-thread\"></select></label>"
                + "<div class=\"explorer-panes\"><div id=\"explorer-rules\"></div><div id=\"explorer-code\" class=\"code-pane\">"
                + "<p class=\"note\">Click a terminal to see its code.</p></div></div></div></section>");
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
    private static String data(StatsReport report, int shown, SyncChart chart, GrammarExplorer grammar) throws IOException {
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
            for (int t : drawn) j.writeString(t + " " + report.trace().threads().get(t).label());
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
            j.writeFieldName("sync");
            chart.writeJson(j);
            j.writeFieldName("grammar");
            grammar.writeJson(j);
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

    private static final String STYLE = "body{font:14px/1.4 system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222;padding:0 1em}"
            + "h1{margin-bottom:0}.file{color:#555;margin-top:.2em}table{border-collapse:collapse;margin:.5em 0 1em}"
            + "th,td{padding:.2em .8em;border-bottom:1px solid #ddd;text-align:left}table.numbers td+td{text-align:right}"
            + "table.facts th{font-weight:600;color:#444}.chart{height:320px;width:100%}.chart.tall{height:480px}"
            + ".note{color:#666;font-size:90%}code{font-size:95%}.ok{color:#2a7a2a}"
            + "table.races td{vertical-align:top;overflow-wrap:break-word}.write{color:#b22}.read{color:#236}.race-ref{color:#2458b3;cursor:pointer;text-decoration:underline}"
            + "tr.artifact{color:#555}td.code ol{margin:.2em 0;padding-left:1.5em}summary{cursor:pointer}"
            + "table.numbers td.text{text-align:left}"
            + ".explorer-panes{display:flex;gap:1em;align-items:flex-start}#explorer-rules{flex:3;min-width:0}"
            + ".code-pane{flex:2;min-width:0;position:sticky;top:0;border:1px solid #ddd;padding:.5em;background:#fafafa}"
            + ".code-pane pre{white-space:pre-wrap;word-break:break-word;font-size:12px}.code-pane dd{overflow-wrap:anywhere;margin-left:1em}"
            + ".rule{margin:.2em 0 .2em 1em}.rule-head{cursor:pointer}.rule-head:hover{background:#eef}"
            + ".body{margin-left:1em;display:flex;flex-wrap:wrap;gap:.25em}.sym{border:1px solid #ccc;border-radius:3px;padding:0 .3em;"
            + "font:12px monospace;cursor:pointer;background:#fff}.sym.rule-ref{background:#eef}.sym.sync{background:#fde}"
            + ".sym.load,.sym.store{background:#efe}.sym.missing{cursor:default;color:#999}";

    /**
     * One row per thread; past {@link #MAX_THREADS}, the rest are summed per name family ({@link
     * #family}: a pool's thousands of threads are one row) and listed in full under a collapsed {@code details}.
     */
    private static void threadsTable(ParallelTrace trace, TraceStats stats, PrintWriter out) {
        out.println("<h3>Threads</h3>" + threadsHead("threads"));
        int n = stats.threads.size();
        int shown = Math.min(n, MAX_THREADS);
        for (int t = 0; t < shown; t++) out.println(threadRow(t, trace, stats));
        if (shown < n) {
            Map<String, long[]> byName = new LinkedHashMap<>(); // threads, events, sync operations, raw bytes, bytes
            for (int t = shown; t < n; t++) {
                Row r = stats.threads.get(t);
                long[] sum = byName.computeIfAbsent(family(trace.threads().get(t).label()), k -> new long[5]);
                sum[0]++;
                sum[1] += r.events.total();
                sum[2] += r.events.syncTotal();
                sum[3] += r.raw;
                sum[4] += r.totalBytes();
            }
            for (Map.Entry<String, long[]> e : byName.entrySet()) {
                long[] v = e.getValue();
                out.println(row("<tr class=\"thread-group\">", "", e.getKey() + " \u00d7 " + num(v[0]), v[1], v[2], v[3], v[4]));
            }
        }
        out.println("</tbody></table>");
        if (shown < n) {
            out.println("<details id=\"threads-rest\"><summary>threads " + shown + "\u2013" + (n - 1) + " one by one</summary>"
                    + threadsHead("threads-all"));
            for (int t = shown; t < n; t++) out.println(threadRow(t, trace, stats));
            out.println("</tbody></table></details>");
        }
    }

    private static final Pattern DIGITS = Pattern.compile("\\d+");

    /** A thread's name with its numbers as {@code #}: a pool's threads ("pool-1-thread-7") are one family. */
    static String family(String name) {
        return DIGITS.matcher(name).replaceAll("#");
    }

    private static String threadsHead(String id) {
        return "<table class=\"numbers\" id=\"" + id + "\"><thead><tr><th>#</th><th>thread</th><th>events</th>"
                + "<th>sync operations</th><th>raw bytes</th><th>bytes</th><th>% of raw</th></tr></thead><tbody>";
    }

    private static String threadRow(int t, ParallelTrace trace, TraceStats stats) {
        Row r = stats.threads.get(t);
        return row("<tr>", String.valueOf(t), trace.threads().get(t).label(), r.events.total(), r.events.syncTotal(), r.raw, r.totalBytes());
    }

    /** A row of the Threads table: one thread, or a name family's sum. */
    private static String row(String tr, String index, String name, long events, long syncs, long raw, long bytes) {
        return tr + "<td>" + index + "</td><td class=\"text\">" + esc(name) + "</td><td>" + num(events) + "</td><td>" + num(syncs) + "</td><td>"
                + num(raw) + "</td><td>" + num(bytes) + "</td><td>" + percent(bytes, raw) + "</td></tr>";
    }
}
