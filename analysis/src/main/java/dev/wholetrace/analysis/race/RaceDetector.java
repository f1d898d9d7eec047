package dev.wholetrace.analysis.race;

import dev.wholetrace.analysis.hb.HappensBefore;
import dev.wholetrace.analysis.hb.SegmentTable;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Apparent data races (parallel-wpp-compression §4.1) on a CDR or ALL trace: two accesses to the
 * same address from different threads, at least one a write, in synchronization segments that
 * happen-before does not order.
 *
 * <p>Each segment's accesses come from the compressed form ({@link SegmentAccesses}) as address
 * progressions; the progressions of all threads are swept in address order, and two that overlap
 * are compared only if they conflict and their segments are concurrent ({@link HappensBefore}).
 * Findings are reported once per instruction pair, with their dynamic count.
 */
public final class RaceDetector {
    /** What a detection found, and what it cost. */
    public record Result(List<Race> races, Stats stats) {}

    /**
     * progressions: access progressions read from the grammars; compared: pairs of open progressions
     * in concurrent segments, one writing, that were intersected; concurrentOverlaps: those that shared
     * an address; passedOver: rows not compared at all because their every pair was a finding counted
     * {@link #ENUMERATED_PER_FINDING} times already (0: every count is exact); visited: the sweep's
     * work, its rows' visits to other threads' open progressions plus the happens-before questions of
     * the chains of ordered addresses ({@link OrderedChain}), for tests that count work, not time;
     * parts: how many times the rows read were checked and dropped, at global cuts of the execution
     * ({@link GlobalCuts}; 1: all at once); peakRows: the most rows held at once, what the detector's
     * memory follows (for tests that count it, not RSS).
     */
    public record Stats(long accesses, long progressions, long segments, long compared, long concurrentOverlaps, long passedOver,
                        long visited, long parts, long peakRows) {
        /** No row passed over (every count exact), one part. */
        public Stats(long accesses, long progressions, long segments, long compared, long concurrentOverlaps) {
            this(accesses, progressions, segments, compared, concurrentOverlaps, 0, 0, 1, 0);
        }
    }

    /**
     * Ints (threads × segments, twice) the dense happens-before table may hold: 64 MiB. Within it
     * the sweep's two questions per progression are array loads ({@link SegmentTable}); beyond it
     * (thousands of threads, or millions of segments on many threads) the histories are asked.
     */
    static final long TABLE_ENTRIES = 1L << 23;

    /**
     * Pairs of rows a finding is counted from one by one before it may be <em>passed over</em>: a
     * row whose every possible partner at its address (the instructions of the open progressions it
     * conflicts with, in any thread) would only add to findings that have this many already is not
     * compared with anything, and those findings' counts become lower bounds. Why: dynamic pairs
     * grow with the square of the threads (N virtual threads each incrementing one shared counter:
     * N·(N-1) racing pairs, 20,000 tasks 400 M), and enumerating them was quadratic in time; a
     * static race is still reported with a witness, since a row is passed over only when its every
     * pair is a finding already. The labelled suite and the kernels stay far below it (exact counts).
     */
    public static final long ENUMERATED_PER_FINDING = 1L << 20;

    /** Active threads from which, without a dense table, a row reads what its thread knows of all of them at once ({@link HappensBefore#knownAll}). */
    static final int DENSE_FROM = 64;

    /**
     * Rows at one address, with at least {@link #DENSE_FROM} threads active, from which the sweep
     * tries to keep that address's accesses as one happens-before chain ({@link OrderedChain}) and
     * stops meeting the threads one by one while they stay ordered. Below it the threads are met
     * as before: few rows at an address cost little, and the chain's start (every open progression
     * read once) is paid only where it can save a quadratic number of visits.
     */
    static final int CHAIN_FROM = 64;

    private RaceDetector() {}

    /** The races of the trace; with {@code allInstances}, each finding lists every pair of segments in which it raced. */
    public static Result detect(TraceView trace, boolean allInstances) {
        return detect(trace, allInstances, RaceProgress.NONE);
    }

    /** The same, telling {@code progress} how far it is (for long jobs on a terminal). */
    public static Result detect(TraceView trace, boolean allInstances, RaceProgress progress) {
        return detect(trace, allInstances, progress, PART_ACCESSES);
    }

    /**
     * The same, checking the trace in parts of about {@code partAccesses} accesses: tests make small
     * parts of small traces, and {@code bench races} measures {@code Long.MAX_VALUE}, one part (every
     * row held at once, as before parts), beside the default.
     */
    public static Result detect(TraceView trace, boolean allInstances, RaceProgress progress, long partAccesses) {
        if (!trace.mode().streams) {
            throw new IllegalArgumentException("race detection needs a CDR or ALL trace (instructions and their addresses); this one is "
                    + trace.mode().label().toUpperCase(Locale.ROOT) + " (record with --mode cdr)");
        }
        int threads = trace.threadCount();
        long syncOps = trace.syncOrder().size();
        HappensBefore hb = HappensBefore.of(trace.syncOrder(), threads, done -> progress.at("happens-before", done, syncOps));
        SegmentTable table = hb.table(TABLE_ENTRIES);
        long allSegments = 0;
        for (int t = 0; t < threads; t++) allSegments += hb.segmentCount(t);
        Map<Long, Finding> findings = new HashMap<>();
        long[] counters = new long[5]; // compared, overlapping, findings that may be passed over, rows passed over, visits
        Parts parts = new Parts(trace, hb, table, findings, allInstances, counters, progress, allSegments, partAccesses);
        GlobalCuts cuts = parts.cuts();
        while (cuts != null && cuts.next()) {
            parts.readTo(cuts);
            parts.check(cuts);
        }
        parts.readTo(null);
        parts.check(null);
        List<Race> races = new ArrayList<>();
        for (Finding f : findings.values()) {
            Race.Instance e = f.example;
            Race.Instance example = new Race.Instance(e.threadA(), e.segmentA(), e.threadB(), e.segmentB(), e.address(), f.examplePairs);
            races.add(new Race(f.a, f.b, f.count, example, allInstances ? List.copyOf(f.instances.values()) : List.of(), f.lowerBound));
        }
        if (races.size() > 1) { // the comparator's lambdas cost a cold JVM ~2 ms: a race-free run makes none
            races.sort(Comparator.comparingLong(Race::count).reversed().thenComparingInt(Race::a).thenComparingInt(Race::b));
        }
        return new Result(races, new Stats(parts.accesses, parts.progressions, allSegments, counters[0], counters[1], counters[3], counters[4],
                parts.parts, parts.peakRows));
    }

    /**
     * Accesses from which the accesses read so far are checked and dropped at the next good cut
     * ({@link GlobalCuts}): below it the parts' own costs (a table's caches, a sort, a sweep's
     * lists) would outweigh what they save; above it what is held grows by the accesses up to
     * the next cut that carries little (a barrier, in the kernels).
     */
    static final long PART_ACCESSES = 1 << 18;

    /**
     * The accesses read so far and not yet checked: every thread read up to the last cut taken, as
     * one table, swept and dropped by {@link #check}, but for the rows that a later access may still
     * race with ({@link GlobalCuts#carriedAbove}), which are added again to the next part's table
     * as carried rows. Findings and counters go on from part to part. Every pair of accesses that
     * may race meets in exactly one part: the part of the later-read one, where the other is new or
     * carried (two carried rows met before and are not compared again), so checking the parts one
     * by one finds every pair that checking the whole table found, with the same counts. The
     * example of a finding that races in several parts is the first found in the earliest of them.
     */
    private static final class Parts implements SegmentAccesses.Sink {
        private final TraceView trace;
        private final HappensBefore hb;
        private final SegmentTable hbTable;
        private final Map<Long, Finding> findings;
        private final boolean all;
        private final long[] counters;
        private final RaceProgress progress;
        private final long allSegments;
        private final SegmentAccesses.Reader[] readers;
        private AccessTable table;
        private LatticeFolder folder;
        long accesses, progressions, parts, peakRows;
        /** The rows carried into the next part: thread, segment, instruction, write; first, stride, count, multiplicity. */
        private int carried;
        private int[] carriedThread = new int[16], carriedInstruction = new int[16];
        private long[] carriedSegment = new long[16];
        private boolean[] carriedWrite = new boolean[16];
        private long[] carriedShape = new long[4 * 16];
        private long segmentsRead;
        private final long partAccesses;
        /** Checked in parts: one progress, of the segments read, for reading and comparing alike (a part's sweep is short). */
        private boolean inParts;
        private static final String IN_PARTS = "reading and comparing accesses";

        Parts(TraceView trace, HappensBefore hb, SegmentTable hbTable, Map<Long, Finding> findings, boolean all, long[] counters,
              RaceProgress progress, long allSegments, long partAccesses) {
            this.partAccesses = partAccesses;
            this.trace = trace;
            this.hb = hb;
            this.hbTable = hbTable;
            this.findings = findings;
            this.all = all;
            this.counters = counters;
            this.progress = progress;
            this.allSegments = allSegments;
            readers = new SegmentAccesses.Reader[trace.threadCount()];
            fresh();
        }

        private void fresh() {
            table = AccessTable.merging();
            folder = new LatticeFolder(table);
            for (int c = 0; c < carried; c++) {
                table.carry(carriedThread[c], carriedSegment[c], carriedInstruction[c], carriedWrite[c], carriedShape[4 * c],
                        carriedShape[4 * c + 1], carriedShape[4 * c + 2], carriedShape[4 * c + 3]);
            }
        }

        /**
         * The cuts to read between, or null: one part (few threads' worth of accesses would fit in
         * one part anyway, and finding the cuts walks every thread's grammar once more; or too many threads).
         */
        GlobalCuts cuts() {
            int threads = trace.threadCount();
            if (threads > GlobalCuts.MAX_THREADS) return null;
            long accessCount = 0;
            for (int t = 0; t < threads; t++) {
                if (hb.segmentCount(t) > Integer.MAX_VALUE) return null;
                var c = trace.eventCounts(t);
                accessCount += c.loads + c.stores;
            }
            if (accessCount / 2 < partAccesses) return null; // not 2 * partAccesses: Long.MAX_VALUE (one part) overflowed it
            long[][] sums = new long[threads][];
            for (int t = 0; t < threads; t++) sums[t] = SegmentAccesses.accessSums(trace, t, hb.segmentCount(t));
            GlobalCuts cuts = GlobalCuts.of(trace.syncOrder(), hb, hbTable, sums, partAccesses);
            inParts = cuts != null;
            return cuts;
        }

        /** Reads every thread up to the cut (null: to its end), thread by thread as one table's rows. */
        void readTo(GlobalCuts cut) {
            segmentsRead = 0;
            for (int t = 0; t < readers.length; t++) {
                if (readers[t] == null) readers[t] = new SegmentAccesses.Reader(trace, t, this);
                readers[t].readTo(cut == null ? Long.MAX_VALUE : cut.at(t));
                folder.flush();
                segmentsRead += cut == null ? hb.segmentCount(t) : cut.at(t);
                if (cut == null) readers[t] = null; // read to its end: its walk's state goes (thousands of threads)
                if (cut == null) progress.at(inParts ? IN_PARTS : "reading accesses", segmentsRead, allSegments);
            }
            if (cut != null) progress.at(IN_PARTS, segmentsRead, allSegments);
        }

        /** The readers' sink: the current part's folder (the readers outlive the parts). */
        @Override
        public void accesses(int thread, long segment, int instruction, boolean write, long first, long stride, long count) {
            folder.accesses(thread, segment, instruction, write, first, stride, count);
        }

        /** Checks the rows read so far against each other, and drops them but those the cut carries (none when null: the end). */
        void check(GlobalCuts cut) {
            accesses += table.accesses();
            progressions += folder.received(); // read from the trace, before they were re-cut and merged
            peakRows = Math.max(peakRows, table.size);
            parts++;
            sweep(table, hb, hbTable, findings, all, counters, trace.threadCount(), inParts ? RaceProgress.NONE : progress);
            carried = 0;
            for (int i = 0; cut != null && i < table.size; i++) {
                int u = table.thread(i);
                if (table.segment(i) > cut.carriedAbove(u)) carry(i);
            }
            fresh();
        }

        private void carry(int i) {
            if (carried == carriedThread.length) {
                int c = 2 * carried;
                carriedThread = Arrays.copyOf(carriedThread, c);
                carriedInstruction = Arrays.copyOf(carriedInstruction, c);
                carriedSegment = Arrays.copyOf(carriedSegment, c);
                carriedWrite = Arrays.copyOf(carriedWrite, c);
                carriedShape = Arrays.copyOf(carriedShape, 4 * c);
            }
            carriedThread[carried] = table.thread(i);
            carriedInstruction[carried] = table.instruction(i);
            carriedSegment[carried] = table.segment(i);
            carriedWrite[carried] = table.write(i);
            carriedShape[4 * carried] = table.first(i);
            carriedShape[4 * carried + 1] = table.stride(i);
            carriedShape[4 * carried + 2] = table.count(i);
            carriedShape[4 * carried + 3] = table.multiplicity(i);
            carried++;
        }
    }

    /**
     * Progressions in address order; each meets the other threads' earlier ones still reaching its
     * first address, and only those in segments concurrent with its own. The open progressions are
     * kept per thread and sorted by segment: a thread's own accesses never race with each other, and
     * the concurrent segments of another thread are one interval (HappensBefore.firstKnowing), found
     * by binary search, so that accesses ordered by a lock or barrier are never even looked at.
     */
    private static void sweep(AccessTable t, HappensBefore hb, SegmentTable table, Map<Long, Finding> findings, boolean all, long[] counters,
                              int threads, RaceProgress progress) {
        t.sortByFirstAddress(); // row x is now the x-th in address order
        int rows = t.size;
        Sweep sweep = new Sweep(t, hb, table, findings, all, counters, threads);
        for (int x = 0; x < rows; x++) {
            if (x % HappensBefore.PROGRESS_EVERY == 0) progress.at("comparing", x, rows);
            sweep.row(x);
        }
        counters[4] += sweep.chain.questions;
        progress.at("comparing", rows, rows);
    }

    /**
     * The sweep's state, and one row's work in a method of its own: the loop over the rows stays
     * small, so that a cold JVM compiles each once (one method holding the whole sweep was compiled
     * on stack, again and again, for seconds of a short run's compiler time).
     */
    private static final class Sweep {
        private final AccessTable t;
        private final HappensBefore hb;
        private final SegmentTable table;
        private final Map<Long, Finding> findings;
        private final boolean all;
        private final long[] counters;
        // per thread, reads and writes apart: a read meets only writes (reads of a field that every
        // iteration loads, this.count say, are most of what is open and never race with each other);
        // and progressions that span addresses apart from those at one address (points), which end
        // all together as soon as the sweep passes their address: 0 read spans, 1 write spans, 2 read
        // points, 3 write points. Points among long-lived spans stayed in the lists, ended, until the
        // next prune, and every later row walked over them (Mp3d: nearly every row is a point)
        private final OpenList[][] open;
        private final long[] example = new long[1];
        /** The finding recorded last: racing rows come by the thousand for one instruction pair (a map probe with a boxed key each). */
        private final Finding[] recent = new Finding[1];
        // the threads with open progressions, so that a progression visits those, not every thread
        private int[] active;
        private int activeCount;
        private final boolean[] isActive;
        /** The address at which every active thread's lists were last pruned (rows at one address prune once). */
        private long prunedAt = Long.MIN_VALUE;
        /**
         * With many threads and no dense table: what x's thread knows of every thread in x's segment
         * (for {@link #denseThread} in {@link #denseSegment}), filled once per segment; and per
         * thread the latest segment among its open progressions (and among its open writes), an
         * upper bound: a thread all of whose open progressions x knows is passed by one comparison.
         * 20,000 virtual threads each appending under one lock met each other one by one.
         */
        private final int[] known;
        private int denseThread = -1;
        private long denseSegment = -1;
        private final long[] latestOpen;
        private final long[] latestOpenWrite;
        /** The same with the earliest segment (a lower bound), for asking whether all of a thread's open ones know x. */
        private final long[] earliestOpen;
        private final long[] earliestOpenWrite;
        private HappensBefore.Knowledge knowledge; // what x's thread knows in x's segment, for all u
        private int knowsX = -1;
        /** The (instruction, write) kinds of all threads' open progressions, counted. */
        private final OpenKinds kinds;
        /** The last kind found passable (by x's write flag), at which version of {@link #kinds}; and the last found not passable. */
        private final int[] passKind = {-1, -1};
        private final long[] passVersion = new long[2];
        private final int[] failKind = {-1, -1};
        private final long[] failVersion = new long[2];
        private final long[] failSaturated = new long[2];
        /**
         * The accesses open at the sweep's address ({@link #chainAt}) as a happens-before chain of
         * writes with the reads in its gaps, while {@link #chainState} is {@link #CHAIN_VALID}: a row
         * that joins it (ordered with what it conflicts with) meets no thread. Rows seen at that address, and from how many the chain may be started.
         */
        final OrderedChain chain;
        private long chainAt = Long.MIN_VALUE;
        private int chainState;
        private long rowsHere;
        private long startChainAt;
        private static final int CHAIN_NONE = 0, CHAIN_VALID = 1, CHAIN_BROKEN = 2;

        Sweep(AccessTable t, HappensBefore hb, SegmentTable table, Map<Long, Finding> findings, boolean all, long[] counters, int threads) {
            this.t = t;
            this.hb = hb;
            this.table = table;
            this.findings = findings;
            this.all = all;
            this.counters = counters;
            kinds = new OpenKinds(t);
            open = new OpenList[threads][4];
            for (OpenList[] o : open) {
                for (int k = 0; k < o.length; k++) o[k] = new OpenList(kinds);
            }
            active = new int[Math.min(threads, 16)];
            known = table == null ? new int[threads] : null;
            latestOpen = new long[threads];
            latestOpenWrite = new long[threads];
            Arrays.fill(latestOpen, -1);
            Arrays.fill(latestOpenWrite, -1);
            earliestOpen = new long[threads];
            earliestOpenWrite = new long[threads];
            Arrays.fill(earliestOpen, Long.MAX_VALUE);
            Arrays.fill(earliestOpenWrite, Long.MAX_VALUE);
            isActive = new boolean[threads];
            chain = new OrderedChain(hb, table);
        }

        /** Row x meets the open progressions of the other threads that reach its first address, then opens. */
        void row(int x) {
            long lo = t.first(x);
            int tx = t.thread(x);
            long sx = t.segment(x);
            int kx = t.kind(x);
            boolean wx = t.kindWrites(kx);
            if (lo != chainAt) { // a new address: its chain starts unknown
                chainAt = lo;
                chainState = CHAIN_NONE;
                chain.clear();
                rowsHere = 0;
                startChainAt = CHAIN_FROM;
            }
            rowsHere++;
            boolean chained = false; // x is in the chain: ordered with every progression open at its address
            if (!othersConflict(tx, wx)) {
                // nothing open that x could race with (a read among reads): no thread to visit
            } else if (counters[2] > 0 && passable(kx, wx)) {
                counters[3]++;
            } else if (!(chained = chained(lo, tx, sx, wx))) {
                boolean pruned = lo == prunedAt; // every active list was pruned at this address already
                prunedAt = lo;
                boolean dense = table == null && activeCount >= DENSE_FROM;
                if (dense && (denseThread != tx || denseSegment != sx)) {
                    hb.knownAll(tx, sx, known);
                    denseThread = tx;
                    denseSegment = sx;
                }
                long[] latest = wx ? latestOpen : latestOpenWrite, earliest = wx ? earliestOpen : earliestOpenWrite;
                for (int a = 0; a < activeCount; ) {
                    int u = active[a];
                    if (!pruned && !prune(u, lo)) { // drops out until it opens one again
                        isActive[u] = false;
                        active[a] = active[--activeCount];
                        continue;
                    }
                    a++;
                    if (u == tx) continue;
                    counters[4]++;
                    if (table != null) {
                        // the thread's open accesses all known to x, or all knowing x: passed with the
                        // two answers of one table entry, no list searched (Mp3d: 8.9 M searches found
                        // no concurrent item)
                        long k = table.known(tx, sx, u);
                        if (latest[u] <= k || earliest[u] >= table.firstKnowing(u, tx, sx)) continue;
                        meet(x, lo, tx, sx, wx, u, k);
                    } else if (!dense) {
                        meet(x, lo, tx, sx, wx, u, -2);
                    } else if (latest[u] > known[u]) { // else all of u's are known to x: one load each, no list touched
                        // all of u's after what x knows, and the earliest knows x: so do the rest (knowledge only grows)
                        if (earliest[u] > known[u] && hb.known(u, earliest[u], tx) >= sx) continue;
                        meet(x, lo, tx, sx, wx, u, known[u]);
                    }
                }
            }
            if (!chained && chainState == CHAIN_VALID && !chain.add(tx, sx, wx)) chainState = CHAIN_BROKEN; // the chain holds every open row
            long last = t.last(x);
            open[tx][(last == lo ? 2 : 0) + (wx ? 1 : 0)].insert(x, sx, last, kx);
            latestOpen[tx] = Math.max(latestOpen[tx], sx);
            earliestOpen[tx] = Math.min(earliestOpen[tx], sx);
            if (wx) {
                latestOpenWrite[tx] = Math.max(latestOpenWrite[tx], sx);
                earliestOpenWrite[tx] = Math.min(earliestOpenWrite[tx], sx);
            }
            if (!isActive[tx]) {
                if (activeCount == active.length) active = Arrays.copyOf(active, Math.min(isActive.length, 2 * activeCount));
                active[activeCount++] = tx;
                isActive[tx] = true;
            }
        }

        /**
         * Whether row x (thread tx, segment sx, at address lo, a write if wx) joins the chain of its
         * address: it is ordered with every write open there, and with every read if it writes, so
         * meeting the threads would find nothing concurrent that it conflicts with. The chain starts, once {@link #CHAIN_FROM} rows came to one address with many
         * threads active, from the progressions open there (each read once); if they are more than
         * a few per row seen, it waits until the rows have doubled. A row concurrent with one in the
         * chain breaks it for the rest of the address.
         */
        private boolean chained(long lo, int tx, long sx, boolean wx) {
            if (chainState == CHAIN_NONE && rowsHere >= startChainAt && activeCount >= DENSE_FROM) startChain(lo);
            if (chainState != CHAIN_VALID) return false;
            if (chain.add(tx, sx, wx)) return true;
            chainState = CHAIN_BROKEN;
            return false;
        }

        /** Prunes every active thread's lists at lo (as a row's visits do) and puts their progressions still open there in the chain. */
        private void startChain(long lo) {
            if (prunedAt != lo) {
                prunedAt = lo;
                for (int a = 0; a < activeCount; ) {
                    int u = active[a];
                    if (!prune(u, lo)) {
                        isActive[u] = false;
                        active[a] = active[--activeCount];
                    } else {
                        a++;
                    }
                }
            }
            if (kinds.items > 4 * rowsHere) { // long progressions of many threads reach here: try again later
                startChainAt = 2 * rowsHere;
                return;
            }
            chainState = CHAIN_VALID;
            for (int w : new int[] {1, 3, 0, 2}) { // the writes first: a read then finds its gap, and no write splits one
                for (int a = 0; a < activeCount; a++) {
                    OpenList list = open[active[a]][w];
                    for (int k = 0; k < list.size; k++) {
                        counters[4]++;
                        if (list.lasts[k] >= lo && !chain.add(active[a], list.segments[k], (w & 1) == 1)) {
                            chainState = CHAIN_BROKEN;
                            return;
                        }
                    }
                }
            }
        }

        /**
         * Whether other threads than {@code tx} have open progressions that a row of tx could race
         * with (writes, or any if it writes; ended ones not yet pruned included). When none does,
         * visiting the threads finds nothing: thousands of threads reading one field they never
         * write visited each other, quadratically, for no pair.
         */
        private boolean othersConflict(int tx, boolean wx) {
            OpenList[] own = open[tx];
            long others = wx ? kinds.items - own[0].size - own[1].size - own[2].size - own[3].size : kinds.writes - own[1].size - own[3].size;
            return others > 0;
        }

        /**
         * Whether a row of kind {@code kx} may be passed over: every open kind it conflicts with (a
         * write, or any if x writes; in any thread, its own included) pairs with it in a finding
         * counted {@link #ENUMERATED_PER_FINDING} times already. Those findings' counts then lack
         * x's pairs: they are marked lower bounds. The answers are remembered until the open kinds
         * change (or, for a no, until another finding reaches the limit): rows of one hot address
         * come by the thousand with the same few kinds open.
         */
        private boolean passable(int kx, boolean wx) {
            int c = wx ? 1 : 0;
            if (passKind[c] == kx && passVersion[c] == kinds.version) return true;
            if (failKind[c] == kx && failVersion[c] == kinds.version && failSaturated[c] == counters[2]) return false;
            int ix = t.kindInstruction(kx);
            for (int pass = 0; pass < 2; pass++) { // check all, then mark all
                for (int p = 0; p < kinds.size; p++) {
                    int k = kinds.list[p];
                    if (!wx && !t.kindWrites(k)) continue;
                    Finding f = findings.get(key(ix, t.kindInstruction(k)));
                    if (pass == 1) {
                        f.lowerBound = true;
                    } else if (f == null || f.enumerated < ENUMERATED_PER_FINDING) {
                        failKind[c] = kx;
                        failVersion[c] = kinds.version;
                        failSaturated[c] = counters[2];
                        return false;
                    }
                }
            }
            passKind[c] = kx;
            passVersion[c] = kinds.version;
            return true;
        }

        /** Prunes thread u's lists at the sweep's address, and its latest open segments; whether any holds a progression still. */
        private boolean prune(int u, long lo) {
            OpenList[] lists = open[u];
            boolean open = false;
            for (OpenList list : lists) {
                list.prune(lo);
                open |= list.size > 0;
            }
            long writes = Math.max(lists[1].latest(), lists[3].latest());
            latestOpenWrite[u] = writes;
            latestOpen[u] = Math.max(writes, Math.max(lists[0].latest(), lists[2].latest()));
            long firstWrite = Math.min(lists[1].earliest(), lists[3].earliest());
            earliestOpenWrite[u] = firstWrite;
            earliestOpen[u] = Math.min(firstWrite, Math.min(lists[0].earliest(), lists[2].earliest()));
            return open;
        }

        /**
         * Row x (thread tx, segment sx) against thread u's open progressions: the writes, and the
         * reads if x writes. {@code known}: the last segment of u that x knows, or -2 (not asked yet).
         */
        private void meet(int x, long lo, int tx, long sx, boolean wx, int u, long known) {
            OpenList[] o = open[u];
            long after = known; // u's segments up to this one happen before x (asked once, when needed)
            long before = -2; // from this one on, x happens before them (asked only if a candidate is left)
            for (int w = wx ? 0 : 1; w < 2; w++) {
                OpenList spans = o[w], points = o[2 + w];
                if (spans.size == 0 && points.size == 0) continue;
                if (after == -2) after = table != null ? table.known(tx, sx, u) : known(x, tx, sx, u);
                int fromSpans = spans.firstAbove(after), fromPoints = points.firstAbove(after);
                if (fromSpans == spans.size && fromPoints == points.size) continue;
                if (before == -2 && table == null && known != -2) {
                    // many threads: if u's first candidate here knows x, so do all after it (knowledge
                    // only grows): none is concurrent, and one question about one segment is cheaper
                    // than firstKnowing's search (the other list may still hold earlier candidates)
                    long first = Math.min(fromSpans < spans.size ? spans.segments[fromSpans] : Long.MAX_VALUE,
                            fromPoints < points.size ? points.segments[fromPoints] : Long.MAX_VALUE);
                    if (hb.known(u, first, tx) >= sx) continue;
                }
                if (before == -2) before = table != null ? table.firstKnowing(u, tx, sx) : hb.firstKnowing(u, tx, sx);
                meet(x, lo, spans, fromSpans, points, fromPoints, before);
            }
        }

        /** What thread tx knows of u in segment sx, from the histories (no dense table: too many threads or segments). */
        private long known(int x, int tx, long sx, int u) {
            if (knowsX != x) {
                knowledge = hb.knowledge(tx, sx, knowledge);
                knowsX = x;
            }
            return knowledge.of(u);
        }

        /**
         * Row x against the items of one thread's spans from {@code k} on and points from {@code j}
         * on whose segments lie before {@code before}: the concurrent ones. The two lists are met
         * merged, in order of segment and then row, the order one list holding both had.
         */
        private void meet(int x, long lo, OpenList spans, int k, OpenList points, int j, long before) {
            int ended = 0;
            boolean carriedX = t.carried(x);
            while (true) {
                int y;
                long last;
                if (k < spans.size && (j == points.size || precedes(spans, k, points, j))) {
                    if (spans.segments[k] >= before) break;
                    y = spans.items[k];
                    last = spans.lasts[k++];
                } else if (j < points.size) {
                    if (points.segments[j] >= before) break;
                    y = points.items[j];
                    last = points.lasts[j++];
                } else break;
                if (last < lo) { // ended; not pruned yet
                    ended++;
                    continue;
                }
                if (carriedX && t.carried(y)) continue; // both carried from an earlier part: they met there
                // x and y stand for as many copies each (AccessTable.merging): every copy of one
                // meets every copy of the other, as when each was a row
                long copies = t.multiplicity(x) * t.multiplicity(y);
                counters[0] += copies;
                long pairs = t.commonAccesses(x, y, example);
                if (pairs == 0) continue;
                counters[1] += copies;
                record(t, findings, y, x, pairs * copies, example[0], all, counters, recent);
            }
            // many ended spans, passed over by every row that follows until the list doubles: drop
            // them now (each is dropped once, and a pass removes an eighth of the list at least)
            if (ended > 0 && 8L * ended >= spans.size) spans.prune(lo, true);
        }

        /** Whether item k of {@code a} comes before item j of {@code b} in an open list: by segment, then row (the order of insertion). */
        private static boolean precedes(OpenList a, int k, OpenList b, int j) {
            long sy = a.segments[k], sz = b.segments[j];
            return sy < sz || sy == sz && a.items[k] < b.items[j];
        }
    }

    /**
     * One thread's open progressions, sorted by segment. The items are rows of the sorted table,
     * so the ones open together lie close together in it (an item inline would take 20 bytes where
     * this takes 4, with millions open on one hot address). Each item's segment and last address
     * are kept beside it: the binary searches, merges and prunes read them for every row of the
     * sweep, and reading them from the table (a row far from the sweep's) missed the cache (Mp3d).
     */
    private static final class OpenList {
        int[] items = new int[4];
        long[] segments = new long[4];
        long[] lasts = new long[4];
        /** Each item's {@link AccessTable#kind}, counted in {@link #kinds} while it is open. */
        int[] itemKinds = new int[4];
        int size;
        private final OpenKinds kinds;
        /** The highest last address of the items (once all end before the sweep's address, the list is empty). */
        private long maxLast = Long.MIN_VALUE;
        private int pruneAt = 64;

        OpenList(OpenKinds kinds) {
            this.kinds = kinds;
        }

        /**
         * Drops the progressions that end before {@code lo} (no later progression reaches them
         * either), once the list has doubled since it was last pruned: amortised O(1) per entry.
         */
        void prune(long lo) {
            prune(lo, false);
        }

        /** The same, now if {@code now} (the caller saw enough ended items to pay for the pass). */
        void prune(long lo, boolean now) {
            if (maxLast < lo) { // all ended: the list empties at once, however short
                for (int k = 0; k < size; k++) kinds.remove(itemKinds[k]);
                size = 0;
                return;
            }
            if (size < pruneAt && !now) return;
            int kept = 0;
            long max = Long.MIN_VALUE;
            for (int k = 0; k < size; k++) {
                long last = lasts[k];
                if (last >= lo) {
                    max = Math.max(max, last);
                    items[kept] = items[k];
                    segments[kept] = segments[k];
                    itemKinds[kept] = itemKinds[k];
                    lasts[kept++] = last;
                } else {
                    kinds.remove(itemKinds[k]);
                }
            }
            maxLast = max;
            size = kept;
            pruneAt = Math.max(64, 2 * kept);
        }

        /** The latest segment of an item, or -1 when empty. */
        long latest() {
            return size == 0 ? -1 : segments[size - 1];
        }

        /** The earliest segment of an item, or Long.MAX_VALUE when empty. */
        long earliest() {
            return size == 0 ? Long.MAX_VALUE : segments[0];
        }

        /** The first position whose segment is above {@code segment}. */
        int firstAbove(long segment) {
            if (size == 0 || segments[size - 1] <= segment) return size; // all known: the common answer, one read
            int lo = 0, hi = size;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (segments[mid] > segment) hi = mid;
                else lo = mid + 1;
            }
            return lo;
        }

        void insert(int x, long segment, long last, int kind) {
            if (size == items.length) { // 1.5: millions open on one hot address
                int c = size + (size >> 1) + 1;
                items = Arrays.copyOf(items, c);
                segments = Arrays.copyOf(segments, c);
                lasts = Arrays.copyOf(lasts, c);
                itemKinds = Arrays.copyOf(itemKinds, c);
            }
            kinds.add(kind);
            maxLast = Math.max(maxLast, last);
            int at = firstAbove(segment); // mostly appended
            int move = size - at;
            if (move > 0) {
                System.arraycopy(items, at, items, at + 1, move);
                System.arraycopy(segments, at, segments, at + 1, move);
                System.arraycopy(lasts, at, lasts, at + 1, move);
                System.arraycopy(itemKinds, at, itemKinds, at + 1, move);
            }
            items[at] = x;
            segments[at] = segment;
            lasts[at] = last;
            itemKinds[at] = kind;
            size++;
        }
    }

    /**
     * Rows i and j race: {@code allPairs} access pairs between all their copies. The example is the
     * first pair of segments found, with every access pair of the two instructions between those two
     * segments (as its instance in {@code --all-instances}): how the accesses were cut into rows
     * decides which rows meet first, not what the example says.
     */
    private static void record(AccessTable t, Map<Long, Finding> findings, int i, int j, long allPairs, long address, boolean all,
                               long[] counters, Finding[] recent) {
        // sides by instruction; one instruction on both sides by thread: which row came
        // first in address order (or in a part's table) must not make two instances of one pair of segments
        int order = Integer.compare(t.instruction(i), t.instruction(j));
        if (order == 0) order = Integer.compare(t.thread(i), t.thread(j)); // never one thread: its accesses are ordered
        if (order > 0) {
            int s = i;
            i = j;
            j = s;
        }
        int a = t.instruction(i), b = t.instruction(j);
        Finding f = recent[0];
        if (f == null || f.a != a || f.b != b) f = recent[0] = findings.computeIfAbsent(key(a, b), k -> new Finding(a, b));
        if (++f.enumerated == ENUMERATED_PER_FINDING) counters[2]++;
        if (f.example == null) f.example = new Race.Instance(t.thread(i), t.segment(i), t.thread(j), t.segment(j), address, 0);
        Race.Instance e = f.example;
        if (e.threadA() == t.thread(i) && e.segmentA() == t.segment(i) && e.threadB() == t.thread(j) && e.segmentB() == t.segment(j)) {
            f.examplePairs += allPairs;
        }
        f.count += allPairs;
        if (all) { // one instance per pair of segments: the first address seen, the pairs summed
            List<Long> key = List.of((long) t.thread(i), t.segment(i), (long) t.thread(j), t.segment(j));
            f.instances.merge(key, new Race.Instance(t.thread(i), t.segment(i), t.thread(j), t.segment(j), address, allPairs),
                    (old, add) -> new Race.Instance(old.threadA(), old.segmentA(), old.threadB(), old.segmentB(), old.address(),
                            old.pairs() + add.pairs()));
        }
    }

    /** A finding's key: its two instructions, the lower first. */
    private static long key(int a, int b) {
        if (a > b) {
            int s = a;
            a = b;
            b = s;
        }
        return (long) a << 32 | (b & 0xFFFF_FFFFL);
    }

    /**
     * The kinds ({@link AccessTable#kind}) of every thread's open progressions, counted, and the
     * list of those open: what a row could meet, asked without visiting the threads. {@link
     * #version} moves whenever the list does.
     */
    private static final class OpenKinds {
        final int[] count;
        final int[] at;
        final int[] list;
        private final boolean[] writing;
        int size;
        long version;
        /** Open items in all, and those that write. */
        long items;
        long writes;

        OpenKinds(AccessTable t) {
            int kinds = t.kinds();
            count = new int[kinds];
            at = new int[kinds];
            list = new int[kinds];
            writing = new boolean[kinds];
            for (int k = 0; k < kinds; k++) writing[k] = t.kindWrites(k);
        }

        void add(int k) {
            items++;
            if (writing[k]) writes++;
            if (count[k]++ > 0) return;
            at[k] = size;
            list[size++] = k;
            version++;
        }

        void remove(int k) {
            items--;
            if (writing[k]) writes--;
            if (--count[k] > 0) return;
            int moved = list[--size];
            list[at[k]] = moved;
            at[moved] = at[k];
            version++;
        }
    }

    private static final class Finding {
        final int a;
        final int b;
        long count;
        /** Pairs of rows recorded (one by one); from {@link #ENUMERATED_PER_FINDING} on it may be passed over. */
        long enumerated;
        /** Some row was passed over that would have added to {@link #count}. */
        boolean lowerBound;
        Race.Instance example;
        long examplePairs;
        final Map<List<Long>, Race.Instance> instances = new java.util.LinkedHashMap<>();

        Finding(int a, int b) {
            this.a = a;
            this.b = b;
        }
    }
}
