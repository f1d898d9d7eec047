package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.reader.TraceView;

/**
 * RecoverDependence for one load instruction on the compressed eWPP (tallam-gupta Figure 20,
 * without decompressing, as §6.4 suggests): {@code deps --to L}. Per chunk, a summary of the
 * control WPP's rules (how many instances of L, how many loads, how long) lets the walk skip every
 * rule that holds no instance of L, adding its loads and length at once; a summary of the check
 * grammar's rules (how many signature groups) lets a cursor skip to the group of the k-th load.
 * Only L's instances are visited: the cost is about the grammar's size plus L's instance count,
 * where {@link EwppRecovery} expands every event.
 *
 * <p>The store an instance read is named by its signature (LAST/SEARCH/BACK d, the filter's
 * prediction for OK, the store at the recorded position for EVICTED); the writer's instance (its
 * position) is found only when asked for ({@code positions}): TS(d) is then read off the grammar
 * by rank and select ({@link WeightedGrammar}) and the search signature replayed over it, with
 * the bounded buffers' evictions (EwppCaps); otherwise a search's steps are not read at all (the
 * cursor passes them, so their statistics count only replayed steps). Another thread's store,
 * named by the writer's store number, needs no position either: its instruction is found by
 * select on the writer's stores and its segment (which decides cross-thread vs racy) from how
 * many stores the writer made before each sync operation. What does not depend on the query
 * (the chunks' load and group summaries, the stores' lists, the happens-before) is kept in
 * an {@link EwppIndex} shared by the queries on one opened trace. The dependences come out in the order
 * {@link EwppRecovery} gives them (thread by thread, other threads' stores last).
 */
public final class EwppQuery {
    private final EwppIndex index;

    /** A query on the trace {@code index} summarises; queries on one index share its summaries. */
    public EwppQuery(EwppIndex index) {
        this.index = index;
    }

    /** Recovers the dependences into load instruction {@code load} into {@code sink}; {@code positions}: give the writers' positions. */
    public EwppRecovery.Stats recover(int load, boolean positions, DependenceSink sink) {
        TraceView trace = index.trace();
        long[] n = new long[10];
        LongList crosses = new LongList(); // (thread, position, signature) per load of another thread's store
        for (int t = 0; t < trace.threadCount(); t++) {
            for (EwppIndex.ChunkIndex ci : index.chunks(t)) {
                if (!ci.names(load)) continue;
                Chunk c = new Chunk(ci, load);
                if (c.instances.total() > 0) c.walk(index, positions, sink, crosses, n);
            }
        }
        resolveCrosses(index, crosses, positions, sink);
        return EwppRecovery.Stats.of(n);
    }

    /**
     * Recovers the dependences out of store instruction {@code store} ({@code deps --from S}) on the
     * grammar. A signature names its store except OK, whose store is the filter's prediction for the
     * load: the loads predicted to read S are queried whole ({@link #recover}); for the others, per
     * chunk, the check alphabet's heads that name S (LAST/SEARCH/BACK S, EVICTED at an instance of
     * S, CROSS to a store of S) weight the check grammar, and only those groups are visited: the
     * group's rank among the chunk's groups gives the load and its position in the control WPP.
     * The edges and counts are the full recovery's; instances come per load, not in trace order.
     */
    public EwppRecovery.Stats recoverFrom(int store, boolean positions, DependenceSink sink) {
        TraceView trace = index.trace();
        long[] n = new long[10];
        java.util.Set<Integer> predicted = new java.util.TreeSet<>();
        for (int[] e : index.filter().entries()) {
            if (e[0] == store && index.filter().predicted(e[1]) == store) predicted.add(e[1]);
        }
        for (int u : predicted) add(n, recover(u, positions, sink));
        LongList crosses = new LongList();
        for (int t = 0; t < trace.threadCount(); t++) {
            for (EwppIndex.ChunkIndex ci : index.chunks(t)) {
                Alphabet alphabet = ci.alphabet();
                boolean[] names = new boolean[alphabet.size()];
                boolean any = false;
                for (int c = 0; c < names.length; c++) {
                    names[c] = namesStore(t, CheckSymbols.tag(alphabet.first(c)), alphabet.second(c), store);
                    any |= names[c];
                }
                if (!any) continue;
                WeightedGrammar heads = new WeightedGrammar(ci.checks(), names);
                WeightedGrammar groups = ci.groups();
                WeightedGrammar loads = ci.loads();
                SkipCursor signatures = new SkipCursor(ci.checks(), groups);
                long passed = 0;
                for (long i = 0; i < heads.total(); i++) {
                    long group = groups.rank(heads.select(i)); // the groups before this head: its load's index
                    long local = loads.select(group);
                    int u = (int) ci.g.value(ci.wpp().terminalAt(local));
                    if (predicted.contains(u)) continue; // counted whole above
                    signatures.skip(group - passed);
                    instance(t, ci.offset + local, u, signatures, alphabet, index, positions, sink, crosses, n);
                    passed = group + 1;
                }
            }
        }
        resolveCrosses(index, crosses, positions, sink);
        return EwppRecovery.Stats.of(n);
    }

    /** Whether the head symbol (tag, value) of thread t's check stream names store instruction {@code store}. */
    private boolean namesStore(int t, int tag, long value, int store) {
        return switch (tag) {
            case CheckSymbols.LAST, CheckSymbols.SEARCH -> (int) value == store;
            case CheckSymbols.BACK -> (int) value == store;
            case CheckSymbols.CROSS_AT -> CheckSymbols.sourceStore(value) == store;
            case CheckSymbols.EVICTED -> index.instruction(t, value) == store;
            case CheckSymbols.CROSS -> {
                int w = CheckSymbols.crossThread(value);
                yield w >= 0 && w < index.trace().threadCount() && index.all(w).instructionOf(CheckSymbols.crossStore(value) - 1) == store;
            }
            default -> false;
        };
    }

    /**
     * RecoverDependence for one dynamic load: the load at position {@code position} of thread
     * {@code t} and the store instance it read (with its position), or no writer. The chunk's
     * group of that load is reached by rank on the control WPP and a skip on the check grammar.
     */
    public void dependenceAt(int t, long position, DependenceSink sink) {
        for (EwppIndex.ChunkIndex ci : index.chunks(t)) {
            long local = position - ci.offset;
            if (local < 0 || local >= ci.length) continue;
            int s = ci.wpp().terminalAt(local);
            if (!ci.isLoad()[s]) throw new IllegalArgumentException("position " + position + " of thread " + t + " is not a load");
            SkipCursor signatures = new SkipCursor(ci.checks(), ci.groups());
            signatures.skip(ci.loads().rank(local));
            LongList crosses = new LongList();
            instance(t, position, (int) ci.g.value(s), signatures, ci.alphabet(), index, true, sink, crosses, new long[10]);
            resolveCrosses(index, crosses, true, sink);
            return;
        }
        throw new IllegalArgumentException("thread " + t + " has no position " + position);
    }

    private static void add(long[] n, EwppRecovery.Stats s) {
        long[] v = {s.loads(), s.noCost(), s.lastInstance(), s.searched(), s.explicit(), s.crossThread(), s.noWriter(), s.searchSteps(), s.linearSteps(), s.evicted()};
        for (int i = 0; i < n.length; i++) n[i] += v[i];
    }


    /**
     * Reports the loads of another thread's store collected as (thread, position, load, CROSS value)
     * quadruples: the writer's store instruction by select on its stores, cross-thread or racy by
     * the writer's segment and the load's; {@code positions}: find the writer's position too.
     */
    static void resolveCrosses(EwppIndex index, LongList crosses, boolean positions, DependenceSink sink) {
        TraceView trace = index.trace();
        for (int i = 0; i < crosses.size(); i += 4) {
            int t = (int) crosses.get(i);
            long p = crosses.get(i + 1);
            int u = (int) crosses.get(i + 2);
            long sig = crosses.get(i + 3);
            int w = CheckSymbols.crossThread(sig);
            long k = CheckSymbols.crossStore(sig) - 1;
            if (w < 0 || w >= trace.threadCount()) throw new IllegalStateException("thread " + t + " read a store of thread " + w + ", which the trace does not hold");
            WeightedGrammar.Threaded all = index.all(w);
            long wp = positions ? all.select(k) : -1;
            sink.dependence(t, p, u, w, wp, all.instructionOf(k), index.order().ofSegment(w, index.storeSegment(w, k), t, p));
        }
    }

    /** One chunk of one thread summarised for load L: its control WPP's rules weighted by L's instances. */
    private static final class Chunk {
        final EwppIndex.ChunkIndex ci;
        final int thread;
        final long offset;
        final int load;
        final Grammar wpp;
        final boolean[] isLoad;
        final boolean[] isL;
        final WeightedGrammar instances;

        Chunk(EwppIndex.ChunkIndex ci, int load) {
            this.ci = ci;
            this.thread = ci.thread;
            this.offset = ci.offset;
            this.load = load;
            this.wpp = ci.wpp();
            this.isLoad = ci.isLoad();
            isL = new boolean[isLoad.length];
            for (int s = 0; s < isL.length; s++) isL[s] = isLoad[s] && ci.g.value(s) == load;
            instances = new WeightedGrammar(wpp, isL);
        }

        /** Visits L's instances in order, each with its position and its index among the chunk's loads. */
        void walk(EwppIndex index, boolean positions, DependenceSink sink, LongList crosses, long[] n) {
            Alphabet alphabet = ci.alphabet();
            SkipCursor signatures = new SkipCursor(ci.checks(), ci.groups());
            WeightedGrammar loads = ci.loads();
            int depth = wpp.depth() + 1;
            int[] rules = new int[depth];
            int[] next = new int[depth];
            int top = 0;
            long position = 0;
            long loadIndex = 0;
            long groupsPassed = 0;
            while (top >= 0) {
                int r = rules[top];
                if (next[top] == wpp.bodyLength(r)) {
                    top--;
                    continue;
                }
                int s = wpp.symbol(r, next[top]++);
                if (Grammar.isRule(s)) {
                    int child = Grammar.ruleOf(s);
                    if (instances.ruleWeight(child) == 0) { // no instance of L below: skip it whole
                        position += wpp.expandedLength(child);
                        loadIndex += loads.ruleWeight(child);
                    } else {
                        rules[++top] = child;
                        next[top] = 0;
                    }
                    continue;
                }
                if (isL[s]) {
                    signatures.skip(loadIndex - groupsPassed);
                    instance(thread, offset + position, load, signatures, alphabet, index, positions, sink, crosses, n);
                    groupsPassed = loadIndex + 1;
                }
                if (isLoad[s]) loadIndex++;
                position++;
            }
        }

    }

    /**
     * Reads the signature group of load u's instance at position p of thread t from {@code signatures}
     * (which stands at most at the group's start, or in the tail of the group before) and reports
     * the dependence, or collects it in {@code crosses} if another thread's store was read.
     */
    private static void instance(int t, long p, int u, SkipCursor signatures, Alphabet alphabet, EwppIndex stores, boolean positions,
                                 DependenceSink sink, LongList crosses, long[] n) {
        n[0]++;
        int c = signatures.next();
        int tag = CheckSymbols.tag(alphabet.first(c));
        while (tag == CheckSymbols.B0 || tag == CheckSymbols.B1 || tag == CheckSymbols.END || tag == CheckSymbols.XSTORE) { // the tail of the group before
            c = signatures.next();
            tag = CheckSymbols.tag(alphabet.first(c));
        }
        if (tag == CheckSymbols.NEW) {
            n[4]++;
            c = signatures.next();
            tag = CheckSymbols.tag(alphabet.first(c));
        }
        switch (tag) {
            case CheckSymbols.OK -> {
                n[1]++;
                long d = stores.filter().predicted(u);
                if (d == DependenceFilter.PREDICTED_NONE) sink.dependence(t, p, u, -1, -1, -1, Origin.NO_WRITER);
                else sink.dependence(t, p, u, t, positions ? stores.latest(t, (int) d, p) : -1, (int) d, Origin.SAME_THREAD);
            }
            case CheckSymbols.NONE -> {
                n[6]++;
                sink.dependence(t, p, u, -1, -1, -1, Origin.NO_WRITER);
            }
            case CheckSymbols.LAST -> {
                n[2]++;
                n[8]++;
                int d = (int) alphabet.second(c);
                sink.dependence(t, p, u, t, positions ? stores.latest(t, d, p) : -1, d, Origin.SAME_THREAD);
            }
            case CheckSymbols.SEARCH -> {
                n[3]++;
                int d = (int) alphabet.second(c);
                if (!positions) { // the store is named; its instance is not asked for: the steps are left for the cursor to pass
                    sink.dependence(t, p, u, t, -1, d, Origin.SAME_THREAD);
                    return;
                }
                long before = stores.of(t, d).rank(p); // |TS(d)| when the load ran
                long lo = baseAfter(before, stores.caps().buffer());
                long hi = before - 2;
                long mid = SearchSignature.instance(lo, hi, signatures::next, alphabet, n, p);
                n[8] += before - mid;
                sink.dependence(t, p, u, t, stores.of(t, d).select(mid), d, Origin.SAME_THREAD);
            }
            case CheckSymbols.BACK -> {
                n[3]++;
                long v = alphabet.second(c);
                int d = (int) v;
                long k = v >>> 32;
                n[8] += k + 1;
                long wp = -1;
                if (positions) {
                    WeightedGrammar.Threaded ts = stores.of(t, d);
                    wp = ts.select(ts.rank(p) - 1 - k);
                }
                sink.dependence(t, p, u, t, wp, d, Origin.SAME_THREAD);
            }
            case CheckSymbols.EVICTED -> {
                n[9]++;
                long at = alphabet.second(c);
                sink.dependence(t, p, u, t, at, stores.instruction(t, at), Origin.SAME_THREAD);
            }
            case CheckSymbols.CROSS -> {
                n[5]++;
                crosses.add(t);
                crosses.add(p);
                crosses.add(u);
                crosses.add(alphabet.second(c));
            }
            case CheckSymbols.CROSS_AT -> { // the head names the store instruction and the origin; the instance follows
                n[5]++;
                long v = alphabet.second(c);
                if (!positions) {
                    sink.dependence(t, p, u, (int) CheckSymbols.extra(alphabet.first(c)), -1, CheckSymbols.sourceStore(v), stores.order().ofHead(t, alphabet.first(c), v));
                    return;
                }
                int x = signatures.next();
                if (CheckSymbols.tag(alphabet.first(x)) != CheckSymbols.XSTORE) throw new IllegalStateException("a CROSS_AT check at " + p + " without its instance");
                crosses.add(t);
                crosses.add(p);
                crosses.add(u);
                crosses.add(alphabet.second(x));
            }
            default -> throw new IllegalStateException("check symbol tag " + tag + " cannot start a load's signature (position " + p + ")");
        }
    }

    /** The first instance a bounded buffer still holds after {@code count} appends (EwppCaps: the oldest half evicted when full). */
    static long baseAfter(long count, int cap) {
        if (count <= cap) return 0;
        long half = cap / 2;
        return ((count - cap - 1) / half + 1) * half;
    }
}
