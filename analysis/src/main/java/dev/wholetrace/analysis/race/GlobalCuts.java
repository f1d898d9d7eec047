package dev.wholetrace.analysis.race;

import dev.wholetrace.analysis.hb.HappensBefore;
import dev.wholetrace.analysis.hb.SegmentTable;
import dev.wholetrace.reader.SyncOrder;

/**
 * Where to split a trace's accesses into parts that the detector checks one after the other,
 * dropping each part's accesses once checked, so that it holds one part at a time (a phase between
 * two barriers, say), not the whole trace.
 *
 * <p>A part ends at a <em>cut</em>: per thread t, a segment {@link #at}(t) below which its
 * accesses have been read. Any cut is correct, since the accesses a later part may still race with
 * are <em>carried</em> into it: those of thread u in segments above {@link #carriedAbove}(u), which
 * some thread's next accesses do not know ({@link HappensBefore#known}); a pair of carried accesses
 * was compared in an earlier part and is not compared again. A good cut carries little: it is
 * looked for once a part holds {@link #partAccesses} accesses, after an operation of S_synch (each
 * thread at the segment it is in), and taken when it carries at most an eighth of what it checks:
 * after a barrier episode, what every thread did before it is known to all. A thread whose next
 * accesses know nothing of the others' (a main thread blocked in {@code join} behind a load of the
 * thread array) would make everything before the cut carried: its next segment with accesses is
 * read into the part now, and carried itself instead.
 *
 * <p>Weighing a cut needs each segment's accesses ({@link SegmentAccesses#accessSums}), and its
 * check is threads² questions, so while it fails it is asked again only after {@link #MIN_WAIT}
 * operations, or an eighth of those since the last cut (a part overshoots a good cut by at most
 * that), and only up to {@link #MAX_THREADS} threads.
 */
final class GlobalCuts {
    /** Threads from which cuts are not looked for: one part, as before. */
    static final int MAX_THREADS = 64;
    static final int MIN_WAIT = 64;

    private final SyncOrder.Cursor order;
    private final HappensBefore hb;
    private final SegmentTable table;
    /** Per thread, its accesses below each segment ({@link SegmentAccesses#accessSums}). */
    private final long[][] sums;
    private final int threads;
    private final long partAccesses;
    /** Per thread: the segment it is in at the current operation of S_synch. */
    private final long[] now;
    /** Per thread: segments below it are read (the last cut taken, or one being weighed). */
    private final long[] read;
    private final long[] readBefore;
    /** Per thread: the first segment at or after {@link #read} with accesses (-1: none), and its segments above this one are carried. */
    private final long[] firstAfter;
    private final long[] carriedAbove;
    private long sinceWeighed, sinceCut;

    private GlobalCuts(SyncOrder order, HappensBefore hb, SegmentTable table, long[][] sums, long partAccesses) {
        this.order = order.cursor();
        this.hb = hb;
        this.table = table;
        this.sums = sums;
        this.threads = sums.length;
        this.partAccesses = partAccesses;
        now = new long[threads];
        read = new long[threads];
        readBefore = new long[threads];
        firstAfter = new long[threads];
        carriedAbove = new long[threads];
    }

    /** The cuts of an execution, given per thread its {@link SegmentAccesses#accessSums}; null beyond {@link #MAX_THREADS} threads. */
    static GlobalCuts of(SyncOrder order, HappensBefore hb, SegmentTable table, long[][] sums, long partAccesses) {
        if (sums.length > MAX_THREADS) return null;
        return new GlobalCuts(order, hb, table, sums, partAccesses);
    }

    /** Moves to the next cut worth taking; false when S_synch ends first (the rest is the last part). */
    boolean next() {
        while (order.hasNext()) {
            int t = order.next().thread();
            if (t >= threads) continue; // a thread without grammars: no accesses
            now[t]++;
            sinceCut++;
            if (++sinceWeighed < Math.max(MIN_WAIT, sinceCut / 8) || pending() < partAccesses) continue;
            sinceWeighed = 0;
            if (weigh()) {
                sinceCut = 0;
                return true;
            }
        }
        return false;
    }

    /** Accesses in the segments not yet read of each thread, up to the one it is in. */
    private long pending() {
        long n = 0;
        for (int t = 0; t < threads; t++) if (now[t] > read[t]) n += sums[t][(int) now[t]] - sums[t][(int) read[t]];
        return n;
    }

    /** The segment of thread t below which its accesses are read at the current cut. */
    long at(int t) {
        return read[t];
    }

    /** Thread u's read segments above this one are carried into the next part (those at or below it are known to every later access). */
    long carriedAbove(int u) {
        return carriedAbove[u];
    }

    /** Whether cutting at the current operation carries at most an eighth of what it checks; if so, it becomes the current cut. */
    private boolean weigh() {
        System.arraycopy(read, 0, readBefore, 0, threads);
        for (int t = 0; t < threads; t++) {
            read[t] = Math.max(read[t], now[t]);
            firstAfter[t] = withAccesses(t, read[t]);
        }
        // a thread whose next accesses know nothing of what the others did since the last cut reads
        // them now (they are carried instead of everything the others did)
        for (int t = 0; t < threads; t++) {
            long f = firstAfter[t];
            if (f < 0) continue;
            for (int u = 0; u < threads; u++) {
                if (u == t || read[u] == 0) continue;
                long k = known(t, f, u);
                if (k >= read[u] - 1) continue;
                if (k < readBefore[u]) { // behind even the last cut: blocked since before it
                    read[t] = f + 1;
                    firstAfter[t] = withAccesses(t, read[t]);
                }
                break;
            }
        }
        long checked = 0, carried = 0;
        for (int u = 0; u < threads; u++) {
            long k = Long.MAX_VALUE;
            for (int t = 0; t < threads; t++) if (t != u && firstAfter[t] >= 0) k = Math.min(k, known(t, firstAfter[t], u));
            carriedAbove[u] = k == Long.MAX_VALUE ? read[u] : k; // nothing after the cut: nothing carried
            long from = Math.min(Math.max(carriedAbove[u] + 1, 0), read[u]);
            carried += sums[u][(int) read[u]] - sums[u][(int) from];
            checked += sums[u][(int) read[u]] - sums[u][(int) readBefore[u]];
        }
        if (8 * carried <= checked) return true;
        System.arraycopy(readBefore, 0, read, 0, threads);
        return false;
    }

    /** The first segment of thread t from {@code s} on that holds accesses, or -1. */
    private long withAccesses(int t, long s) {
        long[] sum = sums[t];
        for (int k = (int) s; k < sum.length - 1; k++) if (sum[k + 1] > sum[k]) return k;
        return -1;
    }

    private long known(int t, long s, int u) {
        return table != null ? table.known(t, s, u) : hb.known(t, s, u);
    }
}
