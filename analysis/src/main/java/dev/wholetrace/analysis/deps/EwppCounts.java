package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.model.util.LongLongMap;
import dev.wholetrace.reader.TraceView;

/**
 * Every dependence edge of an eWPP with its count, without timestamps: what {@code deps} prints by
 * default. The edge of a load's instance is a function of the load's terminal in the control WPP
 * and the head of its signature group in the check grammar (LAST/SEARCH/BACK d, OK and the
 * filter's prediction, NONE, EVICTED at a position), so the walk only counts (load terminal, head)
 * pairs and turns each distinct pair into an edge once, at the chunk's end. What it does not do,
 * compared with {@link EwppRecovery}: no TS(d) lists (no store is looked at), no replay of a
 * search's steps, and both grammars walked by {@link PickedWalk}: the control WPP's rules that
 * hold no load and the check grammar's that hold no group's head (runs of a search's B0/B1/END
 * steps) are passed whole; the steps and NEW prefixes are counted on the grammar. Another
 * thread's store (CROSS) is the one case that needs the load's position (its segment decides
 * cross-thread vs racy): those are resolved as {@link EwppQuery} does, by select on the writer's
 * stores.
 *
 * <p>Why not a count over the grammar alone (rule use counts times occurrences, O(grammar size)):
 * the paper's eCF interleaves each signature right after its load's call of the check routine, so
 * a (load, signature) pair is a digram of one grammar. Here the signatures are a grammar of their
 * own (the check stream, StreamKinds.CHECKS) whose symbols name the store but not the load; the
 * k-th group belongs to the control WPP's k-th load, and pairing the two grammars' expansions
 * takes a walk over the loads (docs/ewpp.md).
 */
final class EwppCounts {
    private final EwppIndex index;

    EwppCounts(EwppIndex index) {
        this.index = index;
    }

    /** Adds every dependence of the trace to {@code counts}; the statistics' linear steps are not known here (-1). */
    EwppRecovery.Stats recover(DependenceCounts counts) {
        TraceView trace = index.trace();
        long[] n = new long[10];
        LongList crosses = new LongList();
        for (int t = 0; t < trace.threadCount(); t++) {
            for (EwppIndex.ChunkIndex ci : index.chunks(t)) chunk(ci, counts, crosses, n);
        }
        EwppQuery.resolveCrosses(index, crosses, false, counts);
        n[8] = -1;
        return EwppRecovery.Stats.of(n);
    }

    private void chunk(EwppIndex.ChunkIndex ci, DependenceCounts counts, LongList crosses, long[] n) {
        WeightedGrammar loads = ci.loads();
        if (loads.total() == 0) return;
        Alphabet alphabet = ci.alphabet();
        WeightedGrammar groups = ci.groups();
        if (groups.total() != loads.total()) {
            throw new IllegalStateException("thread " + ci.thread + ": " + groups.total() + " check signatures for " + loads.total() + " loads");
        }
        int[] tags = new int[alphabet.size()];
        for (int c = 0; c < tags.length; c++) tags[c] = (int) alphabet.first(c);
        long[] symbols = ci.checks().terminalCounts(tags.length); // on the grammar: the searches' steps and the NEW prefixes
        for (int c = 0; c < tags.length; c++) {
            if (tags[c] == CheckSymbols.NEW) n[4] += symbols[c];
            else if (tags[c] == CheckSymbols.B0 || tags[c] == CheckSymbols.B1 || tags[c] == CheckSymbols.END) n[7] += symbols[c];
        }
        int[] loadOf = new int[ci.isLoad.length]; // the instruction of each load terminal, read off the chunk's alphabet once
        for (int t = 0; t < loadOf.length; t++) if (ci.isLoad[t]) loadOf[t] = (int) ci.g.value(t);
        LongLongMap pairs = new LongLongMap(); // (load terminal << 32 | head symbol) -> instances
        PickedWalk control = new PickedWalk(ci.wpp, loads);
        PickedWalk signatures = new PickedWalk(ci.checks(), groups);
        for (int s = control.next(); s >= 0; s = control.next()) {
            n[0]++;
            int c = signatures.next();
            switch (tags[c]) {
                case CheckSymbols.OK -> n[1]++;
                case CheckSymbols.NONE -> n[6]++;
                case CheckSymbols.LAST -> n[2]++;
                case CheckSymbols.SEARCH, CheckSymbols.BACK -> n[3]++;
                case CheckSymbols.EVICTED -> n[9]++;
                case CheckSymbols.CROSS -> {
                    n[5]++;
                    crosses.add(ci.thread);
                    crosses.add(ci.offset + control.position());
                    crosses.add(loadOf[s]);
                    crosses.add(alphabet.second(c));
                    continue;
                }
                default -> throw new IllegalStateException("check symbol tag " + tags[c] + " cannot start a load's signature (position "
                        + (ci.offset + control.position()) + ")");
            }
            long key = (long) s << 32 | c;
            pairs.put(key, pairs.get(key) + 1);
        }
        for (long key : pairs.keys()) edge(ci, loadOf[(int) (key >>> 32)], (int) key, alphabet, pairs.get(key), counts);
    }

    /** The edge of every instance of load instruction {@code u} whose group's head is {@code c}. */
    private void edge(EwppIndex.ChunkIndex ci, int u, int c, Alphabet alphabet, long instances, DependenceCounts counts) {
        long v = alphabet.second(c);
        switch ((int) alphabet.first(c)) {
            case CheckSymbols.OK -> {
                long d = index.filter().predicted(u);
                if (d == DependenceFilter.PREDICTED_NONE) counts.add(-1, u, Origin.NO_WRITER, instances);
                else if (d < 0) throw new IllegalStateException("load " + u + " is signed OK but the filter predicts no store for it");
                else counts.add((int) d, u, Origin.SAME_THREAD, instances);
            }
            case CheckSymbols.NONE -> counts.add(-1, u, Origin.NO_WRITER, instances);
            case CheckSymbols.LAST, CheckSymbols.SEARCH, CheckSymbols.BACK -> counts.add((int) v, u, Origin.SAME_THREAD, instances);
            case CheckSymbols.EVICTED -> counts.add(index.instruction(ci.thread, v), u, Origin.SAME_THREAD, instances);
            default -> throw new IllegalStateException("check symbol tag " + alphabet.first(c) + " cannot start a load's signature");
        }
    }
}
