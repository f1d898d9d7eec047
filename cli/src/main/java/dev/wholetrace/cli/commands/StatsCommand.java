package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.analysis.stats.TraceStats;
import dev.wholetrace.analysis.stats.TraceStats.Component;
import dev.wholetrace.analysis.stats.TraceStats.Row;
import dev.wholetrace.cli.term.Units;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace stats}: what a recorded trace holds and what each part costs (Tables 3–5). */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = {"Describe a recorded trace (.wtrace): events and sizes per thread.",
                "",
                "Events by kind and the compressed size of each component, per thread and in",
                "total, with each size as a percentage of the raw trace, as in",
                "parallel-wpp-compression Tables 3-5. Events are counted on the grammars,",
                "without expanding them. 'raw' is what the events would take as fixed-width",
                "records: block 4 bytes, load/store 13 (9 in DOR), sync operation 21.",
                "",
                "Components (each is the bytes its sections take in the file):",
                "  WPP        the per-thread WPPs (CONTROL sections; DATA in DOR mode)",
                "  data       the Diff∘RLE∘SEQ address streams (CDR, ALL)",
                "  DOR WPP    the data WPPs that ALL mode keeps as well",
                "  S_synch    the sync order of all threads (whole trace only)",
                "  synch_cnt  the sync counts of the WPP edges",
                "  symbols    the per-thread symbol tables",
                "  metadata   properties, threads, code map (whole trace only)",
                "  framing    file header, CHUNK_END and END (whole trace only)",
                "  unread     the partial chunk of an unfinished recording, if any",
                "The total row adds up to the file size exactly."},
        footer = {"", "Examples:",
                "  wholetrace stats run.wtrace",
                "  wholetrace stats run.wtrace --json | jq '.total.bytes'"})
public final class StatsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Option(names = "--json", description = "print one JSON object instead of tables")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ParallelTrace trace = TraceFiles.open(input, spec.commandLine().getErr());
        TraceStats stats = new StatsAnalysis().analyze(trace);
        if (json) out.println(json(trace, stats));
        else text(out, trace, stats);
        out.flush();
        return 0;
    }

    // ---- text -----------------------------------------------------------------------------------

    private void text(PrintWriter out, ParallelTrace trace, TraceStats stats) {
        out.printf(Locale.ROOT, "file        %s (%s, %d bytes)%n", TraceFiles.oneLine(input.toString()), Units.bytes(trace.fileBytes()), trace.fileBytes());
        out.printf(Locale.ROOT, "mode        %s: %s%n", trace.mode().label(), describe(trace.mode()));
        out.printf(Locale.ROOT, "status      %s%n", trace.complete() ? "complete"
                : "incomplete: the recording did not finish; " + trace.ignoredBytes() + " trailing bytes not read");
        out.printf(Locale.ROOT, "chunks      %d%n", trace.chunkCount());
        out.printf(Locale.ROOT, "threads     %d%n", trace.threads().size());
        out.printf(Locale.ROOT, "sync ops    %d (S_synch entries)%n", trace.syncOrder().size());
        out.printf(Locale.ROOT, "events      %d%n", trace.eventCount());
        out.printf(Locale.ROOT, "code map    %d blocks, %d instructions%n", trace.code().blockCount(), trace.code().instructionCount());
        if (trace.properties().isEmpty()) out.println("properties  (none)");
        boolean first = true;
        for (Map.Entry<String, String> p : trace.properties().entrySet()) {
            out.printf(Locale.ROOT, "%-12s%s=%s%n", first ? "properties" : "", TraceFiles.oneLine(p.getKey()),
                    TraceFiles.oneLine(p.getValue()));
            first = false;
        }

        out.println();
        List<SyncKind> kinds = syncKinds(stats.total.events);
        TextTable events = new TextTable();
        List<String> head = new ArrayList<>(List.of("events by kind", "blocks", "loads", "stores", "sync"));
        for (SyncKind k : kinds) head.add(k.label);
        head.add("total");
        events.row(head);
        for (Row r : rows(stats)) {
            EventCounts c = r.events;
            List<String> cells = new ArrayList<>(List.of(r.name, n(c.blocks), n(c.loads), n(c.stores), n(c.syncTotal())));
            for (SyncKind k : kinds) cells.add(n(c.sync[k.ordinal()]));
            cells.add(n(c.total()));
            events.row(cells);
        }
        events.print(out);

        out.println();
        List<Component> components = stats.components();
        TextTable sizes = new TextTable();
        TextTable percent = new TextTable();
        List<String> sizeHead = new ArrayList<>(List.of("sizes in bytes", "raw"));
        List<String> percentHead = new ArrayList<>(List.of("% of raw"));
        for (Component c : components) {
            sizeHead.add(c.label);
            percentHead.add(c.label);
        }
        sizeHead.add("total");
        percentHead.add("total");
        sizes.row(sizeHead);
        percent.row(percentHead);
        for (Row r : rows(stats)) {
            boolean isTotal = r == stats.total;
            List<String> sizeCells = new ArrayList<>(List.of(r.name, n(r.raw)));
            List<String> percentCells = new ArrayList<>(List.of(r.name));
            for (Component c : components) {
                boolean shown = isTotal || !c.global;
                sizeCells.add(shown ? n(r.bytes(c)) : "-");
                percentCells.add(shown ? percent(r.bytes(c), r.raw) : "-");
            }
            sizeCells.add(n(r.totalBytes()));
            percentCells.add(percent(r.totalBytes(), r.raw));
            sizes.row(sizeCells);
            percent.row(percentCells);
        }
        sizes.print(out);
        out.println();
        percent.print(out);
    }

    private static List<Row> rows(TraceStats stats) {
        List<Row> rows = new ArrayList<>(stats.threads);
        rows.add(stats.total);
        return rows;
    }

    /** The sync kinds that occur in the trace, in SyncKind order. */
    private static List<SyncKind> syncKinds(EventCounts total) {
        List<SyncKind> out = new ArrayList<>();
        for (SyncKind k : SyncKind.values()) if (total.sync[k.ordinal()] > 0) out.add(k);
        return out;
    }

    static String describe(TraceMode mode) {
        return switch (mode) {
            case COR -> "control only; per thread a WPP over blocks and sync operations";
            case DOR -> "data only; per thread a WPP over (load/store, address) and sync operations";
            case CDR -> "control + data; per thread a WPP over blocks, sync operations and load/store instructions,"
                    + " and an address stream per instruction";
            case ALL -> "CDR and DOR together; per thread the CDR parts and a DOR WPP";
        };
    }

    private static String n(long v) {
        return Long.toString(v);
    }

    /** A percentage with about three significant digits, small values included. */
    static String percent(long part, long whole) {
        if (whole == 0) return "-";
        double p = 100.0 * part / whole;
        if (p == 0) return "0";
        if (p >= 100) return String.format(Locale.ROOT, "%.0f", p);
        if (p >= 10) return String.format(Locale.ROOT, "%.1f", p);
        if (p >= 1) return String.format(Locale.ROOT, "%.2f", p);
        if (p >= 0.001) return String.format(Locale.ROOT, "%.3f", p);
        return "<0.001";
    }

    // ---- JSON -----------------------------------------------------------------------------------

    private String json(ParallelTrace trace, TraceStats stats) {
        Json j = new Json().field("file", input.toString()).field("fileBytes", trace.fileBytes())
                .field("mode", trace.mode().label()).field("complete", trace.complete())
                .field("ignoredBytes", trace.ignoredBytes()).field("chunks", trace.chunkCount())
                .field("threadCount", trace.threads().size()).field("syncOps", trace.syncOrder().size())
                .field("events", trace.eventCount());
        j.object("properties");
        trace.properties().forEach(j::field);
        j.end();
        j.array("threads");
        for (int t = 0; t < stats.threads.size(); t++) {
            Row r = stats.threads.get(t);
            j.element().field("thread", t).field("name", trace.threads().get(t).name());
            rowJson(j, r, false).end();
        }
        j.endArray();
        j.object("total");
        rowJson(j, stats.total, true).end();
        return j.toString();
    }

    /** Events, raw size and bytes per component of one row; a thread row leaves out global components. */
    private static Json rowJson(Json j, Row r, boolean total) {
        EventCounts c = r.events;
        j.object("events").field("blocks", c.blocks).field("loads", c.loads).field("stores", c.stores);
        j.object("sync");
        for (SyncKind k : SyncKind.values()) if (c.sync[k.ordinal()] > 0) j.field(k.label, c.sync[k.ordinal()]);
        j.end().field("syncTotal", c.syncTotal()).field("total", c.total()).end();
        j.field("rawBytes", r.raw);
        j.object("bytes");
        for (Component comp : Component.values()) if (total || !comp.global) j.field(comp.jsonName, r.bytes(comp));
        return j.field("total", r.totalBytes()).end();
    }
}
