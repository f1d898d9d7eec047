package dev.wholetrace.analysis.hb;

import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.TraceView;
import java.util.Arrays;
import java.util.function.IntSupplier;
import java.util.function.LongConsumer;

/**
 * Happens-before between synchronization segments, from S_synch with vector clocks ({@link SyncClocks}
 * says what each sync kind orders).
 *
 * <p>Segment k of a thread is what it did between its (k-1)-th and k-th sync operation (segment 0
 * before its first one, the last after its last). Each thread's own clock component is the index of
 * its current segment, so segment i of thread t happens before segment j of thread u (t ≠ u) iff u,
 * in segment j, knows t's segment i: {@code known(u, j, t) >= i}.
 *
 * <p>Memory (docs/reading-memory.md): nothing is threads × threads (but the replay's clocks, up to
 * {@link #DENSE_MAX_THREADS} threads). Each thread keeps a history of the segments where its
 * knowledge of the others grew: a change of one or two components (a lock handed over by one
 * thread) is an entry of three ints; a larger change (a barrier episode, a lock
 * that many threads released) stores the thread's whole new clock, which is a {@link
 * PersistentClock}: shared with the lock's or the episode's clock it came from, so a barrier
 * episode's clock exists once for all its participants. Every {@link #CHECKPOINT} small entries the
 * whole clock is stored too, so a query reads one clock and at most that many entries.
 */
public final class HappensBefore {
    /** Small entries between two whole clocks in a thread's history. */
    static final int CHECKPOINT = 16;
    /** Questions to one {@link Knowledge} before its whole clock is materialized as a trie. */
    static final int MATERIALIZE_AFTER = 32;
    /** Sync operations replayed between two progress reports. */
    public static final int PROGRESS_EVERY = 1 << 16;
    /**
     * Up to this many threads the replay keeps plain clocks ({@link DenseReplay}): a join is a
     * loop over a few longs, where clock versions materialize both sides as persistent clocks
     * (mp3d, three threads and a lock per particle move: 20 % of a cold {@code deps}, most of it
     * {@code ClockVersions.materialize}). Beyond, a clock per sync object would be threads longs.
     */
    static final int DENSE_MAX_THREADS = 8;

    private final ClockVersions versions;
    private final History[] history;
    private final long[] segments;

    private HappensBefore(int threads, long[] segments) {
        this.versions = new ClockVersions(new PersistentClock(threads));
        this.history = new History[threads];
        for (int t = 0; t < threads; t++) history[t] = new History();
        this.segments = segments;
    }

    /** The happens-before of a recorded execution, from its sync order. */
    public static HappensBefore of(TraceView trace) {
        return of(trace.syncOrder(), trace.threadCount());
    }

    /** The happens-before of an execution of {@code threads} threads with this sync order. */
    public static HappensBefore of(SyncOrder order, int threads) {
        return of(order, threads, done -> {});
    }

    /**
     * The same, telling {@code progress} how many of the order's {@link SyncOrder#size()} operations
     * were replayed, every {@link #PROGRESS_EVERY} and at the end.
     */
    public static HappensBefore of(SyncOrder order, int threads, LongConsumer progress) {
        return of(order, threads, progress, threads <= DENSE_MAX_THREADS);
    }

    /**
     * The same, replayed with plain clocks ({@code dense}: one long[threads] per thread and per
     * sync object) or with clock versions; both give the same histories, so the same answers.
     */
    static HappensBefore of(SyncOrder order, int threads, LongConsumer progress, boolean dense) {
        long[] segments = new long[threads];
        for (int t = 0; t < threads; t++) segments[t] = (t < order.threadCount() ? order.count(t) : 0) + 1;
        HappensBefore hb = new HappensBefore(threads, segments);
        if (dense) new DenseReplay(hb, order, threads).run(progress);
        else new VersionReplay(hb, order, threads).run(progress);
        for (History h : hb.history) h.trim();
        return hb;
    }

    public int threadCount() {
        return history.length;
    }

    /** Segments of thread t: its sync operations + 1. */
    public long segmentCount(int t) {
        return segments[t];
    }

    /** The last segment of thread t that thread u knows of in its segment j (-1: none). */
    public long known(int u, long j, int t) {
        if (u == t) return j;
        History h = history[u];
        int w = h.lastWholeAtOrBefore(j);
        long after = w < 0 ? -1 : h.wholeSegment[w];
        for (int e = h.lastSmallAtOrBefore(j); e >= 0 && h.segment[e] > after; e--) {
            if (h.thread[e] == t) return h.value[e]; // knowledge only grows: the latest entry about t is the largest
        }
        return w < 0 ? -1 : versions.get(h.wholeVersion[w], t);
    }

    /**
     * What thread u knows in its segment j, for asking about many threads in a row ({@link
     * Knowledge#of}): the history is searched once, not once per thread asked about.
     */
    public Knowledge knowledge(int u, long j, Knowledge reuse) {
        Knowledge k = reuse == null ? new Knowledge() : reuse;
        k.thread = u;
        k.segment = j;
        k.singles = 0;
        History h = history[u];
        int w = h.lastWholeAtOrBefore(j);
        long after = w < 0 ? -1 : h.wholeSegment[w];
        for (int e = h.lastSmallAtOrBefore(j); e >= 0 && h.segment[e] > after; e--) k.add(h.thread[e], h.value[e]);
        k.setWhole(w >= 0 ? h.wholeVersion[w] : ClockVersions.NONE);
        return k;
    }

    /**
     * {@link #known}(u, j, t) for every t at once, into {@code out} (one int per thread): for asking
     * about thousands of threads in a row, where even {@link Knowledge#of}'s trie walk per thread
     * (four dependent loads) was most of a sweep's time.
     */
    public void knownAll(int u, long j, int[] out) {
        History h = history[u];
        int w = h.lastWholeAtOrBefore(j);
        if (w < 0) Arrays.fill(out, -1);
        else versions.fill(h.wholeVersion[w], out);
        long after = w < 0 ? -1 : h.wholeSegment[w];
        int last = h.lastSmallAtOrBefore(j), first = last;
        while (first >= 0 && h.segment[first] > after) first--;
        for (int e = first + 1; e <= last; e++) out[h.thread[e]] = h.value[e]; // oldest first: the latest wins
        out[u] = (int) j;
    }

    /** One thread's clock in one segment: a whole clock and the few changes after it. */
    public final class Knowledge {
        private int thread;
        private long segment;
        private int whole = ClockVersions.NONE;
        /** The whole clock as a persistent clock, once asked often enough to repay making it (null before). */
        private Object materialized;
        private int asked;
        private int singles;
        private int[] about = new int[CHECKPOINT];
        private int[] value = new int[CHECKPOINT];

        private void add(int t, int v) {
            if (singles == about.length) {
                about = Arrays.copyOf(about, singles * 2);
                value = Arrays.copyOf(value, singles * 2);
            }
            about[singles] = t;
            value[singles++] = v;
        }

        /** {@link #known}(u, j, t) for this u and j. */
        public long of(int t) {
            if (t == thread) return segment;
            for (int k = 0; k < singles; k++) if (about[k] == t) return value[k]; // latest first
            if (whole == ClockVersions.NONE) return -1;
            // a version is read by walking its deltas; asked about many threads (thousands of them
            // with open accesses in the sweep), the trie it stands for is made once and read directly
            if (materialized == null && ++asked > MATERIALIZE_AFTER) materialized = versions.materialize(whole);
            return materialized != null ? versions.get(materialized, t) : versions.get(whole, t);
        }

        private void setWhole(int version) {
            if (version == whole) return; // the same clock: keep what was made of it
            whole = version;
            materialized = null;
            asked = 0;
        }
    }

    /**
     * The first segment of thread u that knows segment i of thread t (segment i of t happens before
     * it and every later one), or {@link #segmentCount}(u) when none does. With {@link #known}, the
     * segments of u concurrent with segment i of t are exactly those in
     * ({@code known(t, i, u)}, {@code firstKnowing(u, t, i)}).
     */
    public long firstKnowing(int u, int t, long i) {
        if (u == t) return i;
        History h = history[u];
        // whole clocks grow: the first that knows i bounds the answer; only the small entries before it remain
        int lo = 0, hi = h.wholes;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (versions.get(h.wholeVersion[mid], t) >= i) hi = mid;
            else lo = mid + 1;
        }
        int from = lo == 0 ? 0 : h.lastSmallAtOrBefore(h.wholeSegment[lo - 1]) + 1;
        int to = lo == h.wholes ? h.size : h.lastSmallAtOrBefore(h.wholeSegment[lo]) + 1;
        for (int e = from; e < to; e++) {
            if (h.thread[e] == t && h.value[e] >= i) return h.segment[e];
        }
        return lo == h.wholes ? segments[u] : h.wholeSegment[lo];
    }

    /**
     * {@link #known} and {@link #firstKnowing} for every segment as two dense tables (one pass over
     * each history, none of the searches), or null when each would hold more than {@code
     * maxEntries} ints (threads × all segments).
     */
    public SegmentTable table(long maxEntries) {
        int n = history.length;
        long all = 0;
        for (long s : segments) all += s;
        if (all * n > Math.min(maxEntries, Integer.MAX_VALUE - 8)) return null;
        int[][] known = new int[n][];
        int[] clock = new int[n];
        for (int t = 0; t < n; t++) {
            History h = history[t];
            int count = (int) segments[t];
            int[] k = known[t] = new int[count * n];
            Arrays.fill(clock, -1);
            int e = 0, w = 0;
            for (int s = 0; s < count; s++) {
                // entries in segment order; a segment has whole entries or small ones, and a whole
                // clock holds everything the entries before it said
                for (; w < h.wholes && h.wholeSegment[w] <= s; w++) {
                    for (int u = 0; u < n; u++) clock[u] = versions.get(h.wholeVersion[w], u);
                }
                for (; e < h.size && h.segment[e] <= s; e++) {
                    if (h.segment[e] > (w == 0 ? -1 : h.wholeSegment[w - 1])) clock[h.thread[e]] = h.value[e]; // the latest entry, as known() reads it
                }
                clock[t] = s;
                System.arraycopy(clock, 0, k, s * n, n);
            }
        }
        int[][] first = new int[n][];
        for (int t = 0; t < n; t++) first[t] = new int[(int) segments[t] * n];
        for (int u = 0; u < n; u++) {
            int[] ku = known[u];
            int su = (int) segments[u];
            for (int t = 0; t < n; t++) {
                int[] ft = first[t];
                int st = (int) segments[t];
                if (t == u) {
                    for (int i = 0; i < st; i++) ft[i * n + u] = i;
                    continue;
                }
                int next = 0; // segments of t below it have their first knowing segment of u
                for (int j = 0; j < su && next < st; j++) {
                    int v = Math.min(ku[j * n + t], st - 1);
                    for (; next <= v; next++) ft[next * n + u] = j;
                }
                for (; next < st; next++) ft[next * n + u] = su;
            }
        }
        return new SegmentTable(n, known, first);
    }

    /** Whether segment i of thread t happens before segment j of thread u (program order within one thread). */
    public boolean ordered(int t, long i, int u, long j) {
        if (t == u) return i <= j;
        return known(u, j, t) >= i;
    }

    /** Neither segment happens before the other: accesses in them may race. */
    public boolean concurrent(int t, long i, int u, long j) {
        return t != u && !ordered(t, i, u, j) && !ordered(u, j, t, i);
    }

    /** Bytes held by the histories (their arrays; the clock versions are not counted). */
    public long historyBytes() {
        long n = 0;
        for (History h : history) n += 12L * h.segment.length + 8L * h.wholeSegment.length;
        return n;
    }

    /**
     * One thread's knowledge over its segments, as two lists in segment order. Small entry e says
     * that from segment {@code segment[e]} on it knows segment {@code value[e]} of thread {@code
     * thread[e]}; whole entry w that from segment {@code wholeSegment[w]} on its clock is version
     * {@code wholeVersion[w]} of {@link ClockVersions}. A segment has at most one kind of entry (one
     * sync operation, one join); the clock in segment j is the last whole clock at or before j joined
     * with the small entries after it up to j. Wholes apart: 8 bytes each, no thread column.
     */
    private static final class History {
        int size;
        int[] segment = new int[2];
        int[] thread = new int[2];
        int[] value = new int[2];
        int wholes;
        int[] wholeSegment = new int[1];
        int[] wholeVersion = new int[1];
        int sinceWhole;

        void add(int seg, int t, int v) {
            if (size == segment.length) {
                int n = size * 2;
                segment = Arrays.copyOf(segment, n);
                thread = Arrays.copyOf(thread, n);
                value = Arrays.copyOf(value, n);
            }
            segment[size] = seg;
            thread[size] = t;
            value[size] = v;
            size++;
        }

        void addWhole(int seg, int version) {
            if (wholes == wholeSegment.length) {
                wholeSegment = Arrays.copyOf(wholeSegment, wholes * 2);
                wholeVersion = Arrays.copyOf(wholeVersion, wholes * 2);
            }
            wholeSegment[wholes] = seg;
            wholeVersion[wholes++] = version;
            sinceWhole = 0;
        }

        /** The last small entry whose segment is at most j, or -1. */
        int lastSmallAtOrBefore(long j) {
            return lastAtOrBefore(segment, size, j);
        }

        /** The last whole entry whose segment is at most j, or -1. */
        int lastWholeAtOrBefore(long j) {
            return lastAtOrBefore(wholeSegment, wholes, j);
        }

        private static int lastAtOrBefore(int[] segments, int n, long j) {
            int lo = 0, hi = n; // first entry with segment > j
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (segments[mid] > j) hi = mid;
                else lo = mid + 1;
            }
            return lo - 1;
        }

        void trim() {
            segment = Arrays.copyOf(segment, size);
            thread = Arrays.copyOf(thread, size);
            value = Arrays.copyOf(value, size);
            wholeSegment = Arrays.copyOf(wholeSegment, wholes);
            wholeVersion = Arrays.copyOf(wholeVersion, wholes);
        }
    }

    /**
     * One pass over S_synch in ticket order, with the current clock of every thread, as clocks of
     * type C ({@link VersionReplay}, {@link DenseReplay}).
     */
    private abstract static class Replay<C> {
        final HappensBefore hb;
        private final SyncOrder order;
        /** Per thread, its current segment: its sync operations replayed so far. */
        final long[] current;
        private final SyncClocks<C> sync;
        final PersistentClock.Changes changes = new PersistentClock.Changes();

        Replay(HappensBefore hb, SyncOrder order, int threads, SyncClocks.Algebra<C> algebra) {
            this.hb = hb;
            this.order = order;
            this.current = new long[threads];
            this.sync = new SyncClocks<>(order, algebra);
        }

        void run(LongConsumer progress) {
            long done = 0;
            for (SyncOrder.Cursor c = order.cursor(); c.hasNext(); ) {
                c.next();
                if (++done % PROGRESS_EVERY == 0) progress.accept(done);
                int t = c.thread();
                long next = c.op() + 1; // the segment after this operation
                switch (c.kind().role) {
                    case RELEASE -> sync.release(c, withOwn(t));
                    case ACQUIRE -> join(t, next, sync.acquired(c));
                    case BARRIER -> join(t, next, sync.episode(c, this::withOwn));
                }
                current[t] = next;
            }
            progress.accept(done);
        }

        /** Thread t's clock with its own component, its current segment: what it publishes. */
        abstract C withOwn(int t);

        /** Thread t, entering {@code segment}, takes in {@code from} (null: nothing was published). */
        abstract void join(int t, long segment, C from);
    }

    /** The replay with clock versions: shared, immutable clocks, for any number of threads. */
    private static final class VersionReplay extends Replay<Integer> {
        private final ClockVersions versions;
        /** Per thread, what it knows of the others now (its own component is not kept: it is the segment). */
        private final int[] clock;

        VersionReplay(HappensBefore hb, SyncOrder order, int threads) {
            super(hb, order, threads, SyncClocks.versions(hb.versions));
            this.versions = hb.versions;
            this.clock = new int[threads];
            Arrays.fill(clock, ClockVersions.NONE);
        }

        @Override
        Integer withOwn(int t) {
            return versions.set(clock[t], t, (int) current[t]);
        }

        @Override
        void join(int t, long segment, Integer from) {
            if (from == null) return;
            changes.clear();
            int joined = versions.join(clock[t], from, changes);
            if (joined == clock[t]) return;
            clock[t] = joined;
            hb.record(t, segment, changes, () -> joined);
        }
    }

    /**
     * Thread t's clock grew by {@code changes} (at most {@link PersistentClock.Changes#LISTED}
     * listed, the count saturating above) when it entered {@code segment}: small entries, or the
     * whole clock ({@code whole} makes its version, asked only then).
     */
    private void record(int t, long segment, PersistentClock.Changes changes, IntSupplier whole) {
        History h = history[t];
        int seg = (int) segment;
        int own = 0;
        for (int k = 0; k < Math.min(changes.count, PersistentClock.Changes.LISTED); k++) if (changes.thread[k] == t) own++;
        if (changes.count - own == 0) return; // only t's own (stale) component moved: known(t, ·, t) is the segment
        if (changes.count > PersistentClock.Changes.LISTED || h.sinceWhole + changes.count >= CHECKPOINT) {
            h.addWhole(seg, whole.getAsInt());
            return;
        }
        for (int k = 0; k < changes.count; k++) {
            if (changes.thread[k] == t) continue;
            h.add(seg, changes.thread[k], changes.value[k]);
            h.sinceWhole++;
        }
    }

    /**
     * The same pass as {@link VersionReplay} with plain clocks, for few threads: each thread's clock and
     * each sync object's a long[threads] (-1: nothing known), joined in place. It records the same
     * histories (a join lists where the thread's clock grew, as a join of versions does); a whole
     * clock becomes a version only when the history stores one.
     */
    private static final class DenseReplay extends Replay<long[]> {
        private final long[][] clock;
        private final long[] scratch;

        DenseReplay(HappensBefore hb, SyncOrder order, int threads) {
            super(hb, order, threads, SyncClocks.arrays(threads, -1));
            this.clock = new long[threads][threads];
            for (long[] c : clock) Arrays.fill(c, -1);
            this.scratch = new long[threads];
        }

        /** Thread t's clock with its own component, in scratch: SyncClocks' joins copy it at once and keep no reference. */
        @Override
        long[] withOwn(int t) {
            System.arraycopy(clock[t], 0, scratch, 0, scratch.length);
            scratch[t] = current[t];
            return scratch;
        }

        @Override
        void join(int t, long segment, long[] from) {
            if (from == null) return;
            changes.clear();
            long[] mine = clock[t];
            for (int u = 0; u < mine.length; u++) {
                if (from[u] > mine[u]) {
                    mine[u] = from[u];
                    changes.add(u, (int) from[u]);
                }
            }
            if (changes.count == 0) return;
            hb.record(t, segment, changes, () -> hb.versions.of(mine));
        }
    }
}
