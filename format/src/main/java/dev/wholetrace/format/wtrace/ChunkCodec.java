package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The payloads of a chunk's sections, before the codec and the CRCs (docs/trace-format.md). */
final class ChunkCodec {
    record RawSection(SectionType type, StreamKind stream, int thread, byte[] bytes) {}

    private static final List<String> CODE_COLUMNS = List.of("id", "class", "method", "descriptor", "line", "bci", "text");
    private static final String CODE_TYPES = "isssiis";

    private ChunkCodec() {}

    // ---- encoding ------------------------------------------------------------------------------

    /** {@code plainGrammars}: the per-instruction streams' grammar blocks in model version 4 ({@link dev.wholetrace.format.io.GrammarCodec#writePlain}), for a pack. */
    static List<RawSection> encode(ChunkContent c, boolean plainGrammars) {
        List<RawSection> out = new ArrayList<>();
        if (!c.properties().isEmpty()) {
            List<Object[]> rows = new ArrayList<>();
            c.properties().forEach((k, v) -> rows.add(new Object[] {k, v}));
            out.add(global(SectionType.PROPERTIES, table("properties", List.of("key", "value"), "ss", rows)));
        }
        if (!c.threads().isEmpty()) {
            List<Object[]> rows = new ArrayList<>();
            for (ThreadInfo t : c.threads()) rows.add(new Object[] {t.index(), t.name(), t.object(), t.virtual() ? 1 : 0});
            out.add(global(SectionType.THREADS, table("threads", List.of("index", "name", "object", "virtual"), "isii", rows)));
        }
        if (!c.blocks().isEmpty() || !c.instructions().isEmpty()) out.addAll(CodePieces.encode(c.blocks(), c.instructions()));
        for (ThreadChunk p : c.threadChunks()) ThreadChunkCodec.encode(p, plainGrammars, out);
        if (c.threadChunks().stream().anyMatch(p -> p.syncCount() > 0)) out.add(global(SectionType.SYNC_ORDER, SyncOrderCodec.encode(c.threadChunks())));
        if (c.clock().length > 0) out.add(global(SectionType.CLOCK, clock(c.clock())));
        return out;
    }

    /** CLOCK: the sample count, the first sample's ticket and nanoseconds, then each next one's increases. */
    private static byte[] clock(long[] samples) {
        VarIntWriter w = new VarIntWriter();
        w.writeVarLong(samples.length / 2);
        long ticket = 0;
        long nanos = 0;
        for (int i = 0; i < samples.length; i += 2) {
            w.writeVarLong(samples[i] - ticket).writeVarLong(samples[i + 1] - nanos);
            ticket = samples[i];
            nanos = samples[i + 1];
        }
        return w.toByteArray();
    }

    private static RawSection global(SectionType type, byte[] bytes) {
        return new RawSection(type, null, TraceFormat.NO_THREAD, bytes);
    }

    private static byte[] table(String name, List<String> columns, String types, List<Object[]> rows) {
        VarIntWriter w = new VarIntWriter();
        new MetaTable(name, columns, types, rows).write(w);
        return w.toByteArray();
    }

    /** A CODE section's payload: the table count, then the tables {@code blocks} and {@code instructions}. */
    static byte[] codePayload(List<CodeEntry> blocks, List<CodeEntry> instructions) {
        VarIntWriter w = new VarIntWriter();
        w.writeVarLong(2);
        codeTable("blocks", blocks).write(w);
        codeTable("instructions", instructions).write(w);
        return w.toByteArray();
    }

    private static MetaTable codeTable(String name, List<CodeEntry> entries) {
        List<Object[]> rows = new ArrayList<>();
        for (CodeEntry e : entries) {
            rows.add(new Object[] {e.id(), e.className(), e.method(), e.descriptor(), e.line(), e.bci(), e.text()});
        }
        return new MetaTable(name, CODE_COLUMNS, CODE_TYPES, rows);
    }

    // ---- decoding ------------------------------------------------------------------------------

    static Map<String, String> properties(VarIntReader in) throws FormatException {
        MetaTable t = MetaTable.read(in);
        int k = need(t, "key", in);
        int v = need(t, "value", in);
        Map<String, String> out = new LinkedHashMap<>();
        for (Object[] row : t.rows()) out.put((String) row[k], (String) row[v]);
        return out;
    }

    static List<ThreadInfo> threads(VarIntReader in) throws FormatException {
        MetaTable t = MetaTable.read(in);
        int index = need(t, "index", in);
        int name = need(t, "name", in);
        int object = need(t, "object", in);
        int virtual = t.column("virtual");
        List<ThreadInfo> out = new ArrayList<>();
        for (Object[] row : t.rows()) {
            out.add(new ThreadInfo((int) (long) (Long) row[index], (String) row[name], (Long) row[object],
                    virtual >= 0 && (Long) row[virtual] != 0));
        }
        return out;
    }

    /** Reads the CODE section: blocks into {@code blocks}, instructions into {@code instructions}. */
    static void code(VarIntReader in, List<CodeEntry> blocks, List<CodeEntry> instructions) throws FormatException {
        int tables = in.readCount("table count", 64);
        for (int i = 0; i < tables; i++) {
            MetaTable t = MetaTable.read(in);
            List<CodeEntry> into = switch (t.name()) {
                case "blocks" -> blocks;
                case "instructions" -> instructions;
                default -> null; // a later version's table: skipped
            };
            if (into == null) continue;
            int[] col = codeColumns(t.columns());
            for (Object[] row : t.rows()) into.add(codeEntry(row, col));
        }
    }

    /** Where each of the code map's columns is in a table of {@code columns} (-1: absent, read as 0 or ""). */
    static int[] codeColumns(List<String> columns) {
        int[] col = new int[CODE_COLUMNS.size()];
        for (int c = 0; c < col.length; c++) col[c] = columns.indexOf(CODE_COLUMNS.get(c));
        return col;
    }

    /** A code table's row as an entry, its columns where {@link #codeColumns} found them. */
    static CodeEntry codeEntry(Object[] row, int[] col) {
        return new CodeEntry(intOr(row, col[0]), strOr(row, col[1]), strOr(row, col[2]), strOr(row, col[3]),
                intOr(row, col[4]), intOr(row, col[5]), strOr(row, col[6]));
    }

    /** Reads a CLOCK section: (ticket, nanoseconds) pairs, neither going back. */
    static long[] clock(VarIntReader in) throws FormatException {
        int n = in.readCount("clock samples", in.remaining() / 2); // two bytes at least per sample
        long[] out = new long[2 * n];
        long ticket = 0;
        long nanos = 0;
        for (int i = 0; i < n; i++) {
            long dt = in.readVarLong("clock ticket");
            long dn = in.readVarLong("clock time");
            if (dt < 0 || dn < 0) throw in.corrupt("clock sample " + i + " goes back");
            ticket += dt;
            nanos += dn;
            out[2 * i] = ticket;
            out[2 * i + 1] = nanos;
        }
        in.expectEnd();
        return out;
    }

    /** Per thread: its operations in a chunk's SYNC_ORDER and their {@link ThreadChunkChecks#opsHash}. */
    record SyncTotals(long[] counts, long[] hashes) {
        static final SyncTotals NONE = new SyncTotals(new long[0], new long[0]);

        long count(int t) {
            return t < counts.length ? counts[t] : 0;
        }

        long hash(int t) {
            return t < hashes.length ? hashes[t] : 0;
        }
    }

    private static int need(MetaTable t, String column, VarIntReader in) throws FormatException {
        int c = t.column(column);
        if (c < 0) throw in.corrupt("table " + t.name() + " lacks column " + column);
        return c;
    }

    private static int intOr(Object[] row, int c) {
        return c < 0 || !(row[c] instanceof Long l) ? 0 : (int) (long) l;
    }

    private static String strOr(Object[] row, int c) {
        return c < 0 || !(row[c] instanceof String s) ? "" : s;
    }
}
