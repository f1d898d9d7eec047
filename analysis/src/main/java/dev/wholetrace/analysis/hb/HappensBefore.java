package dev.wholetrace.analysis.hb;

import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.TraceView;
import java.util.Arrays;

/**
 * Happens-before between synchronization segments, from S_synch with vector clocks ({@link SyncClocks}
 * says what each sync kind orders).
 *
 * <p>Segment k of a thread is what it did between its (k-1)-th and k-th sync operation (segment 0
 * before its first one, the last after its last). Each thread's own clock component is the index of
 * its current segment, so segment i of thread t happens before segment j of thread u (t ≠ u) iff u,
 * in segment j, knows t's segment i: {@code known(u, j, t) >= i}.
 *
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

    /** The happens-before of a recorded execution, from its sync order. */
    public static HappensBefore of(TraceView trace) {
        return of(trace.syncOrder(), trace.threadCount());
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

    /**
     * The first segment of thread u that knows segment i of thread t (segment i of t happens before
     * it and every later one), or {@link #segmentCount}(u) when none does. With {@link #known}, the
     * segments of u concurrent with segment i of t are exactly those in
     * ({@code known(t, i, u)}, {@code firstKnowing(u, t, i)}).
     */
    public long firstKnowing(int u, int t, long i) {
        if (u == t) return i;
        Steps s = known[u][t];
        return s == null ? segments[u] : s.firstReaching(i, segments[u]);
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

        /** The first segment whose value is at least v (values never decrease), or {@code none}. */
        long firstReaching(long v, long none) {
            int lo = 0, hi = size; // first index with value >= v
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (value[mid] >= v) hi = mid;
                else lo = mid + 1;
            }
            return lo == size ? none : from[lo];
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
        private final SyncClocks sync;

        Replay(HappensBefore hb, SyncOrder order, int threads) {
            this.hb = hb;
            this.order = order;
            this.clock = new long[threads][threads];
            for (long[] c : clock) Arrays.fill(c, -1);
            for (int t = 0; t < threads; t++) clock[t][t] = 0;
            this.sync = new SyncClocks(order, threads, -1);
        }

        void run() {
            for (int i = 0; i < order.size(); i++) {
                int t = order.thread(i);
                long next = order.op(i) + 1; // the segment after this operation
                switch (order.kind(i).role) {
                    case RELEASE -> sync.release(i, clock[t]);
                    case ACQUIRE -> join(t, next, sync.acquired(i));
                    case BARRIER -> join(t, next, sync.episode(i, p -> clock[p]));
                }
                clock[t][t] = next;
            }
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
    }
}
