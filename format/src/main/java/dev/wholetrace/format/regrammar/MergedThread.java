package dev.wholetrace.format.regrammar;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.format.wtrace.ThreadSyncColumn;
import dev.wholetrace.format.wtrace.ThreadSymbols;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.grammar.GrammarJoin;
import dev.wholetrace.model.util.Alphabet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One thread's part of a {@link ChunkGroup}: its thread chunks of consecutive chunks appended
 * into one. A per-thread stream (the control WPP) is one grammar rebuilt over the concatenated
 * expansions, so a loop that ran across a chunk boundary becomes one rule, and its new symbols
 * are the chunks' in order (the kind's alphabet is trace-wide, so ids do not change); each
 * instruction's address stream is decoded chunk after chunk into one encoder over one run
 * alphabet, so the predictors, the run alphabet and the stream list are stored once per group,
 * not once per chunk.
 */
final class MergedThread {
    private final int thread;
    private final GrammarAlgorithm algorithm;
    private final AddressCoding addresses;
    private final boolean join;
    private final ThreadSyncColumn sync = new ThreadSyncColumn(64);
    private final Map<Integer, PerThread> perThread = new TreeMap<>(); // by kind id: registry order
    private final Map<Integer, PerInstruction> perInstruction = new TreeMap<>();
    /** Terminals expanded at a time from a chunk's grammar when rebuilding it. */
    private static final int EXPANSION_BUFFER = 1 << 14;
    private long events;

    /**
     * @param join whether the chunks' grammars are joined rule by rule ({@link GrammarJoin},
     *             {@link JoinedAddresses}) instead of rebuilt by {@code algorithm} over their
     *             expansions and the addresses re-encoded with {@code addresses} (both unused then)
     */
    MergedThread(int thread, GrammarAlgorithm algorithm, AddressCoding addresses, boolean join) {
        this.thread = thread;
        this.algorithm = algorithm;
        this.addresses = addresses;
        this.join = join;
    }

    /** Kinds a group can merge: per-thread ones with a trace-wide alphabet, per-instruction ones re-encoded by an {@link AddressCoding}. */
    static boolean merges(StreamKind kind) {
        return kind == StreamKinds.CONTROL || kind == StreamKinds.ADDRESSES;
    }

    int thread() {
        return thread;
    }

    /** Appends one of the thread's sync operations (in the thread's order, across the group's chunks). */
    void sync(long ticket, long kindSite, long object, long aux) {
        sync.add(ticket, kindSite, object, aux);
    }

    /** Appends the thread's chunk {@code tc}, read with {@code symbols}; returns its grammars' symbols. */
    long add(ThreadChunk tc, ThreadSymbols symbols) {
        events += tc.events();
        long symbolCount = 0;
        for (StreamChunk s : tc.streamChunks()) {
            if (!merges(s.kind()) || s.strata() != null) throw new IllegalArgumentException("cannot merge a " + s.kind() + " stream");
            for (Grammar g : s.grammars()) symbolCount += g.symbolCount();
            if (s.kind().perInstruction()) {
                PerInstruction p = perInstruction.computeIfAbsent(s.kind().id(), k -> new PerInstruction(s.kind()));
                for (int i = 0; i < s.grammars().length; i++) {
                    p.streams.computeIfAbsent(s.instructions()[i], k -> join ? new JoinedAddresses(p.runs) : addresses.encoder(p.runs, algorithm.newBuilder()))
                            .append(s.grammars()[i], symbols.of(s.kind()), s.exceptions(i));
                }
            } else {
                PerThread p = perThread.computeIfAbsent(s.kind().id(), k -> join ? new PerThread(new GrammarJoin()) : new PerThread(algorithm.newBuilder()));
                p.counted |= s.syncCounts() != null;
                p.newSymbols.add(s.newSymbols());
                if (join) { // the kind's alphabet is trace-wide: terminals keep their ids
                    p.join.append(s.grammar(), t -> t);
                    continue;
                }
                // sized to the grammar, not kept: a group holds one MergedThread per thread (thousands with virtual threads)
                int[] buffer = new int[(int) Math.max(1, Math.min(s.grammar().length(), EXPANSION_BUFFER))];
                GrammarExpander ex = s.grammar().expander();
                int n;
                while ((n = ex.read(buffer, 0, buffer.length)) > 0) p.builder.append(buffer, 0, n);
            }
        }
        return symbolCount;
    }

    /** The thread's merged chunk; {@code symbols}: the thread's trace-wide tables (what sync symbols are). */
    ThreadChunk finish(ThreadSymbols symbols, long[] symbolsOut) {
        List<StreamChunk> streams = new ArrayList<>();
        for (StreamKind kind : StreamKinds.ALL) {
            PerThread p = perThread.get(kind.id());
            if (p != null) {
                Grammar g = p.join != null ? p.join.toGrammar() : p.builder.toGrammar();
                symbolsOut[0] += g.symbolCount();
                EdgeCounts counts = p.counted ? TraceRegrammarer.recount(g, kind, symbols) : null;
                streams.add(StreamChunk.of(kind, p.newSymbols.toArray(), g, counts));
            }
            PerInstruction q = perInstruction.get(kind.id());
            if (q != null) streams.add(q.finish(symbolsOut));
        }
        return new ThreadChunk(thread, events, streams, sync);
    }

    /** A per-thread stream being merged. */
    private static final class PerThread {
        final GrammarBuilder builder;
        final GrammarJoin join;
        final LongArray newSymbols = new LongArray();
        boolean counted;

        PerThread(GrammarBuilder builder) {
            this.builder = builder;
            this.join = null;
        }

        PerThread(GrammarJoin join) {
            this.builder = null;
            this.join = join;
        }
    }

    /** A per-instruction kind being merged: one encoder per instruction, one run alphabet. */
    private static final class PerInstruction {
        final StreamKind kind;
        final Alphabet runs = new Alphabet();
        final Map<Integer, AddressCoding.Sink> streams = new TreeMap<>(); // by instruction symbol, increasing

        PerInstruction(StreamKind kind) {
            this.kind = kind;
        }

        StreamChunk finish(long[] symbolsOut) {
            int[] instructions = new int[streams.size()];
            Grammar[] grammars = new Grammar[streams.size()];
            long[][] exceptions = new long[streams.size()][];
            int i = 0;
            for (Map.Entry<Integer, AddressCoding.Sink> e : streams.entrySet()) {
                AddressCoding.Stream st = e.getValue().finish();
                instructions[i] = e.getKey();
                grammars[i] = st.grammar();
                exceptions[i] = st.exceptions();
                symbolsOut[0] += st.grammar().symbolCount();
                i++;
            }
            return new StreamChunk(kind, AddressCoding.pairs(runs), instructions, grammars, null, null, exceptions);
        }
    }

    /** A growing list of longs. */
    private static final class LongArray {
        private long[] values = new long[16];
        private int size;

        void add(long[] more) {
            if (size + more.length > values.length) values = Arrays.copyOf(values, Math.max(2 * values.length, size + more.length));
            System.arraycopy(more, 0, values, size, more.length);
            size += more.length;
        }

        long[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
