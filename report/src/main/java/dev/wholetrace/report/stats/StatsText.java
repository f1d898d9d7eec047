package dev.wholetrace.report.stats;

import dev.wholetrace.analysis.stats.TraceStats;
import dev.wholetrace.analysis.stats.TraceStats.Component;
import dev.wholetrace.analysis.stats.TraceStats.Row;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.model.util.Text;
import dev.wholetrace.report.TextTable;
import dev.wholetrace.report.Units;
import dev.wholetrace.model.event.TraceClock;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** {@code stats} as text: the trace's facts, then tables of events by kind, sizes and percentages of raw. */
final class StatsText implements ReportWriter<StatsReport> {
    @Override
    public void write(StatsReport report, PrintWriter out) {
        ParallelTrace trace = report.trace();
        TraceStats stats = report.stats();
        out.printf(Locale.ROOT, "file        %s (%s, %d bytes)%n", Text.oneLine(report.file()), Units.bytes(trace.fileBytes()), trace.fileBytes());
        out.printf(Locale.ROOT, "mode        %s: %s%n", trace.mode().label(), describe(trace.mode()));
        out.printf(Locale.ROOT, "status      %s%n", trace.complete() ? "complete"
                : "incomplete: the recording did not finish; " + trace.ignoredBytes() + " trailing bytes not read");
        if (trace.stoppedEarly() != null) {
            out.printf(Locale.ROOT, "stopped     the agent stopped recording before the program ended (%s): later events are missing%n",
                    Text.oneLine(trace.stoppedEarly()));
        }
        TraceClock clock = trace.clock();
        if (clock.known()) {
            out.printf(Locale.ROOT, "recorded    %.3f s from %s (clock: %d samples, one a millisecond while threads synchronize)%n",
                    clock.spanNanos() / 1e9, Instant.ofEpochMilli(clock.originEpochMillis()), clock.samples());
        } else {
            out.println("recorded    (no clock: format version " + trace.version() + " traces have none)");
        }
        out.printf(Locale.ROOT, "chunks      %d%n", trace.chunkCount());
        int threads = stats.threads.size();
        out.printf(Locale.ROOT, "threads     %d%s%n", trace.threads().size(), threads <= SHOWN_THREADS ? ""
                : " (the tables show the " + SHOWN_THREADS + " with the most events and sum the other "
                        + (threads - SHOWN_THREADS) + " in one row; --format json lists every thread)");
        out.printf(Locale.ROOT, "sync ops    %d (S_synch entries)%n", trace.syncOrder().size());
        out.printf(Locale.ROOT, "events      %d%n", trace.eventCount());
        out.printf(Locale.ROOT, "code map    %d blocks, %d instructions%n", trace.code().blockCount(), trace.code().instructionCount());
        if (trace.properties().isEmpty()) out.println("properties  (none)");
        boolean first = true;
        for (Map.Entry<String, String> p : trace.properties().entrySet()) {
            out.printf(Locale.ROOT, "%-12s%s=%s%n", first ? "properties" : "", Text.oneLine(p.getKey()),
                    abbreviated(p.getValue()));
            first = false;
        }

        out.println();
        List<Row> rows = rows(stats);
        List<SyncKind> kinds = syncKinds(stats.total.events);
        TextTable events = new TextTable();
        List<String> head = new ArrayList<>(List.of("events by kind", "blocks", "loads", "stores", "sync"));
        for (SyncKind k : kinds) head.add(k.label);
        head.add("total");
        events.row(head);
        for (Row r : rows) {
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
        for (Row r : rows) {
            boolean isTotal = r == stats.total;
            List<String> sizeCells = new ArrayList<>(List.of(r.name, n(r.raw)));
            List<String> percentCells = new ArrayList<>(List.of(r.name));
            for (Component c : components) {
                boolean shown = isTotal || !c.global;
                sizeCells.add(shown ? n(r.bytes(c)) : "-");
                percentCells.add(shown ? Units.significantPercent(r.bytes(c), r.raw) : "-");
            }
            sizeCells.add(n(r.totalBytes()));
            percentCells.add(Units.significantPercent(r.totalBytes(), r.raw));
            sizes.row(sizeCells);
            percent.row(percentCells);
        }
        sizes.print(out);
        out.println();
        percent.print(out);
    }

    /**
     * Threads beyond this many are summed into one row: a service on virtual threads records
     * thousands (5,170 in session 44's tour), and one row each buried the totals under 15,000 lines.
     */
    static final int SHOWN_THREADS = 64;

    /** The rows of every table: each thread (or the busiest and one row of the rest), then the total. */
    private static List<Row> rows(TraceStats stats) {
        List<Row> rows = new ArrayList<>();
        if (stats.threads.size() <= SHOWN_THREADS) {
            rows.addAll(stats.threads);
        } else {
            List<Row> busiest = new ArrayList<>(stats.threads);
            busiest.sort(Comparator.comparingLong((Row r) -> r.events.total()).reversed()); // stable: ties keep thread order
            Set<Row> shown = Collections.newSetFromMap(new IdentityHashMap<>());
            shown.addAll(busiest.subList(0, SHOWN_THREADS));
            List<Row> others = new ArrayList<>();
            for (Row r : stats.threads) (shown.contains(r) ? rows : others).add(r);
            rows.add(Row.sum(others.size() + " other threads", others, stats.mode));
        }
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
            case STRATA -> "control only, stored as strata; per thread cyclic paths, [path, tripcount] runs, layer-0 strata"
                    + " and a grammar over their runs";
            case EWPP -> "extended WPP; per thread a WPP over blocks, sync operations and load/store instructions,"
                    + " and the signatures of the dependence checks at every load (no addresses; docs/ewpp.md)";
        };
    }

    private static String n(long v) {
        return Long.toString(v);
    }



    /**
     * Property values longer than this many characters are cut in the text: an eWPP recording's
     * {@code ewpp.filter} lists kilobytes of instructions on one line, which buries the table below
     * it. {@code --format json} keeps every value whole.
     */
    static final int PROPERTY_CHARS = 160;

    /** {@code value} on one line, cut after {@link #PROPERTY_CHARS} characters with how many bytes were left out. */
    static String abbreviated(String value) {
        if (value == null || value.length() <= PROPERTY_CHARS) return Text.oneLine(value);
        int cut = Character.isHighSurrogate(value.charAt(PROPERTY_CHARS - 1)) ? PROPERTY_CHARS - 1 : PROPERTY_CHARS;
        int left = value.substring(cut).getBytes(StandardCharsets.UTF_8).length;
        return Text.oneLine(value.substring(0, cut)) + "... (" + left + " more bytes; --format json shows the whole value)";
    }
}
