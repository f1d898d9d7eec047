package dev.wholetrace.analysis.deps;

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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 * position) is found only when asked for ({@code positions}) or needed (another thread's store,
 * whose order with the load decides cross-thread vs racy): TS(d) is then read off the grammar by
 * rank and select ({@link WeightedGrammar}) and the search signature replayed over it, with the
 * bounded buffers' evictions (EwppCaps). The dependences come out in the order
 * {@link EwppRecovery} gives them (thread by thread, other threads' stores last).
 */
public final class EwppQuery {
    /** Recovers the dependences into load instruction {@code load} into {@code sink}; {@code positions}: give the writers' positions. */
    public EwppRecovery.Stats recover(TraceView trace, int load, boolean positions, DependenceSink sink) {
        if (trace.mode() != TraceMode.EWPP) {
            throw new IllegalArgumentException("eWPP recovery needs a trace of mode ewpp; " + trace.file().getFileName() + " is " + trace.mode().label());
        }
        DependenceFilter filter = DependenceFilter.decode(trace.properties().get(DependenceFilter.PROPERTY));
        EwppCaps caps = EwppCaps.decode(trace.properties().get(EwppCaps.PROPERTY), EwppCaps.UNBOUNDED);
        Stores stores = new Stores(trace);
        long[] n = new long[10];
        List<long[]> crosses = new ArrayList<>();
        for (int t = 0; t < trace.threadCount(); t++) {
            long offset = 0;
            for (ThreadGrammar g : trace.grammars(t)) {
                Chunk c = new Chunk(t, g, offset, load);
                if (c.instances.total() > 0) c.walk(filter, caps, positions, stores, sink, crosses, n);
                offset += g.wpp().length();
            }
        }
        CrossThreadOrder order = new CrossThreadOrder(trace);
        for (long[] c : crosses) {
            int t = (int) c[0];
            int w = CheckSymbols.crossThread(c[2]);
            long k = CheckSymbols.crossStore(c[2]) - 1;
            if (w < 0 || w >= trace.threadCount()) throw new IllegalStateException("thread " + t + " read a store of thread " + w + ", which the trace does not hold");
            long wp = stores.all(w).select(k);
            sink.dependence(t, c[1], load, w, wp, stores.instruction(w, wp), order.of(w, wp, t, c[1]));
        }
        return new EwppRecovery.Stats(n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7], n[8], n[9]);
    }

    /** One chunk of one thread: its control WPP summarised for load L, and its check grammar's cursor. */
    private static final class Chunk {
        final int thread;
        final ThreadGrammar g;
        final long offset;
        final int load;
        final Grammar wpp;
        final boolean[] isLoad;
        final boolean[] isL;
        final WeightedGrammar instances;
        final WeightedGrammar loads;

        Chunk(int thread, ThreadGrammar g, long offset, int load) {
            this.thread = thread;
            this.g = g;
            this.offset = offset;
            this.load = load;
            this.wpp = g.wpp();
            int terminals = g.terminals();
            isLoad = new boolean[terminals];
            isL = new boolean[terminals];
            for (int s = 0; s < terminals; s++) {
                isLoad[s] = g.type(s) == Event.Type.LOAD;
                isL[s] = isLoad[s] && g.value(s) == load;
            }
            instances = new WeightedGrammar(wpp, isL);
            loads = instances.total() == 0 ? null : new WeightedGrammar(wpp, isLoad);
        }

        /** Visits L's instances in order, each with its position and its index among the chunk's loads. */
        void walk(DependenceFilter filter, EwppCaps caps, boolean positions, Stores stores, DependenceSink sink, List<long[]> crosses, long[] n) {
            Grammar checks = g.stream(StreamKinds.CHECKS);
            if (checks == null) throw new IllegalStateException("thread " + thread + ": no check signatures for its loads");
            Alphabet alphabet = g.alphabet(StreamKinds.CHECKS);
            boolean[] head = new boolean[alphabet.size()];
            for (int c = 0; c < head.length; c++) head[c] = isHead((int) alphabet.first(c));
            SkipCursor signatures = new SkipCursor(checks, new WeightedGrammar(checks, head));
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
                    instance(offset + position, signatures, alphabet, filter, caps, positions, stores, sink, crosses, n);
                    groupsPassed = loadIndex + 1;
                }
                if (isLoad[s]) loadIndex++;
                position++;
            }
        }

        private void instance(long p, SkipCursor signatures, Alphabet alphabet, DependenceFilter filter, EwppCaps caps, boolean positions,
                              Stores stores, DependenceSink sink, List<long[]> crosses, long[] n) {
            int t = thread;
            int u = load;
            n[0]++;
            int c = signatures.next();
            int tag = (int) alphabet.first(c);
            while (tag == CheckSymbols.B0 || tag == CheckSymbols.B1 || tag == CheckSymbols.END) { // the tail of the group before
                c = signatures.next();
                tag = (int) alphabet.first(c);
            }
            if (tag == CheckSymbols.NEW) {
                n[4]++;
                c = signatures.next();
                tag = (int) alphabet.first(c);
            }
            switch (tag) {
                case CheckSymbols.OK -> {
                    n[1]++;
                    long d = filter.predicted(u);
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
                    long before = stores.of(t, d).rank(p); // |TS(d)| when the load ran
                    long lo = baseAfter(before, caps.buffer());
                    long hi = before - 2;
                    long mid = SearchSignature.instance(lo, hi, signatures::next, alphabet, n, p);
                    n[8] += before - mid;
                    sink.dependence(t, p, u, t, positions ? stores.of(t, d).select(mid) : -1, d, Origin.SAME_THREAD);
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
                    crosses.add(new long[] {t, p, alphabet.second(c)});
                }
                default -> throw new IllegalStateException("check symbol tag " + tag + " cannot start a load's signature (position " + p + ")");
            }
        }
    }

    /** Whether a check symbol starts a load's signature group (NEW is a prefix of the head that follows it). */
    static boolean isHead(int tag) {
        return tag == CheckSymbols.OK || tag == CheckSymbols.NONE || tag == CheckSymbols.LAST || tag == CheckSymbols.SEARCH
                || tag == CheckSymbols.BACK || tag == CheckSymbols.CROSS || tag == CheckSymbols.EVICTED;
    }

    /** The first instance a bounded buffer still holds after {@code count} appends (EwppCaps: the oldest half evicted when full). */
    static long baseAfter(long count, int cap) {
        if (count <= cap) return 0;
        long half = cap / 2;
        return ((count - cap - 1) / half + 1) * half;
    }

    /** TS(d) and the all-stores numbering per thread, read off the control WPPs on demand (summaries cached). */
    private static final class Stores {
        private final TraceView trace;
        private final Map<Long, WeightedGrammar.Threaded> byStore = new HashMap<>();
        private final Map<Integer, WeightedGrammar.Threaded> all = new HashMap<>();

        Stores(TraceView trace) {
            this.trace = trace;
        }

        /** TS(d) of thread t. */
        WeightedGrammar.Threaded of(int t, int d) {
            return byStore.computeIfAbsent((long) t << 32 | d & 0xFFFF_FFFFL,
                    k -> WeightedGrammar.Threaded.of(trace, t, g -> picked(g, s -> g.type(s) == Event.Type.STORE && g.value(s) == d)));
        }

        /** Every store of thread t, in order (CROSS names the writer's store by this number). */
        WeightedGrammar.Threaded all(int t) {
            return all.computeIfAbsent(t, k -> WeightedGrammar.Threaded.of(trace, t, g -> picked(g, s -> g.type(s) == Event.Type.STORE)));
        }

        /** The position of d's latest instance before position p of thread t. */
        long latest(int t, int d, long p) {
            WeightedGrammar.Threaded ts = of(t, d);
            return ts.select(ts.rank(p) - 1);
        }

        /** The store instruction at position p of thread t. */
        int instruction(int t, long p) {
            return all(t).instructionAt(p);
        }

        private static boolean[] picked(ThreadGrammar g, java.util.function.IntPredicate p) {
            boolean[] out = new boolean[g.terminals()];
            for (int s = 0; s < out.length; s++) out[s] = p.test(s);
            return out;
        }
    }
}
