package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.util.Alphabet;
import java.util.function.IntPredicate;
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
    record RawSection(SectionType type, StreamKind stream, int thread, byte[] bytes) {}

    private static final List<String> CODE_COLUMNS = List.of("id", "class", "method", "descriptor", "line", "bci", "text");
    private static final String CODE_TYPES = "isssiis";

    private static final long[] NO_PAIRS = new long[0];

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
            out.add(new RawSection(SectionType.CODE, null, TraceFormat.NO_THREAD, w.toByteArray()));
        }
        for (ThreadChunk p : c.threadChunks()) encodeThread(p, out);
        if (c.threadChunks().stream().anyMatch(p -> p.syncCount() > 0)) out.add(global(SectionType.SYNC_ORDER, syncOrder(c.threadChunks())));
        return out;
    }

    /**
     * A thread chunk's sections: SYMBOLS (its event count and each stream kind's new symbols), a
     * STREAM section per stream kind with grammars, SYNC_COUNTS if it has sync operations.
     */
    private static void encodeThread(ThreadChunk p, List<RawSection> out) {
        int t = p.thread();
        VarIntWriter sym = new VarIntWriter();
        sym.writeVarLong(p.events());
        sym.writeVarLong(p.streamChunks().size());
        for (StreamChunk s : p.streamChunks()) {
            sym.writeVarLong(s.kind().id());
            pairs(sym, s.newSymbols());
        }
        out.add(new RawSection(SectionType.SYMBOLS, null, t, sym.toByteArray()));
        for (StreamChunk s : p.streamChunks()) {
            if (s.grammars().length == 0) continue;
            VarIntWriter w = new VarIntWriter();
            if (s.kind().perInstruction()) {
                w.writeVarLong(s.grammars().length);
                int last = 0;
                for (int i : s.instructions()) {
                    w.writeVarLong(i - last);
                    last = i;
                }
                GrammarCodec.writeAll(Arrays.asList(s.grammars()), w);
            } else {
                GrammarCodec.write(s.grammar(), w);
            }
            out.add(new RawSection(SectionType.STREAM, s.kind(), t, w.toByteArray()));
        }
        if (p.syncCount() > 0) {
            VarIntWriter w = new VarIntWriter();
            for (StreamChunk s : p.streamChunks()) if (s.syncCounts() != null) SyncCountsCodec.write(s.syncCounts(), w);
            out.add(new RawSection(SectionType.SYNC_COUNTS, null, t, w.toByteArray()));
        }
    }

    /**
     * All sync operations of the chunk in ticket order, i.e. the chunk's part of S_synch: a merge
     * of the threads' operations, which are each in ticket order already.
     */
    private static byte[] syncOrder(List<ThreadChunk> threadChunks) {
        int n = 0;
        for (ThreadChunk p : threadChunks) n += p.syncCount();
        VarIntWriter w = new VarIntWriter();
        w.writeVarLong(n);
        int[] next = new int[threadChunks.size()];
        LongMinHeap heap = new LongMinHeap();
        for (int pi = 0; pi < threadChunks.size(); pi++) {
            if (threadChunks.get(pi).syncCount() > 0) heap.push(pi, threadChunks.get(pi).sync()[0]);
        }
        long lastTicket = 0;
        long lastObject = 0;
        while (!heap.isEmpty()) {
            int pi = heap.pop();
            ThreadChunk p = threadChunks.get(pi);
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
        return new RawSection(type, null, TraceFormat.NO_THREAD, bytes);
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

    /**
     * A thread's sections of one chunk → its thread chunk; {@code symbols} grows with the new
     * symbols. {@code streamsIn} holds the payload of each stream kind the thread has a section of
     * (the caller has checked that the mode keeps those kinds).
     */
    static ThreadChunk thread(int version, TraceMode mode, int thread, VarIntReader symbolsIn, Map<StreamKind, VarIntReader> streamsIn,
                              VarIntReader countsIn, long[] sync, ThreadSymbols symbols) throws FormatException {
        long events = symbolsIn.readVarLong("event count");
        Map<StreamKind, long[]> newSymbols = version == 1 ? version1Symbols(symbolsIn) : newSymbols(symbolsIn, mode);
        symbolsIn.expectEnd();
        for (Map.Entry<StreamKind, long[]> e : newSymbols.entrySet()) symbols.add(e.getKey(), e.getValue(), "SYMBOLS section of thread " + thread);

        List<StreamChunk> chunks = new ArrayList<>();
        long syncOps = sync.length / ThreadChunk.SYNC_LONGS;
        for (StreamKind kind : mode.kinds) {
            VarIntReader in = streamsIn.get(kind);
            long[] fresh = newSymbols.getOrDefault(kind, NO_PAIRS);
            if (kind.perInstruction()) {
                if (in != null || fresh.length > 0) chunks.add(perInstruction(kind, fresh, in, symbols));
                continue;
            }
            if (in == null) {
                throw new FormatException("corrupted chunk: thread " + thread + " lacks the " + kind + " WPP its mode (" + mode.label() + ") requires");
            }
            Grammar g = GrammarCodec.read(in);
            in.expectEnd();
            int size = symbols.of(kind).size();
            if (g.maxTerminal() >= size) throw in.corrupt("the " + kind + " stream uses symbol " + g.maxTerminal() + " of " + size);
            EdgeCounts counts = null;
            if (kind.syncCounts()) {
                IntPredicate isSync = s -> symbols.isSync(kind, s);
                counts = countsIn != null ? SyncCountsCodec.read(g, isSync, countsIn) : EdgeCounts.count(g, isSync);
                if (counts.total() != syncOps) {
                    throw new FormatException("corrupted chunk: thread " + thread + " has " + syncOps
                            + " operations in the sync order but its " + kind + " WPP holds " + counts.total());
                }
            }
            if (kind == mode.mainWpp() && g.length() != events) {
                throw new FormatException("corrupted chunk: thread " + thread + " declares " + events + " events, its WPP holds " + g.length());
            }
            chunks.add(StreamChunk.of(kind, fresh, g, counts));
        }
        if (countsIn != null) countsIn.expectEnd();
        return new ThreadChunk(thread, events, chunks, sync);
    }

    /** Version 2's symbol lists: varint n, n × (varint stream kind, pair list), kinds increasing in the registry. */
    private static Map<StreamKind, long[]> newSymbols(VarIntReader in, TraceMode mode) throws FormatException {
        int n = in.readCount("stream kind count", mode.kinds.size());
        Map<StreamKind, long[]> out = new LinkedHashMap<>();
        int last = -1;
        for (int i = 0; i < n; i++) {
            StreamKind kind = StreamKinds.byId(in.readCount("stream kind", StreamKinds.MAX_ID));
            if (kind == null || !mode.keeps(kind)) throw in.corrupt("symbols of a stream kind the mode (" + mode.label() + ") does not keep");
            int at = mode.kinds.indexOf(kind);
            if (at <= last) throw in.corrupt("symbols of stream kind " + kind + " out of order");
            last = at;
            out.put(kind, readPairs(in, kind + " symbols"));
        }
        return out;
    }

    /** Version 1's symbol lists: always three, control, data and runs (the address streams' alphabet). */
    private static Map<StreamKind, long[]> version1Symbols(VarIntReader in) throws FormatException {
        Map<StreamKind, long[]> out = new LinkedHashMap<>();
        out.put(StreamKinds.CONTROL, readPairs(in, "control symbols"));
        out.put(StreamKinds.DATA, readPairs(in, "data symbols"));
        out.put(StreamKinds.ADDRESSES, readPairs(in, "run symbols"));
        return out;
    }

    /**
     * The streams of a per-instruction kind: varint n; n × varint instruction symbol (delta from
     * the previous, increasing); one grammar block holding the n grammars.
     */
    private static StreamChunk perInstruction(StreamKind kind, long[] fresh, VarIntReader in, ThreadSymbols symbols) throws FormatException {
        if (in == null) return new StreamChunk(kind, fresh, new int[0], new Grammar[0], null);
        Alphabet keys = symbols.of(kind.keyedBy());
        int n = in.readCount("stream count", in.remaining());
        int[] instructions = new int[n];
        int last = 0;
        for (int i = 0; i < n; i++) {
            long s = last + in.readVarLong("stream symbol");
            if (s >= keys.size() || (i > 0 && s == last)) throw in.corrupt("stream symbol " + s + " out of order or unknown");
            int tag = (int) keys.first((int) s);
            if (tag != SymbolTag.LOAD && tag != SymbolTag.STORE) throw in.corrupt("stream " + i + " is not a load/store instruction");
            instructions[i] = last = (int) s;
        }
        List<Grammar> gs = GrammarCodec.readAll(in);
        in.expectEnd();
        if (gs.size() != n) throw in.corrupt(gs.size() + " stream grammars for " + n + " streams");
        int size = symbols.of(kind).size();
        for (Grammar g : gs) {
            if (g.maxTerminal() >= size) throw in.corrupt("a " + kind + " stream uses an unknown symbol");
        }
        return new StreamChunk(kind, fresh, instructions, gs.toArray(new Grammar[0]), null);
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
