package dev.wholetrace.analysis.hb;

import dev.wholetrace.core.event.SyncKind;
import dev.wholetrace.core.trace.SyncOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Happens-before between synchronization segments, from S_synch with vector clocks.
 *
 * <p>Segment k of a thread is what it did between its (k-1)-th and k-th sync operation (segment 0
 * before its first one, the last after its last). Each thread's own clock component is the index of
 * its current segment, so segment i of thread t happens before segment j of thread u (t ≠ u) iff u,
 * in segment j, knows t's segment i: {@code known(u, j, t) >= i}.
 *
 * <p>The sync kinds act through their roles (docs/trace-model.md): a release publishes the thread's
 * clock on its object, an acquire joins what the object holds, a barrier episode joins every
 * participant's clock into every participant. Latch operations pair on (object, phase); a shared
 * (read) lock acquires only what exclusive releases published, so two readers are not ordered by
 * their read locks, while an exclusive lock acquires every release.
 *
 * <p>Memory: knowledge changes only at acquires and barriers, and usually of one other thread, so
 * each thread keeps, per other thread, the segments where that knowledge grew (a step function),
 * not a full clock per segment.
 */
public final class HappensBefore {
    /** Per thread, per other thread: segments where the knowledge changed, and the new values. */
    private final Steps[][] known;
    private final long[] segments;

    private HappensBefore(int threads, long[] segments) {
        this.known = new Steps[threads][threads];
        this.segments = segments;
    }

    /** The happens-before of an execution of {@code threads} threads with this sync order. */
    public static HappensBefore of(SyncOrder order, int threads) {
        long[] ops = new long[threads];
        for (int i = 0; i < order.size(); i++) ops[order.thread(i)] = Math.max(ops[order.thread(i)], order.op(i) + 1);
        long[] segments = new long[threads];
        for (int t = 0; t < threads; t++) segments[t] = ops[t] + 1;
        HappensBefore hb = new HappensBefore(threads, segments);
        new Replay(hb, order, threads).run();
        return hb;
    }

    public int threadCount() {
        return known.length;
    }

    /** Segments of thread t: its sync operations + 1. */
    public long segmentCount(int t) {
        return segments[t];
    }

    /** The last segment of thread t that thread u knows of in its segment j (-1: none). */
    public long known(int u, long j, int t) {
        if (u == t) return j;
        Steps s = known[u][t];
        return s == null ? -1 : s.valueAt(j);
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

    /** A monotone step function over segments, appended in increasing segment order. */
    private static final class Steps {
        long[] from = new long[4];
        long[] value = new long[4];
        int size;

        void set(long segment, long v) {
            if (size > 0 && from[size - 1] == segment) {
                value[size - 1] = v;
                return;
            }
            if (size == from.length) {
                from = Arrays.copyOf(from, size * 2);
                value = Arrays.copyOf(value, size * 2);
            }
            from[size] = segment;
            value[size++] = v;
        }

        long valueAt(long segment) {
            int i = Arrays.binarySearch(from, 0, size, segment);
            if (i < 0) i = -i - 2;
            return i < 0 ? -1 : value[i];
        }
    }

    /** One pass over S_synch in ticket order, with the current clocks of all threads. */
    private static final class Replay {
        private final HappensBefore hb;
        private final SyncOrder order;
        private final long[][] clock;
        /** Released clocks: per object (exclusive releases), and per object for shared acquirers. */
        private final Map<Long, long[]> all = new HashMap<>();
        private final Map<Long, long[]> exclusive = new HashMap<>();
        private final Map<List<Long>, long[]> latches = new HashMap<>();
        private final Map<List<Long>, List<Integer>> episodes = new HashMap<>();
        private final Map<List<Long>, long[]> episodeClocks = new HashMap<>();

        Replay(HappensBefore hb, SyncOrder order, int threads) {
            this.hb = hb;
            this.order = order;
            this.clock = new long[threads][threads];
            for (long[] c : clock) Arrays.fill(c, -1);
            for (int t = 0; t < threads; t++) clock[t][t] = 0;
            for (int i = 0; i < order.size(); i++) {
                if (order.kind(i) == SyncKind.BARRIER) episodes.computeIfAbsent(key(i), k -> new ArrayList<>()).add(order.thread(i));
            }
        }

        void run() {
            for (int i = 0; i < order.size(); i++) {
                int t = order.thread(i);
                long[] c = clock[t];
                SyncKind kind = order.kind(i);
                long next = order.op(i) + 1; // the segment after this operation
                switch (kind.role) {
                    case RELEASE -> release(i, kind, c);
                    case ACQUIRE -> join(t, next, acquired(i, kind));
                    case BARRIER -> join(t, next, episode(i));
                }
                c[t] = next;
            }
        }

        private void release(int i, SyncKind kind, long[] c) {
            if (kind == SyncKind.LATCH_COUNT_DOWN) {
                merge(latches.computeIfAbsent(key(i), k -> empty()), c);
                return;
            }
            long o = order.object(i);
            merge(all.computeIfAbsent(o, k -> empty()), c);
            if (!(kind == SyncKind.UNLOCK && order.aux(i) == 1)) merge(exclusive.computeIfAbsent(o, k -> empty()), c);
        }

        /** What an acquire receives: a latch's phase, or the object's releases (exclusive ones only for a shared lock). */
        private long[] acquired(int i, SyncKind kind) {
            if (kind == SyncKind.LATCH_AWAIT) return latches.get(key(i));
            long o = order.object(i);
            return kind == SyncKind.LOCK && order.aux(i) == 1 ? exclusive.get(o) : all.get(o);
        }

        /**
         * The episode's clock, made at its first entry: every participant records its pass after
         * leaving the barrier, and nobody leaves before the last one arrived, so at the first
         * entry every participant's operations before the barrier are already in the order.
         */
        private long[] episode(int i) {
            List<Long> key = key(i);
            return episodeClocks.computeIfAbsent(key, k -> {
                long[] e = empty();
                for (int p : episodes.get(k)) merge(e, clock[p]);
                return e;
            });
        }

        private void join(int t, long segment, long[] from) {
            if (from == null) return;
            long[] c = clock[t];
            for (int u = 0; u < c.length; u++) {
                if (u != t && from[u] > c[u]) {
                    c[u] = from[u];
                    Steps s = hb.known[t][u];
                    if (s == null) s = hb.known[t][u] = new Steps();
                    s.set(segment, from[u]);
                }
            }
        }

        private long[] empty() {
            long[] e = new long[clock.length];
            Arrays.fill(e, -1);
            return e;
        }

        private static void merge(long[] into, long[] c) {
            for (int u = 0; u < into.length; u++) into[u] = Math.max(into[u], c[u]);
        }

        private List<Long> key(int i) {
            return List.of(order.object(i), order.aux(i));
        }
    }
}
