package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.SyncCountsCodec;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.util.LongMinHeap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The payloads of a chunk's sections, before the codec and the CRCs (docs/trace-format.md). */
final class ChunkCodec {
    record RawSection(SectionType type, int thread, byte[] bytes) {}

    private static final List<String> CODE_COLUMNS = List.of("id", "class", "method", "descriptor", "line", "bci", "text");
    private static final String CODE_TYPES = "isssiis";

    private ChunkCodec() {}

    // ---- encoding ------------------------------------------------------------------------------

    static List<RawSection> encode(ChunkContent c) {
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
        if (!c.blocks().isEmpty() || !c.instructions().isEmpty()) {
            VarIntWriter w = new VarIntWriter();
            w.writeVarLong(2);
            codeTable("blocks", c.blocks()).write(w);
            codeTable("instructions", c.instructions()).write(w);
            out.add(new RawSection(SectionType.CODE, TraceFormat.NO_THREAD, w.toByteArray()));
        }
        for (ThreadChunk p : c.parts()) encodeThread(p, out);
        if (c.parts().stream().anyMatch(p -> p.syncCount() > 0)) out.add(global(SectionType.SYNC_ORDER, syncOrder(c.parts())));
        return out;
    }

    private static void encodeThread(ThreadChunk p, List<RawSection> out) {
        int t = p.thread();
        VarIntWriter sym = new VarIntWriter();
        sym.writeVarLong(p.events());
        pairs(sym, p.newControlSymbols());
        pairs(sym, p.newDataSymbols());
        pairs(sym, p.newRuns());
        out.add(new RawSection(SectionType.SYMBOLS, t, sym.toByteArray()));
        if (p.control() != null) out.add(new RawSection(SectionType.CONTROL, t, grammar(p.control())));
        if (p.data() != null) out.add(new RawSection(SectionType.DATA, t, grammar(p.data())));
        if (p.streams().length > 0) {
            VarIntWriter w = new VarIntWriter();
            w.writeVarLong(p.streams().length);
            int last = 0;
            for (int s : p.streamSymbols()) {
                w.writeVarLong(s - last);
                last = s;
            }
            GrammarCodec.writeAll(Arrays.asList(p.streams()), w);
            out.add(new RawSection(SectionType.STREAMS, t, w.toByteArray()));
        }
        if (p.syncCount() > 0) {
            VarIntWriter w = new VarIntWriter();
            if (p.controlCounts() != null) SyncCountsCodec.write(p.controlCounts(), w);
            if (p.dataCounts() != null) SyncCountsCodec.write(p.dataCounts(), w);
            out.add(new RawSection(SectionType.SYNC_COUNTS, t, w.toByteArray()));
        }
    }

    /**
     * All sync operations of the chunk in ticket order, i.e. the chunk's part of S_synch: a merge
     * of the threads' operations, which are each in ticket order already.
     */
    private static byte[] syncOrder(List<ThreadChunk> parts) {
        int n = 0;
        for (ThreadChunk p : parts) n += p.syncCount();
        VarIntWriter w = new VarIntWriter();
        w.writeVarLong(n);
        int[] next = new int[parts.size()];
        LongMinHeap heap = new LongMinHeap();
        for (int pi = 0; pi < parts.size(); pi++) {
            if (parts.get(pi).syncCount() > 0) heap.push(pi, parts.get(pi).sync()[0]);
        }
        long lastTicket = 0;
        long lastObject = 0;
        while (!heap.isEmpty()) {
            int pi = heap.pop();
            ThreadChunk p = parts.get(pi);
            long[] s = p.sync();
            int base = next[pi]++ * ThreadChunk.SYNC_LONGS;
            w.writeVarLong(s[base] - lastTicket);
            lastTicket = s[base];
            w.writeVarLong(p.thread());
            w.writeVarLong(SymbolTag.syncKindOrdinal(s[base + 1]));
            w.writeSignedVarLong(SymbolTag.syncSite(s[base + 1]));
            w.writeSignedVarLong(s[base + 2] - lastObject);
            lastObject = s[base + 2];
            w.writeSignedVarLong(s[base + 3]);
            if (next[pi] < p.syncCount()) heap.push(pi, s[next[pi] * ThreadChunk.SYNC_LONGS]);
        }
        return w.toByteArray();
    }

    private static RawSection global(SectionType type, byte[] bytes) {
        return new RawSection(type, TraceFormat.NO_THREAD, bytes);
    }

    private static byte[] table(String name, List<String> columns, String types, List<Object[]> rows) {
        VarIntWriter w = new VarIntWriter();
        new MetaTable(name, columns, types, rows).write(w);
        return w.toByteArray();
    }

    private static MetaTable codeTable(String name, List<CodeEntry> entries) {
        List<Object[]> rows = new ArrayList<>();
        for (CodeEntry e : entries) {
            rows.add(new Object[] {e.id(), e.className(), e.method(), e.descriptor(), e.line(), e.bci(), e.text()});
        }
        return new MetaTable(name, CODE_COLUMNS, CODE_TYPES, rows);
    }

    private static void pairs(VarIntWriter w, long[] pairs) {
        w.writeVarLong(pairs.length / 2);
        for (int i = 0; i < pairs.length; i += 2) w.writeSignedVarLong(pairs[i]).writeSignedVarLong(pairs[i + 1]);
    }

    private static byte[] grammar(Grammar g) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.write(g, w);
        return w.toByteArray();
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
            int[] col = new int[CODE_COLUMNS.size()];
            for (int c = 0; c < col.length; c++) col[c] = t.column(CODE_COLUMNS.get(c));
            for (Object[] row : t.rows()) {
                into.add(new CodeEntry(intOr(row, col[0]), strOr(row, col[1]), strOr(row, col[2]), strOr(row, col[3]),
                        intOr(row, col[4]), intOr(row, col[5]), strOr(row, col[6])));
            }
        }
    }

    /** A thread's sections of one chunk → its part; {@code symbols} grows with the new symbols. */
    static ThreadChunk thread(int thread, VarIntReader symbolsIn, VarIntReader controlIn, VarIntReader dataIn,
                              VarIntReader streamsIn, VarIntReader countsIn, long[] sync, ThreadSymbols symbols)
            throws FormatException {
        long events = symbolsIn.readVarLong("event count");
        long[] control = readPairs(symbolsIn, "control symbols");
        long[] data = readPairs(symbolsIn, "data symbols");
        long[] runs = readPairs(symbolsIn, "run symbols");
        symbolsIn.expectEnd();
        symbols.add(symbols.control, control, "SYMBOLS section of thread " + thread);
        symbols.add(symbols.data, data, "SYMBOLS section of thread " + thread);
        symbols.add(symbols.runs, runs, "SYMBOLS section of thread " + thread);

        Grammar cg = controlIn == null ? null : readGrammar(controlIn, symbols.control.size(), "control");
        Grammar dg = dataIn == null ? null : readGrammar(dataIn, symbols.data.size(), "data");
        int[] streamSymbols = new int[0];
        Grammar[] streams = new Grammar[0];
        if (streamsIn != null) {
            int n = streamsIn.readCount("stream count", streamsIn.remaining());
            streamSymbols = new int[n];
            int last = 0;
            for (int i = 0; i < n; i++) {
                long s = last + streamsIn.readVarLong("stream symbol");
                if (s >= symbols.control.size() || (i > 0 && s == last)) throw streamsIn.corrupt("stream symbol " + s + " out of order or unknown");
                int tag = (int) symbols.control.first((int) s);
                if (tag != SymbolTag.LOAD && tag != SymbolTag.STORE) throw streamsIn.corrupt("stream " + i + " is not a load/store instruction");
                streamSymbols[i] = last = (int) s;
            }
            List<Grammar> gs = GrammarCodec.readAll(streamsIn);
            streamsIn.expectEnd();
            if (gs.size() != n) throw streamsIn.corrupt(gs.size() + " stream grammars for " + n + " streams");
            for (Grammar g : gs) {
                if (g.maxTerminal() >= symbols.runs.size()) throw streamsIn.corrupt("a stream uses an unknown run symbol");
            }
            streams = gs.toArray(new Grammar[0]);
        }
        EdgeCounts cc = null;
        EdgeCounts dc = null;
        if (countsIn != null) {
            if (cg != null) cc = SyncCountsCodec.read(cg, symbols::isSyncControl, countsIn);
            if (dg != null) dc = SyncCountsCodec.read(dg, symbols::isSyncData, countsIn);
            countsIn.expectEnd();
        } else {
            if (cg != null) cc = EdgeCounts.count(cg, symbols::isSyncControl);
            if (dg != null) dc = EdgeCounts.count(dg, symbols::isSyncData);
        }
        long syncOps = sync.length / ThreadChunk.SYNC_LONGS;
        if (cc != null && cc.total() != syncOps || dc != null && dc.total() != syncOps) {
            throw new FormatException("corrupted chunk: thread " + thread + " has " + syncOps
                    + " operations in the sync order but its WPP holds " + (cc != null ? cc.total() : dc.total()));
        }
        long length = cg != null ? cg.length() : dg != null ? dg.length() : -1;
        if (length >= 0 && length != events) {
            throw new FormatException("corrupted chunk: thread " + thread + " declares " + events + " events, its WPP holds " + length);
        }
        return new ThreadChunk(thread, events, control, data, runs, cg, cc, dg, dc, streamSymbols, streams, sync);
    }

    /**
     * The SYNC_ORDER section, split by thread: for each thread present, its operations in order
     * (four longs each, as in {@link ThreadChunk#sync()}).
     */
    static Map<Integer, long[]> syncOrder(VarIntReader in, int threadCount) throws FormatException {
        int n = in.readCount("operation count", in.remaining() / 6); // an operation takes at least 6 bytes
        long[] ops = new long[n * ThreadChunk.SYNC_LONGS];
        int[] threads = new int[n];
        int[] perThread = new int[threadCount];
        long ticket = 0;
        long object = 0;
        for (int i = 0; i < n; i++) {
            long delta = in.readVarLong("ticket");
            if (i > 0 && delta == 0) throw in.corrupt("two operations share ticket " + ticket);
            ticket += delta;
            int t = in.readCount("thread", threadCount - 1L);
            int kind = in.readCount("kind", Integer.MAX_VALUE);
            if (SyncKind.byOrdinal(kind) == null) throw in.corrupt("unknown sync kind " + kind);
            int site = (int) in.readSignedVarLong("site");
            object += in.readSignedVarLong("object");
            int b = i * ThreadChunk.SYNC_LONGS;
            ops[b] = ticket;
            ops[b + 1] = (long) kind << 32 | site & 0xFFFF_FFFFL;
            ops[b + 2] = object;
            ops[b + 3] = in.readSignedVarLong("aux");
            threads[i] = t;
            perThread[t]++;
        }
        in.expectEnd();
        Map<Integer, long[]> byThread = new LinkedHashMap<>();
        for (int t = 0; t < threadCount; t++) {
            if (perThread[t] > 0) byThread.put(t, new long[perThread[t] * ThreadChunk.SYNC_LONGS]);
        }
        int[] fill = new int[threadCount];
        for (int i = 0; i < n; i++) {
            int t = threads[i];
            System.arraycopy(ops, i * ThreadChunk.SYNC_LONGS, byThread.get(t), fill[t]++ * ThreadChunk.SYNC_LONGS, ThreadChunk.SYNC_LONGS);
        }
        return byThread;
    }

    private static Grammar readGrammar(VarIntReader in, int symbols, String what) throws FormatException {
        Grammar g = GrammarCodec.read(in);
        if (g.maxTerminal() >= symbols) throw in.corrupt("the " + what + " WPP uses symbol " + g.maxTerminal() + " of " + symbols);
        return g;
    }

    private static long[] readPairs(VarIntReader in, String what) throws FormatException {
        int n = in.readCount(what, in.remaining() / 2);
        long[] out = new long[2 * n];
        for (int i = 0; i < out.length; i++) out[i] = in.readSignedVarLong(what);
        return out;
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
