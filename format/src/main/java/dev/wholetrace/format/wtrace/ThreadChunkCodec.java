package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.SyncCountsCodec;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.strata.StrataStream;
import dev.wholetrace.model.util.Alphabet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * The sections of one thread chunk (SYMBOLS, a STREAM section per stream kind, SYNC_COUNTS),
 * driven by the stream kinds' descriptors; also reads version 1's per-kind sections
 * (docs/trace-format.md).
 */
final class ThreadChunkCodec {
    private static final long[] NO_PAIRS = new long[0];

    private ThreadChunkCodec() {}

    /**
     * A thread chunk's sections: SYMBOLS (its event count and each stream kind's new symbols), a
     * STREAM section per stream kind with grammars, SYNC_COUNTS if it has sync operations;
     * {@code plain}: the per-instruction streams' grammar blocks in model version 4
     * ({@link GrammarCodec#writePlain}; a thread's WPP stays range-coded, which is smaller even
     * in a pack: SOR at 8 threads, control 222 B coded against 385 B plain under one xz -9).
     */
    static void encode(ThreadChunk p, boolean plain, List<ChunkCodec.RawSection> out) {
        int t = p.thread();
        VarIntWriter sym = new VarIntWriter();
        sym.writeVarLong(p.events());
        sym.writeVarLong(p.streamChunks().size());
        for (StreamChunk s : p.streamChunks()) {
            sym.writeVarLong(s.kind().id());
            if (CheckSymbolPairs.codes(s.kind(), TraceFormat.VERSION)) CheckSymbolPairs.write(sym, s.newSymbols(), TraceFormat.VERSION);
            else if (SymbolPairDeltas.codes(s.kind(), TraceFormat.VERSION)) SymbolPairDeltas.write(sym, s.kind(), s.newSymbols());
            else pairs(sym, s.newSymbols());
        }
        out.add(new ChunkCodec.RawSection(SectionType.SYMBOLS, null, t, sym.toByteArray()));
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
                List<Grammar> stored = Arrays.asList(s.grammars());
                if (s.kind() == StreamKinds.ADDRESSES) { // copies, then exceptions, before the grammars, which run to the section's end
                    AddressCopies.Plan copies = AddressCopies.plan(s.grammars(), exceptionLists(s));
                    AddressCopies.write(copies, s.grammars(), w);
                    exceptions(s, copies.own(), w);
                    stored = AddressCopies.own(copies, s.grammars());
                }
                if (plain) GrammarCodec.writePlain(stored, w);
                else GrammarCodec.writeAll(stored, w);
            } else if (s.strata() != null) {
                StrataStreamCodec.write(s.strata(), w);
            } else {
                if (s.kind() == StreamKinds.CHECKS) CheckCounts.of(s.grammar(), s.newSymbols()).write(w); // format 14 on: before the grammar
                GrammarCodec.write(s.grammar(), w);
            }
            out.add(new ChunkCodec.RawSection(SectionType.STREAM, s.kind(), t, w.toByteArray()));
        }
        // From version 20 the sync counts are not stored: every reader computes them from the grammar
        // (it always did, to check the stored ones), so they were bytes that told it nothing.
        if (p.syncCount() > 0 && TraceFormat.VERSION < TraceFormat.DERIVED_SYNC_COUNTS_SINCE) {
            VarIntWriter w = new VarIntWriter();
            for (StreamChunk s : p.streamChunks()) if (s.syncCounts() != null) SyncCountsCodec.write(s.syncCounts(), w);
            out.add(new ChunkCodec.RawSection(SectionType.SYNC_COUNTS, null, t, w.toByteArray()));
        }
    }

    private static long[][] exceptionLists(StreamChunk s) {
        long[][] out = new long[s.grammars().length][];
        for (int k = 0; k < out.length; k++) out[k] = s.exceptions(k);
        return out;
    }

    /**
     * Version 6 on: before the grammars, the exception list (varint n, n signed varints) of each
     * address stream stored in full ({@code streams}; from version 18 the copies' are their sources').
     */
    private static void exceptions(StreamChunk s, int[] streams, VarIntWriter w) {
        for (int k : streams) {
            long[] e = s.exceptions(k);
            if (e == null) {
                w.writeVarLong(0);
                continue;
            }
            w.writeVarLong(e.length);
            for (long d : e) w.writeSignedVarLong(d);
        }
    }

    private static long[][] readExceptions(VarIntReader in, int n) throws FormatException {
        long[][] out = new long[n][];
        for (int k = 0; k < n; k++) {
            long[] e = new long[in.readCount("exception count", in.remaining())];
            for (int i = 0; i < e.length; i++) e[i] = in.readSignedVarLong("exception");
            out[k] = e;
        }
        return out;
    }

    /** The WPP a strata stream stands for (its expansion must fit a long). */
    static Grammar unfold(StrataStream stored, VarIntReader in) throws FormatException {
        try {
            return stored.unfold();
        } catch (IllegalArgumentException e) {
            throw in.corrupt("strata stream: " + e.getMessage());
        }
    }

    private static void pairs(VarIntWriter w, long[] pairs) {
        w.writeVarLong(pairs.length / 2);
        for (int i = 0; i < pairs.length; i += 2) w.writeSignedVarLong(pairs[i]).writeSignedVarLong(pairs[i + 1]);
    }

    /**
     * A thread's sections of one chunk → its thread chunk; {@code symbols} (the chunk's view of
     * the thread's tables, {@link ThreadSymbols#chunk}) grows with the new symbols. {@code again}:
     * the chunk was decoded and checked before (a reader decoding it once more on demand), so
     * the trace-wide alphabets already hold its symbols and the checks against S_synch are not
     * repeated ({@code opsHash} is then ignored). {@code streamsIn} holds the payload of each stream kind the thread has a section of
     * (the caller has checked that the mode keeps those kinds). The thread has {@code syncOps}
     * operations in the chunk's S_synch, whose kind/site values hash to {@code opsHash}
     * ({@link ThreadChunkChecks#opsHash}); the thread chunk returned holds no sync array (the
     * caller streamed the operations elsewhere).
     */
    static ThreadChunk decode(int version, TraceMode mode, int chunk, int thread, VarIntReader symbolsIn, Map<StreamKind, VarIntReader> streamsIn,
                              VarIntReader countsIn, long syncOps, long opsHash, ThreadSymbols symbols, boolean again) throws FormatException {
        String where = "thread " + thread + " in chunk " + chunk;
        long events = declaredEvents(symbolsIn);
        Map<StreamKind, long[]> newSymbols = version == 1 ? version1Symbols(symbolsIn) : newSymbols(version, symbolsIn, mode);
        symbolsIn.expectEnd();
        for (Map.Entry<StreamKind, long[]> e : newSymbols.entrySet()) {
            if (!again || ThreadSymbols.perChunk(e.getKey(), version)) symbols.add(e.getKey(), e.getValue(), "SYMBOLS section of " + where);
        }

        List<StreamChunk> chunks = new ArrayList<>();
        for (StreamKind kind : mode.kinds) {
            VarIntReader in = streamsIn.get(kind);
            long[] fresh = newSymbols.getOrDefault(kind, NO_PAIRS);
            if (kind.perInstruction()) {
                if (in != null || fresh.length > 0) chunks.add(perInstruction(version, kind, fresh, in, symbols));
                continue;
            }
            if (in == null) {
                throw new FormatException("corrupted " + where + ": it lacks the " + kind + " WPP its mode (" + mode.label() + ") requires");
            }
            int size = symbols.of(kind).size();
            if (kind == StreamKinds.CHECKS && version >= TraceFormat.CHECK_COUNTS_SINCE) {
                // the check alphabet is per chunk: its new symbols are all of it
                CheckCounts counts = CheckCounts.read(in, fresh);
                chunks.add(StreamChunk.deferred(kind, fresh, counts, new DeferredGrammar(in, fresh, counts, where)));
                continue;
            }
            StrataStream stored = kind == StreamKinds.STRATA ? StrataStreamCodec.read(in, size, version) : null;
            Grammar g = stored != null ? unfold(stored, in) : GrammarCodec.read(in);
            in.expectEnd();
            if (g.maxTerminal() >= size) throw in.corrupt("the " + kind + " stream uses symbol " + g.maxTerminal() + " of " + size);
            EdgeCounts counts = null;
            if (kind.syncCounts()) {
                IntPredicate isSync = s -> symbols.isSync(kind, s);
                counts = countsIn != null ? SyncCountsCodec.read(g, isSync, countsIn) : EdgeCounts.count(g, isSync);
                if (counts.total() != syncOps) {
                    throw new FormatException("corrupted " + where + ": it has " + syncOps
                            + " operations in the sync order but its " + kind + " WPP holds " + counts.total());
                }
            }
            if (kind == mode.mainWpp() && g.length() != events) {
                throw new FormatException("corrupted " + where + ": it declares " + events + " events, its WPP holds " + g.length());
            }
            chunks.add(stored != null ? StreamChunk.strata(kind, fresh, stored, g, counts) : StreamChunk.of(kind, fresh, g, counts));
        }
        if (countsIn != null) countsIn.expectEnd();
        if (countsIn == null && syncOps > 0 && version < TraceFormat.DERIVED_SYNC_COUNTS_SINCE) throw new FormatException("corrupted " + where + ": it has sync operations but no SYNC_COUNTS section");
        ThreadChunk tc = new ThreadChunk(thread, events, chunks, ThreadSyncColumn.NONE);
        if (!again) ThreadChunkChecks.check(mode, tc, opsHash, symbols, where);
        return tc;
    }

    /**
     * The event count a thread chunk's SYMBOLS section declares (its first varint): what a reader that
     * opens a trace without decoding its thread chunks keeps of each ({@code ParallelTrace.openLazily}).
     * The decode checks it against the main WPP's length.
     */
    static long declaredEvents(VarIntReader symbolsIn) throws FormatException {
        return symbolsIn.readVarLong("event count");
    }

    /**
     * Only the check stream's new symbols of a thread chunk's SYMBOLS section (empty if it has none):
     * the other kinds' lists are parsed past, not added to any alphabet, so the thread's trace-wide
     * alphabets are untouched (a count that reads a chunk's check alphabet and nothing else of it).
     */
    static long[] checkSymbols(int version, TraceMode mode, VarIntReader symbolsIn) throws FormatException {
        declaredEvents(symbolsIn);
        Map<StreamKind, long[]> all = version == 1 ? version1Symbols(symbolsIn) : newSymbols(version, symbolsIn, mode);
        symbolsIn.expectEnd();
        return all.getOrDefault(StreamKinds.CHECKS, NO_PAIRS);
    }

    /**
     * Version 2's symbol lists: varint n, n × (varint stream kind, pair list), kinds increasing in
     * the registry; from version {@link TraceFormat#CHECK_DELTAS_SINCE} the check stream's list is
     * coded by {@link CheckSymbolPairs} (from {@link TraceFormat#CHECK_LOADS_SINCE} with a load per symbol),
     * from {@link TraceFormat#SYMBOL_DELTAS_SINCE} every other kind's by {@link SymbolPairDeltas}.
     */
    private static Map<StreamKind, long[]> newSymbols(int version, VarIntReader in, TraceMode mode) throws FormatException {
        int n = in.readCount("stream kind count", mode.kinds.size());
        Map<StreamKind, long[]> out = new LinkedHashMap<>();
        int last = -1;
        for (int i = 0; i < n; i++) {
            StreamKind kind = StreamKinds.byId(in.readCount("stream kind", StreamKinds.MAX_ID));
            if (kind == null || !mode.keeps(kind)) throw in.corrupt("symbols of a stream kind the mode (" + mode.label() + ") does not keep");
            int at = mode.kinds.indexOf(kind);
            if (at <= last) throw in.corrupt("symbols of stream kind " + kind + " out of order");
            last = at;
            String what = kind + " symbols";
            if (CheckSymbolPairs.codes(kind, version)) out.put(kind, CheckSymbolPairs.read(in, what, version));
            else if (SymbolPairDeltas.codes(kind, version)) out.put(kind, SymbolPairDeltas.read(in, kind, what));
            else out.put(kind, readPairs(in, what));
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
     * the previous, increasing); from version 18, for the address streams, the copy list
     * ({@link AddressCopies}); from version 6, for the address streams, an exception list per
     * stream stored in full (all n before version 18); one grammar block holding their grammars.
     */
    private static StreamChunk perInstruction(int version, StreamKind kind, long[] fresh, VarIntReader in, ThreadSymbols symbols)
            throws FormatException {
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
        boolean copies = kind == StreamKinds.ADDRESSES && version >= TraceFormat.ADDRESS_COPIES_SINCE;
        AddressCopies.Plan plan = copies ? AddressCopies.read(in, n) : null;
        int stored = plan != null ? plan.own().length : n;
        long[][] exceptions = kind == StreamKinds.ADDRESSES && version >= TraceFormat.EXCEPTIONS_SINCE ? readExceptions(in, stored) : null;
        List<Grammar> gs = GrammarCodec.readAll(in);
        in.expectEnd();
        if (gs.size() != stored) throw in.corrupt(gs.size() + " stream grammars for " + stored + " streams");
        long[][] allExceptions = plan != null ? new long[n][] : exceptions;
        Grammar[] all = plan != null ? AddressCopies.assemble(plan, gs, exceptions, allExceptions, in) : gs.toArray(new Grammar[0]);
        int size = symbols.of(kind).size();
        for (Grammar g : all) {
            if (g.maxTerminal() >= size) throw in.corrupt("a " + kind + " stream uses an unknown symbol");
        }
        return new StreamChunk(kind, fresh, instructions, all, null, null, allExceptions);
    }

    private static long[] readPairs(VarIntReader in, String what) throws FormatException {
        int n = in.readCount(what, in.remaining() / 2);
        long[] out = new long[2 * n];
        for (int i = 0; i < out.length; i++) out[i] = in.readSignedVarLong(what);
        return out;
    }
}
