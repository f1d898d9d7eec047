package dev.wholetrace.analysis.deps;

import dev.wholetrace.analysis.hb.HappensBefore;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.util.LongLongMap;
import dev.wholetrace.reader.TraceView;
import java.util.Arrays;

/**
 * Whether another thread's store is ordered before a load by the trace's sync order: the segments
 * of both ends (a position's segment is the number of its thread's sync operations before it) and
 * {@link HappensBefore} between them. A store that is not ordered before the load it was read by
 * is a racy dependence.
 */
final class CrossThreadOrder {
    private final TraceView trace;
    private final long[][] syncPositions;
    private HappensBefore hb;
    /** {@link #ofHead}'s bounds + 1 by (reader · threads + writer) &lt;&lt; 20 | writer segment: many heads share a writer segment (a CROSS_AT's is below 2^20). */
    private final LongLongMap headBounds = new LongLongMap();

    CrossThreadOrder(TraceView trace) {
        this.trace = trace;
        this.syncPositions = new long[trace.threadCount()][];
    }

    /** The segment of position {@code position} of thread {@code t}. */
    long segment(int t, long position) {
        long[] s = syncPositions[t];
        if (s == null) {
            s = new long[Math.toIntExact(trace.syncCount(t))];
            for (int m = 0; m < s.length; m++) s[m] = trace.syncPosition(t, m);
            syncPositions[t] = s;
        }
        int i = Arrays.binarySearch(s, position);
        return i >= 0 ? i : -i - 1;
    }

    /** The origin of a load at (t, position) that read a store of another thread, in the writer's segment {@code writerSegment}. */
    Origin ofSegment(int writer, long writerSegment, int t, long position) {
        return ofSegments(writer, writerSegment, t, writer == t ? 0 : segment(t, position));
    }

    /** The origin of a load in segment {@code segment} of thread {@code t} that read a store of another thread, in the writer's segment {@code writerSegment}. */
    Origin ofSegments(int writer, long writerSegment, int t, long segment) {
        if (writer == t) return Origin.SAME_THREAD;
        return hb().ordered(writer, writerSegment, t, segment) ? Origin.CROSS_THREAD : Origin.RACY;
    }

    /**
     * The first segment of thread {@code t} that segment {@code writerSegment} of thread {@code writer}
     * happens before, or t's sync count + 1 if none: a load of t in segment s that read a store of
     * that writer segment is cross-thread if s is at least this, racy below it (a thread's knowledge
     * of the others only grows along it, so one bound splits all of t's loads). {@link
     * HappensBefore#firstKnowing} answers it from t's history, without a query per segment.
     */
    long firstOrdered(int writer, long writerSegment, int t) {
        return hb().firstKnowing(t, writer, writerSegment);
    }

    /**
     * The origin of a {@link CheckSymbols#CROSS_AT} head (first half, value) of thread {@code t}'s
     * check stream (format 11): the writer, its segment and the load's segment are in the symbol,
     * so the origin is a function of it: one {@link #firstOrdered} per distinct symbol, no position.
     */
    Origin ofHead(int t, long first, long value) {
        long w = CheckSymbols.extra(first);
        if (w >= trace.threadCount() || w == t) throw new IllegalStateException("thread " + t + " read a store of thread " + w + ", which the trace does not hold as another thread");
        long ws = CheckSymbols.writerSegment(value);
        long from;
        if (trace.threadCount() > 1 << 21) { // the key would not fit
            from = firstOrdered((int) w, ws, t);
        } else {
            long key = ((long) t * trace.threadCount() + w) << 20 | ws;
            from = headBounds.get(key) - 1;
            if (from < 0) headBounds.put(key, 1 + (from = firstOrdered((int) w, ws, t)));
        }
        return from <= CheckSymbols.readerSegment(value) ? Origin.CROSS_THREAD : Origin.RACY;
    }

    private HappensBefore hb() {
        if (hb == null) hb = HappensBefore.of(trace);
        return hb;
    }

    /** The origin of a load at (t, position) that read the store at (writer, writerPosition). */
    Origin of(int writer, long writerPosition, int t, long position) {
        if (writer == t) return Origin.SAME_THREAD;
        return ofSegment(writer, segment(writer, writerPosition), t, position);
    }
}
