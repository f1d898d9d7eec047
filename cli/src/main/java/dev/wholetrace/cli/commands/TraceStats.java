package dev.wholetrace.cli.commands;

import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.TraceFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * What a trace holds and what each part of it costs, per thread and in total: the numbers of
 * parallel-wpp-compression Tables 3–5. Events are counted on the grammars (EventCounts), sizes
 * are the file bytes of the sections (header, payload and CRC), so the components of the total
 * add up to the file size exactly.
 */
public final class TraceStats {
    /** The parts of a trace file, in the order the report shows them. */
    public enum Component {
        /** The main WPP: the control stream, or the data stream in DOR mode. */
        WPP("WPP", "wpp", false),
        /** Diff∘RLE∘SEQ address streams, in CDR and ALL. */
        DATA("data", "data", false),
        /** The DOR WPP (data stream) that ALL mode keeps beside the control WPP. */
        DOR_WPP("DOR WPP", "dorWpp", false),
        /** The sync order (SYNC_ORDER), one for all threads. */
        S_SYNCH("S_synch", "sSynch", true),
        /** The sync counts of the WPP edges (SYNC_COUNTS). */
        SYNCH_CNT("synch_cnt", "synchCnt", false),
        /** Per-thread symbol tables (SYMBOLS). */
        SYMBOLS("symbols", "symbols", false),
        /** PROPERTIES, THREADS and CODE. */
        METADATA("metadata", "metadata", true),
        /** The file header, CHUNK_END and END. */
        FRAMING("framing", "framing", true),
        /** A partial chunk at the end of an unfinished file, not read. */
        UNREAD("unread", "unread", true);

        public final String label;
        final String jsonName;
        /** Whether the component belongs to the whole trace only (no per-thread share). */
        final boolean global;

        Component(String label, String jsonName, boolean global) {
            this.label = label;
            this.jsonName = jsonName;
            this.global = global;
        }
    }

    /** One row of the report: a thread, or the total. */
    public static final class Row {
        public final String name;
        public final EventCounts events;
        public final long raw;
        final long[] bytes = new long[Component.values().length];

        Row(String name, EventCounts events, long raw) {
            this.name = name;
            this.events = events;
            this.raw = raw;
        }

        public long bytes(Component c) {
            return bytes[c.ordinal()];
        }

        public long totalBytes() {
            long n = 0;
            for (long b : bytes) n += b;
            return n;
        }
    }

    final TraceMode mode;
    final List<Row> threads = new ArrayList<>();
    public final Row total;

    private TraceStats(TraceMode mode, Row total) {
        this.mode = mode;
        this.total = total;
    }

    public static TraceStats of(ParallelTrace trace) {
        TraceMode mode = trace.mode();
        EventCounts all = new EventCounts();
        List<Row> rows = new ArrayList<>();
        for (int t = 0; t < trace.threads().size(); t++) {
            EventCounts c = EventCounts.of(trace.thread(t));
            all.add(c);
            rows.add(new Row(t + " " + shortName(trace.threads().get(t).name()), c, c.rawBytes(mode)));
        }
        TraceStats s = new TraceStats(mode, new Row("total", all, all.rawBytes(mode)));
        s.threads.addAll(rows);
        long end = TraceFormat.FILE_HEADER_BYTES; // where the last complete chunk ends
        s.total.bytes[Component.FRAMING.ordinal()] += TraceFormat.FILE_HEADER_BYTES;
        for (List<Section> chunk : trace.chunks()) {
            for (Section sec : chunk) {
                Component c = componentOf(sec, mode);
                s.total.bytes[c.ordinal()] += sec.fileBytes();
                if (!c.global && sec.thread() >= 0 && sec.thread() < rows.size()) rows.get(sec.thread()).bytes[c.ordinal()] += sec.fileBytes();
                end = Math.max(end, sec.offset() + sec.fileBytes());
            }
        }
        // TraceReader does not list the END section among the chunks: whatever follows the last
        // chunk is END in a complete file and an unread partial chunk in an unfinished one.
        long rest = trace.fileBytes() - end;
        s.total.bytes[(trace.complete() ? Component.FRAMING : Component.UNREAD).ordinal()] += rest;
        return s;
    }

    /** A thread name fit for a table cell: one line, at most 24 characters. */
    private static String shortName(String name) {
        String s = TraceFiles.oneLine(name);
        return s.length() <= 24 ? s : s.substring(0, 23) + "…";
    }

    private static Component componentOf(Section s, TraceMode mode) {
        return switch (s.type()) {
            case STREAM, CONTROL, DATA, STREAMS -> streamComponent(s.stream(), mode);
            case SYNC_ORDER -> Component.S_SYNCH;
            case SYNC_COUNTS -> Component.SYNCH_CNT;
            case SYMBOLS -> Component.SYMBOLS;
            case PROPERTIES, THREADS, CODE -> Component.METADATA;
            case CHUNK_END, END -> Component.FRAMING;
        };
    }

    /** The column of a stream kind's sections: the main WPP, ALL's DOR WPP or the address streams. */
    private static Component streamComponent(StreamKind kind, TraceMode mode) {
        if (kind == mode.mainWpp()) return Component.WPP;
        if (kind == StreamKinds.DATA) return Component.DOR_WPP;
        if (kind == StreamKinds.ADDRESSES) return Component.DATA;
        throw new IllegalStateException("no column for stream kind " + kind);
    }

    /** The components worth a column for this trace (those its mode has, and unread bytes if any). */
    List<Component> components() {
        List<Component> out = new ArrayList<>();
        for (Component c : Component.values()) {
            boolean shown = switch (c) {
                case DATA -> mode.streams;
                case DOR_WPP -> mode == TraceMode.ALL;
                case UNREAD -> total.bytes(c) > 0;
                default -> true;
            };
            if (shown) out.add(c);
        }
        return out;
    }
}
