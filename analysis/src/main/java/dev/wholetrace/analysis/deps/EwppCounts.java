package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.model.util.LongLongMap;
import dev.wholetrace.reader.TraceView;

/**
 * Every dependence edge of an eWPP with its count, without timestamps: what {@code deps} prints by
 * default. The edge of a load's instance is a function of the load and the head of its signature
 * group in the check grammar (LAST/SEARCH/BACK d, OK and the filter's prediction, NONE, EVICTED at
 * a position), so no TS(d) list is kept and no search replayed.
 *
 * <p><b>On the grammar</b> (format 9: each head names its load, CheckSymbols.named): a head is an
 * edge's both ends, so the edges are the check grammar's terminal counts (each rule's occurrences
 * in the derivation times its terminals: O(grammar size), no expansion, the control WPP not
 * walked: only its per-chunk load summary is built), as are the statistics (steps, NEW). From
 * format 11 another thread's store is signed CROSS_AT, which names the writer, its store
 * instruction and both segments: its origin is a function of the symbol
 * ({@link CrossThreadOrder#ofHead}), so it counts like LAST. A CROSS record (any trace before
 * format 11, or a field too wide for CROSS_AT's bits) also needs the load's
 * segment (its thread's sync operations before it decide cross-thread vs racy): a CROSS symbol
 * whose store is ordered before the chunk's first segment, or not even before its last, has one
 * origin for all its loads and counts once; only for the others is the check grammar walked to
 * their heads ({@link PickedWalk}: rules without one are passed whole, their groups counted), each
 * load's group rank compared with the symbol's one bound (the sync order decides the origin per
 * store segment, {@link CrossThreadOrder#firstOrdered}, not per load). The writers' stores they
 * name are then resolved together, per writer in ascending order by one shared descent of its
 * control WPP ({@link WeightedGrammar.Threaded#instructionsOf}), not a select per record.
 *
 * <p><b>By a walk</b> (traces before format 9, whose heads name the store but not the load): the
 * k-th group belongs to the control WPP's k-th load, so both grammars are walked by {@link
 * PickedWalk} (the control WPP's rules that hold no load and the check grammar's that hold no
 * head are passed whole) and (load terminal, head) pairs counted: O(loads + the rules entered).
 */
final class EwppCounts {
    private final EwppIndex index;
    private final boolean walk;
    /**
     * Another thread's store edges, summed before they reach the edge table: (store instruction
     * &lt;&lt; 33 | load &lt;&lt; 2 | origin) → instances. A program with many lock segments has a
     * CROSS_AT head per (store, load, writer segment, reader segment) (mp3d: 28 K of them), each a
     * map entry here instead of a tree insertion.
     */
    private LongLongMap crossEdges;

    EwppCounts(EwppIndex index) {
        this(index, false);
    }

    /** @param walk pair every load with its group by the walk even where heads name their load (to compare the two) */
    EwppCounts(EwppIndex index, boolean walk) {
        this.index = index;
        this.walk = walk;
    }

    /** Adds every dependence of the trace to {@code counts}; the statistics' linear steps are not known here (-1). */
    EwppRecovery.Stats recover(DependenceCounts counts) {
        TraceView trace = index.trace();
        long[] n = new long[10];
        LongList crosses = new LongList();
        LongList counted = new LongList();
        crossEdges = new LongLongMap();
        for (int t = 0; t < trace.threadCount(); t++) {
            for (EwppIndex.ChunkIndex ci : index.chunks(t)) {
                if (!walk && ci.summary().namesLoads) onGrammar(ci, counts, counted, n);
                else byWalk(ci, counts, crosses, n);
            }
        }
        EwppQuery.resolveCrosses(index, crosses, false, counts);
        resolveCounted(counted);
        Origin[] origins = Origin.values();
        for (long key : crossEdges.keys()) counts.add((int) (key >>> 33), (int) (key >>> 2 & 0x7FFF_FFFFL), origins[(int) (key & 3)], crossEdges.get(key));
        crossEdges = null;
        n[8] = -1;
        return EwppRecovery.Stats.of(n);
    }

    /** The statistics of one symbol that occurs {@code k} times: loads by outcome, steps, NEW prefixes. */
    private static void count(int tag, long k, long[] n) {
        switch (tag) {
            case CheckSymbols.OK -> n[1] += k;
            case CheckSymbols.NONE -> n[6] += k;
            case CheckSymbols.LAST -> n[2] += k;
            case CheckSymbols.SEARCH, CheckSymbols.BACK -> n[3] += k;
            case CheckSymbols.EVICTED -> n[9] += k;
            case CheckSymbols.CROSS, CheckSymbols.CROSS_AT -> n[5] += k;
            case CheckSymbols.NEW -> n[4] += k;
            case CheckSymbols.XSTORE -> { } // the instance of a CROSS_AT: not needed for counts
            case CheckSymbols.B0, CheckSymbols.B1, CheckSymbols.END -> n[7] += k;
            default -> throw new IllegalStateException("check symbol tag " + tag + " unknown");
        }
        if (CheckSymbols.isHead(tag)) n[0] += k;
    }

    /** The chunk's loads, which must be as many as its signature groups. */
    private static long loads(EwppIndex.ChunkIndex ci) {
        long loads = ci.loads().total();
        long groups = ci.groups().total();
        if (groups != loads) throw mismatch(ci, groups, loads);
        return loads;
    }

    private static IllegalStateException mismatch(EwppIndex.ChunkIndex ci, long groups, long loads) {
        return new IllegalStateException("thread " + ci.thread + ": " + groups + " check signatures for " + loads + " loads");
    }

    private void onGrammar(EwppIndex.ChunkIndex ci, DependenceCounts counts, LongList counted, long[] n) {
        // the groups are the heads, so they are counted off the terminal counts; the summary of the
        // check grammar by groups (another pass over it) is built only for a CROSS walk
        CheckSummary summary = ci.summary();
        // Where the file stores the check counts the count answers from them and the check alphabet, as it
        // answers without decoding the check grammar (format 14): the control WPP is not decoded just to
        // compare its loads with the groups (a query, a walk and the expansion, which read it, still do).
        // A file without them decodes the check grammar, and its chunk's control WPP is compared here.
        long loads = summary.stored ? summary.groups : ci.loads().total();
        if (summary.groups != loads) throw mismatch(ci, summary.groups, loads);
        if (loads == 0) return;
        for (int tag = 0; tag < summary.perTag.length; tag++) if (summary.perTag[tag] != 0) count(tag, summary.perTag[tag], n);
        Alphabet alphabet = ci.alphabet();
        boolean cross = false;
        for (int c : summary.heads) {
            long first = alphabet.first(c);
            if (CheckSymbols.tag(first) == CheckSymbols.CROSS) cross = true;
            else edge(ci, CheckSymbols.load(first), c, alphabet, summary.counts[c], counts);
        }
        if (cross) crosses(ci, summary.counts, counted);
    }

    /**
     * The CROSS heads of one chunk, each symbol added to {@code counted} once per origin with its
     * count ({@link #cross}). A load's origin depends on its segment only through one bound per
     * store segment ({@link CrossThreadOrder#firstOrdered}): a symbol whose bound is at or before
     * the chunk's first segment is cross-thread for all its loads, one whose bound is past the
     * chunk's last segment racy for all; only for a symbol whose bound falls inside the chunk is
     * the check grammar walked to its heads, each load compared with the group rank at the bound.
     */
    private void crosses(EwppIndex.ChunkIndex ci, long[] symbols, LongList counted) {
        Alphabet alphabet = ci.alphabet();
        CrossThreadOrder order = index.order();
        TraceView trace = index.trace();
        long first = order.segment(ci.thread, ci.offset);
        long last = order.segment(ci.thread, ci.offset + ci.length - 1);
        boolean[] between = new boolean[alphabet.size()];
        long[] split = new long[alphabet.size()]; // a between symbol's loads of this group rank or later are ordered after its store
        boolean any = false;
        LongLongMap splits = new LongLongMap(); // bound -> 1 + its group rank: the chunk's CROSS symbols share few bounds
        for (int c = 0; c < symbols.length; c++) {
            if (symbols[c] == 0 || CheckSymbols.tag(alphabet.first(c)) != CheckSymbols.CROSS) continue;
            long sig = alphabet.second(c);
            int w = writer(ci, sig);
            long from = order.firstOrdered(w, index.storeSegment(w, CheckSymbols.crossStore(sig) - 1), ci.thread);
            if (from <= first) cross(ci, c, Origin.CROSS_THREAD, symbols[c], counted);
            else if (from > last) cross(ci, c, Origin.RACY, symbols[c], counted);
            else {
                // segment >= from: after sync operation from - 1, which lies inside the chunk
                long rank = splits.get(from) - 1;
                if (rank < 0) splits.put(from, 1 + (rank = ci.loads().rank(trace.syncPosition(ci.thread, from - 1) - ci.offset)));
                split[c] = rank;
                between[c] = any = true;
            }
        }
        if (!any) return;
        long[] ordered = new long[alphabet.size()];
        PickedWalk heads = new PickedWalk(ci.checks(), new WeightedGrammar(ci.checks(), between), ci.groups());
        for (int c = heads.next(); c >= 0; c = heads.next()) if (heads.rank() >= split[c]) ordered[c]++;
        for (int c = 0; c < between.length; c++) {
            if (!between[c]) continue;
            cross(ci, c, Origin.CROSS_THREAD, ordered[c], counted);
            cross(ci, c, Origin.RACY, symbols[c] - ordered[c], counted);
        }
    }

    /** {@code instances} loads of the chunk signed with CROSS symbol {@code c}, of one origin: (load, signature, instances, origin), {@link #RECORD} longs. */
    private static void cross(EwppIndex.ChunkIndex ci, int c, Origin origin, long instances, LongList counted) {
        if (instances == 0) return;
        Alphabet alphabet = ci.alphabet();
        counted.add(CheckSymbols.load(alphabet.first(c)));
        counted.add(alphabet.second(c));
        counted.add(instances);
        counted.add(origin.ordinal());
    }

    /** Longs per counted CROSS record ({@link #cross}). */
    private static final int RECORD = 4;

    /** The writer thread a CROSS signature names, checked against the trace. */
    private int writer(EwppIndex.ChunkIndex ci, long sig) {
        int w = CheckSymbols.crossThread(sig);
        if (w < 0 || w >= index.trace().threadCount()) throw new IllegalStateException("thread " + ci.thread + " read a store of thread " + w + ", which the trace does not hold");
        return w;
    }

    /**
     * The edges of the counted CROSS records ({@link #cross}): per writer the store numbers read,
     * distinct and ascending ({@link ReadStores}), their instructions by one shared descent of its
     * control WPP; a record's instruction is then found by the index of its store among them.
     */
    private void resolveCounted(LongList counted) {
        int threads = index.trace().threadCount();
        LongList[] read = new LongList[threads];
        for (int i = 0; i < counted.size(); i += RECORD) {
            long sig = counted.get(i + 1);
            int w = CheckSymbols.crossThread(sig); // checked by crosses()
            long k = CheckSymbols.crossStore(sig) - 1;
            long stores = index.all(w).total();
            if (k < 0 || k >= stores) throw new IllegalStateException("a load read store " + k + " of thread " + w + ", which made " + stores);
            if (read[w] == null) read[w] = new LongList();
            read[w].add(k);
        }
        ReadStores[] distinct = new ReadStores[threads];
        int[][] instructions = new int[threads][];
        for (int w = 0; w < threads; w++) {
            if (read[w] == null) continue;
            distinct[w] = ReadStores.of(read[w], index.all(w).total());
            instructions[w] = index.all(w).instructionsOf(distinct[w].ascending());
        }
        for (int i = 0; i < counted.size(); i += RECORD) {
            long sig = counted.get(i + 1);
            int w = CheckSymbols.crossThread(sig);
            int m = distinct[w].indexOf(CheckSymbols.crossStore(sig) - 1);
            crossEdge(instructions[w][m], (int) counted.get(i), (int) counted.get(i + 3), counted.get(i + 2));
        }
    }

    /** Adds {@code instances} dependences of edge (store, load, origin ordinal) to {@link #crossEdges}. */
    private void crossEdge(int store, int load, int origin, long instances) {
        long key = (long) store << 33 | (long) load << 2 | origin;
        crossEdges.put(key, crossEdges.get(key) + instances);
    }

    private void byWalk(EwppIndex.ChunkIndex ci, DependenceCounts counts, LongList crosses, long[] n) {
        if (loads(ci) == 0) return;
        Alphabet alphabet = ci.alphabet();
        int[] tags = new int[alphabet.size()];
        for (int c = 0; c < tags.length; c++) tags[c] = CheckSymbols.tag(alphabet.first(c));
        long[] perTag = ci.summary().perTag; // the searches' steps and the NEW prefixes: stored from format 14, else counted once for the summary
        for (int tag = 0; tag < perTag.length; tag++) if (!CheckSymbols.isHead(tag) && perTag[tag] != 0) count(tag, perTag[tag], n);
        int[] loadOf = new int[ci.isLoad().length]; // the instruction of each load terminal, read off the chunk's alphabet once
        for (int t = 0; t < loadOf.length; t++) if (ci.isLoad()[t]) loadOf[t] = (int) ci.g.value(t);
        LongLongMap pairs = new LongLongMap(); // (load terminal << 32 | head symbol) -> instances
        PickedWalk control = new PickedWalk(ci.wpp(), ci.loads());
        PickedWalk signatures = new PickedWalk(ci.checks(), ci.groups());
        for (int s = control.next(); s >= 0; s = control.next()) {
            int c = signatures.next();
            if (!CheckSymbols.isHead(tags[c])) {
                throw new IllegalStateException("check symbol tag " + tags[c] + " cannot start a load's signature (position " + (ci.offset + control.position()) + ")");
            }
            count(tags[c], 1, n);
            if (tags[c] == CheckSymbols.CROSS) {
                crosses.add(ci.thread);
                crosses.add(ci.offset + control.position());
                crosses.add(loadOf[s]);
                crosses.add(alphabet.second(c));
                continue;
            }
            long key = (long) s << 32 | c;
            pairs.put(key, pairs.get(key) + 1);
        }
        for (long key : pairs.keys()) edge(ci, loadOf[(int) (key >>> 32)], (int) key, alphabet, pairs.get(key), counts);
    }

    /** The edge of every instance of load instruction {@code u} whose group's head is {@code c}. */
    private void edge(EwppIndex.ChunkIndex ci, int u, int c, Alphabet alphabet, long instances, DependenceCounts counts) {
        long v = alphabet.second(c);
        switch (CheckSymbols.tag(alphabet.first(c))) {
            case CheckSymbols.OK -> {
                long d = index.filter().predicted(u);
                if (d == DependenceFilter.PREDICTED_NONE) counts.add(-1, u, Origin.NO_WRITER, instances);
                else if (d < 0) throw new IllegalStateException("load " + u + " is signed OK but the filter predicts no store for it");
                else counts.add((int) d, u, Origin.SAME_THREAD, instances);
            }
            case CheckSymbols.NONE -> counts.add(-1, u, Origin.NO_WRITER, instances);
            case CheckSymbols.LAST, CheckSymbols.SEARCH, CheckSymbols.BACK -> counts.add((int) v, u, Origin.SAME_THREAD, instances);
            case CheckSymbols.EVICTED -> counts.add(index.instruction(ci.thread, v), u, Origin.SAME_THREAD, instances);
            case CheckSymbols.CROSS_AT -> crossEdge(CheckSymbols.sourceStore(v), u, index.order().ofHead(ci.thread, alphabet.first(c), v).ordinal(), instances);
            default -> throw new IllegalStateException("check symbol tag " + alphabet.first(c) + " cannot start a load's signature");
        }
    }
}
