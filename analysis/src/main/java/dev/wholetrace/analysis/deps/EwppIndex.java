package dev.wholetrace.analysis.deps;

import dev.wholetrace.format.wtrace.CheckCounts;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.ewpp.EwppCaps;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.reader.ThreadGrammar;
import dev.wholetrace.reader.TraceView;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * What every per-query recovery on one opened eWPP ({@link EwppQuery}) reads and no query
 * changes: the filter and caps, per chunk which terminals are loads and the per-rule summaries
 * of its loads (control WPP) and of its signature groups (check grammar), per thread its stores
 * numbered in order and how many it made before each sync operation, per store instruction its
 * TS list, and the sync order's happens-before. Each part is built the first time a query needs
 * it, in O(grammar size), and kept for the next query on the same trace: building it is part of
 * opening the trace (a query's first run), not of the query (its later runs), as the paper
 * keeps decompression (Table XII) apart from recovery (Table XI). Not safe for concurrent queries.
 */
public final class EwppIndex {
    private final TraceView trace;
    private final DependenceFilter filter;
    private final EwppCaps caps;
    private final ChunkIndex[][] chunks;
    private final Map<Long, WeightedGrammar.Threaded> byStore = new HashMap<>();
    private final WeightedGrammar.Threaded[] allStores;
    private final long[][] storesBeforeSync;
    private final CrossThreadOrder order;
    private long lastKey;
    private WeightedGrammar.Threaded lastTs;

    /** An index of {@code trace}, which must be an eWPP; its parts are built on first use. */
    public EwppIndex(TraceView trace) {
        this(trace, new CrossThreadOrder(trace));
    }

    /** The same, with the trace's sync order shared with other recoveries on it ({@link CrossThreadOrder}). */
    public EwppIndex(TraceView trace, CrossThreadOrder order) {
        if (trace.mode() != TraceMode.EWPP) {
            throw new IllegalArgumentException("eWPP recovery needs a trace of mode ewpp; " + trace.file().getFileName() + " is " + trace.mode().label());
        }
        this.trace = trace;
        this.order = order.of(trace);
        filter = DependenceFilter.decode(trace.properties().get(DependenceFilter.PROPERTY));
        caps = EwppCaps.decode(trace.properties().get(EwppCaps.PROPERTY), EwppCaps.UNBOUNDED);
        chunks = new ChunkIndex[trace.threadCount()][];
        allStores = new WeightedGrammar.Threaded[trace.threadCount()];
        storesBeforeSync = new long[trace.threadCount()][];
    }

    TraceView trace() {
        return trace;
    }

    DependenceFilter filter() {
        return filter;
    }

    EwppCaps caps() {
        return caps;
    }

    /** The chunks of thread t, in order. */
    ChunkIndex[] chunks(int t) {
        ChunkIndex[] c = chunks[t];
        if (c == null) {
            List<ThreadGrammar> gs = trace.grammars(t);
            c = new ChunkIndex[gs.size()];
            long offset = 0;
            for (int i = 0; i < c.length; i++) {
                c[i] = new ChunkIndex(t, gs.get(i), offset);
                offset += c[i].length;
            }
            chunks[t] = c;
        }
        return c;
    }

    /** TS(d) of thread t. */
    WeightedGrammar.Threaded of(int t, int d) {
        long key = (long) t << 32 | d & 0xFFFF_FFFFL;
        if (lastTs != null && lastKey == key) return lastTs; // a load's instances mostly search one store's list
        lastTs = byStore.computeIfAbsent(key,
                k -> WeightedGrammar.Threaded.of(trace, t, g -> picked(g, s -> g.type(s) == Event.Type.STORE && g.value(s) == d)));
        lastKey = key;
        return lastTs;
    }

    /** The store instruction at position p of thread t. */
    int instruction(int t, long p) {
        return all(t).instructionAt(p);
    }

    /** Every store of thread t, in order (CROSS names the writer's store by this number). */
    WeightedGrammar.Threaded all(int t) {
        WeightedGrammar.Threaded a = allStores[t];
        if (a == null) a = allStores[t] = WeightedGrammar.Threaded.of(trace, t, g -> picked(g, s -> g.type(s) == Event.Type.STORE));
        return a;
    }

    /** The position of d's latest instance before position p of thread t. */
    long latest(int t, int d, long p) {
        WeightedGrammar.Threaded ts = of(t, d);
        return ts.select(ts.rank(p) - 1);
    }

    /** The kind of thread t's event at position p (read off its control WPP). */
    Event.Type eventType(int t, long p) {
        ChunkIndex c = chunkAt(t, p);
        return c.g.type(c.wpp().terminalAt(p - c.offset));
    }

    /** The instruction (or block) id of thread t's event at position p. */
    int eventValue(int t, long p) {
        ChunkIndex c = chunkAt(t, p);
        return (int) c.g.value(c.wpp().terminalAt(p - c.offset));
    }

    private ChunkIndex chunkAt(int t, long p) {
        ChunkIndex[] cs = chunks(t);
        int lo = 0;
        int hi = cs.length - 1;
        while (lo < hi) { // the last chunk whose offset is <= p
            int mid = (lo + hi + 1) >>> 1;
            if (cs[mid].offset <= p) lo = mid;
            else hi = mid - 1;
        }
        if (cs.length == 0 || p < 0 || p >= cs[lo].offset + cs[lo].length) throw new IllegalStateException("thread " + t + " has no position " + p);
        return cs[lo];
    }

    /** The segment of thread t's k-th store (from 0): how many of its sync operations came before it. */
    long storeSegment(int t, long k) {
        long[] before = storesBeforeSync[t];
        if (before == null) {
            WeightedGrammar.Threaded a = all(t);
            before = new long[Math.toIntExact(trace.syncCount(t))];
            for (int m = 0; m < before.length; m++) before[m] = a.rank(trace.syncPosition(t, m));
            storesBeforeSync[t] = before;
        }
        // the number of sync operations m with stores-before-m <= k
        int lo = 0;
        int hi = before.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (before[mid] > k) hi = mid;
            else lo = mid + 1;
        }
        return lo;
    }

    CrossThreadOrder order() {
        return order;
    }

    private static boolean[] picked(ThreadGrammar g, IntPredicate p) {
        boolean[] out = new boolean[g.terminals()];
        for (int s = 0; s < out.length; s++) out[s] = p.test(s);
        return out;
    }

    /** One chunk of one thread: which terminals are loads, and the summaries of its loads and signature groups. */
    static final class ChunkIndex {
        final int thread;
        final ThreadGrammar g;
        final long offset;
        /** The chunk's events (its control WPP's length, known without decoding it). */
        final long length;
        private Grammar wpp;
        private boolean[] isLoad;
        /** The load instructions the chunk's control WPP names, ascending. */
        private int[] loadIds;
        private WeightedGrammar loads;
        private WeightedGrammar groups;
        private Alphabet alphabet;
        private Grammar checks;
        private CheckSummary summary;

        ChunkIndex(int thread, ThreadGrammar g, long offset) {
            this.thread = thread;
            this.g = g;
            this.offset = offset;
            this.length = g.eventCount();
        }

        /**
         * The chunk's control WPP, decoded on first use: a count off the stored check counts reads
         * none (a lazily opened trace then never decodes it, ParallelTrace#openLazily).
         */
        Grammar wpp() {
            if (wpp == null) wpp = g.wpp();
            return wpp;
        }

        /** Which terminals of the control WPP are loads. */
        boolean[] isLoad() {
            if (isLoad == null) {
                int terminals = g.terminals();
                boolean[] load = new boolean[terminals];
                int[] ids = new int[terminals];
                int n = 0;
                for (int s = 0; s < terminals; s++) {
                    load[s] = g.type(s) == Event.Type.LOAD;
                    if (load[s]) ids[n++] = (int) g.value(s);
                }
                ids = Arrays.copyOf(ids, n);
                Arrays.sort(ids);
                loadIds = ids;
                isLoad = load;
            }
            return isLoad;
        }

        /** Whether the chunk's control WPP names load instruction {@code load} at all. */
        boolean names(int load) {
            isLoad();
            return Arrays.binarySearch(loadIds, load) >= 0;
        }

        WeightedGrammar loads() {
            if (loads == null) loads = new WeightedGrammar(wpp(), isLoad());
            return loads;
        }

        Grammar checks() {
            if (checks == null) {
                checks = g.stream(StreamKinds.CHECKS);
                if (checks == null) throw new IllegalStateException("thread " + thread + ": no check signatures for its loads");
            }
            return checks;
        }

        /** The chunk's check alphabet (without decoding its check grammar, which a file with check counts defers). */
        Alphabet alphabet() {
            if (alphabet == null) {
                if (g.checkCounts() == null) checks(); // no check stream: its error
                alphabet = g.alphabet(StreamKinds.CHECKS);
            }
            return alphabet;
        }

        /**
         * The check grammar's terminal counts, per tag and per head ({@link CheckSummary}), built on
         * first use: from the counts the file stores beside the grammar where it has them (then the
         * grammar is not decoded for them), else from the grammar.
         */
        CheckSummary summary() {
            if (summary == null) {
                CheckCounts stored = g.checkCounts();
                summary = new CheckSummary(stored != null ? stored : CheckCounts.of(checks(), alphabet()), alphabet(), stored != null);
            }
            return summary;
        }

        /** The check grammar's rules weighted by the signature groups (one per load) they hold. */
        WeightedGrammar groups() {
            if (groups == null) {
                Alphabet a = alphabet();
                boolean[] head = new boolean[a.size()];
                for (int c = 0; c < head.length; c++) head[c] = CheckSymbols.isHead(CheckSymbols.tag(a.first(c)));
                groups = new WeightedGrammar(checks(), head);
            }
            return groups;
        }
    }
}
