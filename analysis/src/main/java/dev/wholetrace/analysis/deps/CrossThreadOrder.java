package dev.wholetrace.analysis.deps;

import dev.wholetrace.analysis.hb.HappensBefore;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.util.LongLongMap;
import dev.wholetrace.reader.TraceView;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Whether another thread's store is ordered before a load by the trace's sync order: the segments
 * of both ends (a position's segment is the number of its thread's sync operations before it) and
 * {@link HappensBefore} between them. A store that is not ordered before the load it was read by
 * is a racy dependence.
 *
 * <p>One per opened trace: the happens-before, the threads' sync positions and the bounds of the
 * heads are built the first time a recovery asks and kept, so the recoveries of one command and
 * the queries on one trace ({@link DepsAnalysis}, {@link EwppIndex}, {@link AddressTraceRecovery},
 * {@link EwppRecovery}) build them once (on mp3d, 4 K lock operations, the happens-before was about 40 %
 * of a warm counted recovery when each built its own). Confined to one thread: its lazy parts
 * and the heads' bounds are filled in by whichever recovery asks first, unsynchronised (a lock per
 * head would cost what sharing saves), so a recovery on another thread than the first is refused
 * ({@link #of}) rather than left to race; give each thread its own.
 */
public final class CrossThreadOrder {
    private final TraceView trace;
    /** The trace's threads, read once: a view may build its thread list on every call. */
    private final int threads;
    private final long[][] syncPositions;
    private HappensBefore hb;
    /** Writers with at most this many segments keep {@link #ofHead}'s bounds in an array per (reader, writer) instead of {@link #headBounds}. */
    static final int ARRAY_SEGMENTS = 1 << 16;
    /** The arrays' longs in all (32 MiB), so that many threads with many segments fall back to the map instead of threads² arrays. */
    static final long ARRAY_BUDGET = 1L << 22;
    private final long arrayBudget;
    /**
     * {@link #ofHead}'s bounds + 1 by (reader · threads + writer) &lt;&lt; 20 | writer segment, for writers
     * of more than {@link #ARRAY_SEGMENTS} segments: many heads share a writer segment (a CROSS_AT's is below 2^20).
     */
    private final LongLongMap headBounds = new LongLongMap();
    /**
     * The same per writer segment, one array per (reader, writer) pair that read a store of the
     * writer (1 + its index by reader · threads + writer in {@link #pairs}): a lock per particle move
     * (mp3d) makes nearly every head's writer segment another, so a probe per head was most of
     * what the heads cost once the happens-before was shared; an array index is not.
     */
    private final LongLongMap pairs = new LongLongMap();
    private long[][] pairBounds = new long[4][];
    private long arrayLongs;
    private long lastPair = -1;
    private long[] lastBounds;
    /** The thread of the first recovery on this order, the only one {@link #of} lets use it. */
    private final AtomicReference<Thread> owner = new AtomicReference<>();

    /** The order of {@code trace}; nothing is built until a recovery asks. */
    public CrossThreadOrder(TraceView trace) {
        this(trace, ARRAY_BUDGET);
    }

    /** The same with at most {@code arrayBudget} longs of bound arrays (0: every bound in the map, as for writers of many segments). */
    CrossThreadOrder(TraceView trace, long arrayBudget) {
        this.trace = trace;
        this.arrayBudget = arrayBudget;
        this.threads = trace.threadCount();
        this.syncPositions = new long[threads][];
    }

    TraceView trace() {
        return trace;
    }

    /**
     * This order, checked to be {@code trace}'s and used on the thread of its first recovery: every
     * recovery on it starts here. A recovery given another trace's order would misjudge every
     * cross-thread load; the same file opened twice is two traces (an order is kept per opened view).
     */
    CrossThreadOrder of(TraceView trace) {
        if (trace != this.trace) {
            throw new IllegalArgumentException(Objects.equals(trace.file(), this.trace.file())
                    ? "the cross-thread order is of another opening of " + trace.file().getFileName() + ": share one only among the recoveries of one opened trace"
                    : "the cross-thread order is of another trace than " + trace.file().getFileName());
        }
        Thread current = Thread.currentThread();
        Thread first = owner.compareAndExchange(null, current);
        if (first != null && first != current) {
            throw new IllegalStateException("the cross-thread order of " + trace.file().getFileName() + " is used by thread " + first.getName()
                    + " and is not safe to share: thread " + current.getName() + " needs its own");
        }
        return this;
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
        if (w >= threads || w == t) throw new IllegalStateException("thread " + t + " read a store of thread " + w + ", which the trace does not hold as another thread");
        long ws = CheckSymbols.writerSegment(value);
        long from;
        long[] bounds = ws < ARRAY_SEGMENTS ? boundsOf(t, (int) w) : null;
        if (bounds != null && ws < bounds.length) {
            from = bounds[(int) ws] - 1;
            if (from < 0) bounds[(int) ws] = 1 + (from = firstOrdered((int) w, ws, t));
        } else if (threads > 1 << 21) { // the key would not fit
            from = firstOrdered((int) w, ws, t);
        } else {
            long key = ((long) t * threads + w) << 20 | ws;
            from = headBounds.get(key) - 1;
            if (from < 0) headBounds.put(key, 1 + (from = firstOrdered((int) w, ws, t)));
        }
        return from <= CheckSymbols.readerSegment(value) ? Origin.CROSS_THREAD : Origin.RACY;
    }

    /** The bounds array of (reader t, writer w), null if w has more than {@link #ARRAY_SEGMENTS} segments or the budget is spent. */
    private long[] boundsOf(int t, int w) {
        long pair = (long) t * threads + w;
        if (pair == lastPair) return lastBounds;
        long segments = trace.segmentCount(w);
        long[] b = null;
        if (segments <= ARRAY_SEGMENTS) {
            long i = pairs.get(pair) - 1;
            if (i < 0 && arrayLongs + segments <= arrayBudget) {
                arrayLongs += segments;
                i = pairs.size();
                if (i == pairBounds.length) pairBounds = Arrays.copyOf(pairBounds, pairBounds.length * 2);
                pairBounds[(int) i] = new long[(int) segments];
                pairs.put(pair, i + 1);
            }
            if (i >= 0) b = pairBounds[(int) i];
        }
        lastPair = pair;
        lastBounds = b;
        return b;
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
