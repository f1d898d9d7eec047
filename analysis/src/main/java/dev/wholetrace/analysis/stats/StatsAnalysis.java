package dev.wholetrace.analysis.stats;

import dev.wholetrace.analysis.NamedAnalysis;
import dev.wholetrace.analysis.stats.TraceStats.Component;
import dev.wholetrace.analysis.stats.TraceStats.Row;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.util.Text;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.List;

/** Events by kind and bytes per component, per thread and in total ({@link TraceStats}). */
public final class StatsAnalysis extends NamedAnalysis<TraceStats> {
    public StatsAnalysis() {
        super("stats", "events by kind, raw size and compressed size per component, per thread and in total");
    }

    @Override
    public TraceStats analyze(TraceView trace) {
        TraceMode mode = trace.mode();
        EventCounts all = new EventCounts();
        List<Row> rows = new ArrayList<>();
        for (int t = 0; t < trace.threadCount(); t++) {
            EventCounts c = trace.eventCounts(t);
            all.add(c);
            rows.add(new Row(t + " " + shortName(trace.threads().get(t).label()), c, c.rawBytes(mode)));
        }
        Row total = new Row("total", all, all.rawBytes(mode));
        long end = TraceFormat.FILE_HEADER_BYTES; // where the last complete chunk ends
        total.bytes[Component.FRAMING.ordinal()] += TraceFormat.FILE_HEADER_BYTES;
        List<Section> sections = new ArrayList<>(trace.sections());
        sections.addAll(trace.trailer());
        for (Section sec : sections) {
            Component c = componentOf(sec, mode);
            total.bytes[c.ordinal()] += sec.fileBytes();
            if (!c.global && sec.thread() >= 0 && sec.thread() < rows.size()) rows.get(sec.thread()).bytes[c.ordinal()] += sec.fileBytes();
            end = Math.max(end, sec.offset() + sec.fileBytes());
        }
        // The view does not list the END section among the sections: whatever follows the last
        // chunk is END in a complete file and an unread partial chunk in an unfinished one.
        long rest = trace.fileBytes() - end;
        total.bytes[(trace.complete() ? Component.FRAMING : Component.UNREAD).ordinal()] += rest;
        return new TraceStats(mode, rows, total);
    }

    /** A thread name fit for a table cell: one line, at most 24 characters. */
    private static String shortName(String name) {
        String s = Text.oneLine(name);
        return s.length() <= 24 ? s : s.substring(0, 23) + "…";
    }

    private static Component componentOf(Section s, TraceMode mode) {
        return switch (s.type()) {
            case STREAM, CONTROL, DATA, STREAMS -> streamComponent(s.stream(), mode);
            case SYNC_ORDER -> Component.S_SYNCH;
            case SYNC_COUNTS -> Component.SYNCH_CNT;
            case SYMBOLS -> Component.SYMBOLS;
            case PROPERTIES, THREADS, CODE, CODE_INDEX, CLOCK, STRATA_OUTPUTS -> Component.METADATA;
            case CHUNK_END, END, PACK -> Component.FRAMING; // a PACK's header and directory: what it holds is listed apart
        };
    }

    /** The column of a stream kind's sections: the main WPP, ALL's DOR WPP or the address streams. */
    private static Component streamComponent(StreamKind kind, TraceMode mode) {
        if (kind == mode.mainWpp()) return Component.WPP;
        if (kind == StreamKinds.DATA) return Component.DOR_WPP;
        if (kind == StreamKinds.ADDRESSES || kind == StreamKinds.CHECKS) return Component.DATA; // EWPP: the check signatures stand for the addresses
        throw new IllegalStateException("no column for stream kind " + kind);
    }
}
