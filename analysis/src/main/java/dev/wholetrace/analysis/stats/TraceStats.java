package dev.wholetrace.analysis.stats;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.EventCounts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a trace holds and what each part of it costs, per thread and in total: the numbers of
 * parallel-wpp-compression Tables 3–5, as {@link StatsAnalysis} computes them. Events are counted
 * on the grammars (EventCounts), sizes are the file bytes of the sections (header, payload and CRC),
 * so the components of the total add up to the file size exactly.
 */
public final class TraceStats {
    /** The parts of a trace file, in the order the report shows them. */
    public enum Component {
        /** The main WPP: the control stream, or the data stream in DOR mode. */
        WPP("WPP", "wpp", false),
        /** Diff∘RLE∘SEQ address streams, in CDR and ALL; the eWPP's check signatures in EWPP (they stand for the addresses). */
        DATA("data", "data", false),
        /** The DOR WPP (data stream) that ALL mode keeps beside the control WPP. */
        DOR_WPP("DOR WPP", "dorWpp", false),
        /** The sync order (SYNC_ORDER), one for all threads. */
        S_SYNCH("S_synch", "sSynch", true),
        /** The sync counts of the WPP edges (SYNC_COUNTS). */
        SYNCH_CNT("synch_cnt", "synchCnt", false),
        /** Per-thread symbol tables (SYMBOLS). */
        SYMBOLS("symbols", "symbols", false),
        /** PROPERTIES, THREADS, CODE, CLOCK and the stored strata outputs (STRATA_OUTPUTS). */
        METADATA("metadata", "metadata", true),
        /** The file header, CHUNK_END and END. */
        FRAMING("framing", "framing", true),
        /** A partial chunk at the end of an unfinished file, not read. */
        UNREAD("unread", "unread", true);

        public final String label;
        /** The component's key in machine-readable output. */
        public final String jsonName;
        /** Whether the component belongs to the whole trace only (no per-thread share). */
        public final boolean global;

        Component(String label, String jsonName, boolean global) {
            this.label = label;
            this.jsonName = jsonName;
            this.global = global;
        }
    }

    /** One row of the report: a thread ("index name", the name on one line and shortened), or the total. */
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

        /** One row named {@code name} holding the sums of {@code rows}: events, raw size and every component's bytes. */
        public static Row sum(String name, List<Row> rows, TraceMode mode) {
            EventCounts events = new EventCounts();
            for (Row r : rows) events.add(r.events);
            Row sum = new Row(name, events, events.rawBytes(mode));
            for (Row r : rows) for (int c = 0; c < sum.bytes.length; c++) sum.bytes[c] += r.bytes[c];
            return sum;
        }
    }

    public final TraceMode mode;
    /** One row per thread, in thread order. */
    public final List<Row> threads;
    public final Row total;

    TraceStats(TraceMode mode, List<Row> threads, Row total) {
        this.mode = mode;
        this.threads = Collections.unmodifiableList(new ArrayList<>(threads));
        this.total = total;
    }

    /** The components worth a column for this trace (those its mode has, and unread bytes if any). */
    public List<Component> components() {
        List<Component> out = new ArrayList<>();
        for (Component c : Component.values()) {
            boolean shown = switch (c) {
                case DATA -> mode.controlAccesses(); // EWPP: the check signatures
                case DOR_WPP -> mode == TraceMode.ALL;
                case UNREAD -> total.bytes(c) > 0;
                default -> true;
            };
            if (shown) out.add(c);
        }
        return out;
    }
}
