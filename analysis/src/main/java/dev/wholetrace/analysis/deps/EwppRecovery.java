package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.ewpp.EwppCaps;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.reader.ThreadGrammar;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.List;

/**
 * Recovers every dynamic store→load dependence from an eWPP (mode EWPP; tallam-gupta §5): walks
 * each thread's control WPP, annotating every store instruction d with its timestamps TS(d)
 * (Figure 18: a position in the thread's trace) as it goes, and reads the check stream alongside,
 * one signature per load. {@code LAST d} names d's latest instance; {@code SEARCH d B… E} replays
 * the check's binary search over TS(d) (Figure 20, step 2); {@code OK} is the filtering phase's
 * no-cost prediction (the trace's property {@value DependenceFilter#PROPERTY}); {@code CROSS} names
 * another thread's store by number, resolved once every thread's stores are known, and ordered or
 * racy by the sync order. No address is read: there is none in the trace.
 */
public final class EwppRecovery {
    /** What the signatures held (Tables VIII and IX): loads by check outcome, and the comparisons replayed. */
    public record Stats(long loads, long noCost, long lastInstance, long searched, long explicit, long crossThread, long noWriter,
                        long searchSteps, long linearSteps, long evicted) {
        /** From the recoveries' counters, in the components' order. */
        static Stats of(long[] n) {
            return new Stats(n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7], n[8], n[9]);
        }

        /** Address comparisons the check made per dependence on a store of the thread: its last instance, then the search (Table IX, binary). */
        public double binaryChecksPerDependence() {
            long deps = lastInstance + searched;
            return deps == 0 ? 0 : (double) (deps + searchSteps) / deps;
        }

        /**
         * What a linear scan back from the last instance would have compared (Table IX, linear); NaN
         * if the recovery did not replay the searches ({@code linearSteps} -1: the edge counts of
         * {@link DepsAnalysis} by default, which need no instance).
         */
        public double linearChecksPerDependence() {
            long deps = lastInstance + searched;
            if (linearSteps < 0) return Double.NaN;
            return deps == 0 ? 0 : (double) linearSteps / deps;
        }
    }

    /** Recovers the trace's dependences into {@code sink}. */
    public Stats recover(TraceView trace, DependenceSink sink) {
        return recover(trace, new CrossThreadOrder(trace), sink);
    }

    /** As {@link #recover(TraceView, DependenceSink)}, with the trace's sync order shared with other recoveries on it. */
    public Stats recover(TraceView trace, CrossThreadOrder order, DependenceSink sink) {
        order.of(trace);
        if (trace.mode() != TraceMode.EWPP) {
            throw new IllegalArgumentException("eWPP recovery needs a trace of mode ewpp; " + trace.file().getFileName() + " is " + trace.mode().label());
        }
        DependenceFilter filter = DependenceFilter.decode(trace.properties().get(DependenceFilter.PROPERTY));
        EwppCaps caps = EwppCaps.decode(trace.properties().get(EwppCaps.PROPERTY), EwppCaps.UNBOUNDED);
        int threads = trace.threadCount();
        LongList[] storeInsns = new LongList[threads];
        LongList[] storePositions = new LongList[threads];
        List<long[]> crosses = new ArrayList<>();
        long[] n = new long[10];
        for (int t = 0; t < threads; t++) {
            storeInsns[t] = new LongList();
            storePositions[t] = new LongList();
            recoverThread(trace, t, filter, caps, sink, storeInsns[t], storePositions[t], crosses, n);
        }
        for (long[] c : crosses) {
            int t = (int) c[0];
            int w = CheckSymbols.crossThread(c[3]);
            int k = (int) CheckSymbols.crossStore(c[3]) - 1;
            if (w < 0 || w >= threads || k < 0 || k >= storeInsns[w].size()) {
                throw new IllegalStateException("thread " + t + " read store " + (k + 1) + " of thread " + w + ", which the trace does not hold");
            }
            long wp = storePositions[w].get(k);
            long head = c[4];
            if (head >= 0 && (CheckSymbols.sourceStore(head) != storeInsns[w].get(k) || CheckSymbols.writerSegment(head) != order.segment(w, wp)
                    || CheckSymbols.readerSegment(head) != order.segment(t, c[1]))) {
                throw new IllegalStateException("the CROSS_AT check at " + c[1] + " of thread " + t + " names store " + CheckSymbols.sourceStore(head) + " in segments "
                        + CheckSymbols.writerSegment(head) + "/" + CheckSymbols.readerSegment(head) + ", its instance is store " + storeInsns[w].get(k) + " in "
                        + order.segment(w, wp) + "/" + order.segment(t, c[1]));
            }
            sink.dependence(t, c[1], (int) c[2], w, wp, (int) storeInsns[w].get(k), order.of(w, wp, t, c[1]));
        }
        return Stats.of(n);
    }

    private static void recoverThread(TraceView trace, int t, DependenceFilter filter, EwppCaps caps, DependenceSink sink, LongList storeInsns,
                                      LongList storePositions, List<long[]> crosses, long[] n) {
        Timestamps ts = new Timestamps(caps.buffer()); // TS(d) of each store instruction d
        long position = 0;
        for (ThreadGrammar g : trace.grammars(t)) {
            Grammar checks = g.stream(StreamKinds.CHECKS);
            GrammarExpander signatures = checks == null ? null : checks.expander();
            Alphabet alphabet = checks == null ? null : g.alphabet(StreamKinds.CHECKS);
            // per terminal: 1 store, 2 load, 0 other; and the store's TS list (terminals are the thread's symbols)
            int terminals = g.terminals();
            byte[] kind = new byte[terminals];
            int[] value = new int[terminals];
            int[] lists = new int[terminals];
            for (int s = 0; s < terminals; s++) {
                Event.Type type = g.type(s);
                kind[s] = (byte) (type == Event.Type.STORE ? 1 : type == Event.Type.LOAD ? 2 : 0);
                value[s] = (int) g.value(s);
                if (kind[s] == 1) lists[s] = ts.of(value[s]);
            }
            for (GrammarExpander x = g.wpp().expander(); x.hasNext(); position++) {
                int s = x.next();
                if (kind[s] == 1) {
                    ts.append(lists[s], position);
                    storeInsns.add(value[s]);
                    storePositions.add(position);
                } else if (kind[s] == 2) {
                    if (signatures == null || !signatures.hasNext()) throw new IllegalStateException("thread " + t + ": no check signature for the load at " + position);
                    load(t, position, value[s], signatures, alphabet, filter, ts, storeInsns, storePositions, sink, crosses, n);
                }
            }
            if (signatures != null && signatures.hasNext()) throw new IllegalStateException("thread " + t + ": more check signatures than loads");
        }
    }

    private static void load(int t, long position, int u, GrammarExpander signatures, Alphabet alphabet, DependenceFilter filter,
                             Timestamps ts, LongList storeInsns, LongList storePositions, DependenceSink sink, List<long[]> crosses, long[] n) {
        n[0]++;
        int c = signatures.next();
        int tag = CheckSymbols.tag(alphabet.first(c));
        if (tag == CheckSymbols.NEW) {
            n[4]++;
            c = signatures.next();
            tag = CheckSymbols.tag(alphabet.first(c));
        }
        switch (tag) {
            case CheckSymbols.OK -> {
                n[1]++;
                long d = filter.predicted(u);
                if (d == DependenceFilter.PREDICTED_NONE) {
                    sink.dependence(t, position, u, -1, -1, -1, Origin.NO_WRITER);
                } else {
                    LongList list = d < 0 ? null : ts.get((int) d);
                    if (d < 0 || list == null || list.size() == 0) throw new IllegalStateException("load " + u + " at " + position + " predicted from store " + d + ", which has not run");
                    sink.dependence(t, position, u, t, list.last(), (int) d, Origin.SAME_THREAD);
                }
            }
            case CheckSymbols.NONE -> {
                n[6]++;
                sink.dependence(t, position, u, -1, -1, -1, Origin.NO_WRITER);
            }
            case CheckSymbols.LAST -> {
                n[2]++;
                n[8]++;
                int d = (int) alphabet.second(c);
                sink.dependence(t, position, u, t, instances(ts, d, position).last(), d, Origin.SAME_THREAD);
            }
            case CheckSymbols.SEARCH -> {
                n[3]++;
                int d = (int) alphabet.second(c);
                int i = ts.indexOf(d);
                LongList list = instances(ts, d, position);
                int lo = ts.base(i); // the instances the check's buffer still held
                int hi = list.size() - 2;
                int mid = (int) SearchSignature.instance(lo, hi, signatures::next, alphabet, n, position);
                n[8] += list.size() - mid;
                sink.dependence(t, position, u, t, list.get(mid), d, Origin.SAME_THREAD);
            }
            case CheckSymbols.BACK -> {
                n[3]++;
                long v = alphabet.second(c);
                int d = (int) v;
                long k = v >>> 32;
                LongList list = instances(ts, d, position);
                if (k < 1 || k >= list.size()) throw new IllegalStateException("a distance signature at " + position + " names an instance store " + d + " never had");
                n[8] += k + 1;
                sink.dependence(t, position, u, t, list.get((int) (list.size() - 1 - k)), d, Origin.SAME_THREAD);
            }
            case CheckSymbols.EVICTED -> {
                n[9]++;
                long at = alphabet.second(c);
                int k = storePositions.search(at);
                if (k < 0) throw new IllegalStateException("an evicted-instance record at " + position + " names position " + at + ", which is not a store");
                sink.dependence(t, position, u, t, at, (int) storeInsns.get(k), Origin.SAME_THREAD);
            }
            case CheckSymbols.CROSS -> {
                n[5]++;
                crosses.add(new long[] {t, position, u, alphabet.second(c), -1});
            }
            case CheckSymbols.CROSS_AT -> { // resolved as a CROSS record by its instance, the head's fields checked against it
                n[5]++;
                int x = signatures.next();
                if (CheckSymbols.tag(alphabet.first(x)) != CheckSymbols.XSTORE) throw new IllegalStateException("a CROSS_AT check at " + position + " without its instance");
                crosses.add(new long[] {t, position, u, alphabet.second(x), alphabet.second(c)});
            }
            default -> throw new IllegalStateException("check symbol tag " + tag + " cannot start a load's signature (position " + position + ")");
        }
    }

    /**
     * TS(d) per store instruction id, without boxing, with the first instance the check routine's
     * bounded buffer still held (EwppCaps: it evicts its oldest half when full, a function of the
     * count alone, replayed here).
     */
    private static final class Timestamps {
        private final dev.wholetrace.model.util.LongLongMap index = new dev.wholetrace.model.util.LongLongMap();
        private final List<LongList> lists = new ArrayList<>();
        private int[] bases = new int[16];
        private final int cap;

        Timestamps(int cap) {
            this.cap = cap;
        }

        /** The dense index of {@code store}'s list, made on first use. */
        int of(int store) {
            long i = index.get(store);
            if (i != 0) return (int) i - 1;
            lists.add(new LongList());
            index.put(store, lists.size());
            if (lists.size() > bases.length) bases = java.util.Arrays.copyOf(bases, bases.length * 2);
            return lists.size() - 1;
        }

        int indexOf(int store) {
            return (int) index.get(store) - 1;
        }

        void append(int i, long position) {
            LongList l = lists.get(i);
            if (l.size() - bases[i] == cap) bases[i] += cap / 2;
            l.add(position);
        }

        int base(int i) {
            return bases[i];
        }

        LongList get(int store) {
            long i = index.get(store);
            return i == 0 ? null : lists.get((int) i - 1);
        }
    }

    private static LongList instances(Timestamps ts, int d, long position) {
        LongList list = ts.get(d);
        if (list == null || list.size() == 0) throw new IllegalStateException("the load at " + position + " names store " + d + ", which has not run");
        return list;
    }
}
