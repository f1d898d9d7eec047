package dev.wholetrace.analysis.race;

import dev.wholetrace.analysis.hb.HappensBefore;
import dev.wholetrace.analysis.hb.SegmentTable;
import java.util.Arrays;

/**
 * The segments of the accesses open at one address, while none of them races: the writes form one
 * chain sorted by happens-before, and each read lies in a gap of that chain (after one write, before
 * the next); reads need not be ordered with each other. A new access is placed by a binary search
 * over the writes and checked against its two neighbours there (happens-before is transitive, so
 * it is then ordered with every other write, and with every read outside its gap); a write is also
 * checked against the reads of its gap, which it splits in two.
 *
 * <p>Why: an address that every thread touches under one lock (a list appended to in {@code
 * synchronized} by 20,000 virtual-thread tasks), or a static field that every task reads after the
 * class initializer wrote it, never races, but the sweep met each of its accesses with every thread
 * open there before it, one question each: quadratic in the threads. With the chain the sweep asks
 * O(log n) questions per access (and one per read of a write's gap) and meets no thread; the first
 * access concurrent with a conflicting one breaks it ({@link #add} says no), and the sweep goes back
 * to meeting the threads one by one for the rest of the address.
 */
final class OrderedChain {
    /** Reads of one gap a write checks before the chain gives up (the sweep then meets the threads, as before). */
    static final int GAP_CHECKS = 256;
    private static final int START = 0; // the gap before the first write: list head 0; writes have ids from 1

    private final HappensBefore hb;
    private final SegmentTable table;
    // the writes, sorted by happens-before: thread, segment, and an id naming the gap after it
    private int[] wThread = new int[16];
    private long[] wSegment = new long[16];
    private int[] wId = new int[16];
    private int writes;
    private int ids;
    /** Per gap id, its first read (-1: none); reads form lists through rNext. */
    private int[] head = new int[16];
    private int[] rThread = new int[16];
    private long[] rSegment = new long[16];
    private int[] rNext = new int[16];
    private int reads;
    /** Happens-before questions asked: the chain's work, for {@link RaceDetector.Stats#visited}. */
    long questions;

    /** Asks {@code table} when there is one (an array load), else the histories of {@code hb}. */
    OrderedChain(HappensBefore hb, SegmentTable table) {
        this.hb = hb;
        this.table = table;
        clear();
    }

    void clear() {
        writes = 0;
        reads = 0;
        ids = 1;
        head[START] = -1;
    }

    /** Accesses held (writes, and reads not found equal to the last of their gap). */
    int size() {
        return writes + reads;
    }

    /**
     * Adds an access of segment {@code s} of thread {@code t}, a write if {@code write}, if it is
     * ordered with every write of the chain and, if a write, with every read; false, and the chain
     * unchanged, if not (or if a write's gap holds more than {@link #GAP_CHECKS} reads).
     */
    boolean add(int t, long s, boolean write) {
        int at = place(t, s); // the first write that (t, s) does not follow, if it is ordered with all
        if (at < 0) return false;
        if (at > 0 && wThread[at - 1] == t && wSegment[at - 1] == s) return true; // the same segment as a write: nothing new
        int gap = at == 0 ? START : wId[at - 1];
        if (!write) {
            int first = head[gap];
            if (first >= 0 && rThread[first] == t && rSegment[first] == s) return true;
            addRead(gap, t, s);
            return true;
        }
        // the reads of the gap: each before or after the write, else a race
        int checked = 0;
        for (int r = head[gap]; r >= 0; r = rNext[r]) {
            if (++checked > GAP_CHECKS || !before(rThread[r], rSegment[r], t, s) && !before(t, s, rThread[r], rSegment[r])) return false;
        }
        int id = insertWrite(at, t, s);
        // split: the reads after the write move to its gap (their order within a gap does not matter)
        int kept = -1, moved = -1;
        for (int r = head[gap]; r >= 0; ) {
            int next = rNext[r];
            if (before(rThread[r], rSegment[r], t, s)) {
                rNext[r] = kept;
                kept = r;
            } else {
                rNext[r] = moved;
                moved = r;
            }
            r = next;
        }
        head[gap] = kept;
        head[id] = moved;
        return true;
    }

    /**
     * Where (t, s) goes among the writes: the first write it does not follow, after checking that it
     * follows the one before and precedes that one; -1 if it is concurrent with either.
     */
    private int place(int t, long s) {
        if (writes == 0) return 0;
        if (before(wThread[writes - 1], wSegment[writes - 1], t, s)) return writes; // the common case: the lock's next holder
        // if (t, s) is ordered with all writes, "write m happens before (t, s)" holds for a prefix:
        // its end is the place; if not, the two checks below fail whatever the search found
        int lo = 0, hi = writes - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (before(wThread[mid], wSegment[mid], t, s)) lo = mid + 1;
            else hi = mid;
        }
        if (lo > 0 && !before(wThread[lo - 1], wSegment[lo - 1], t, s)) return -1;
        if (!before(t, s, wThread[lo], wSegment[lo])) return -1;
        return lo;
    }

    /** Whether segment i of thread t happens before segment j of thread u (or is the same or an earlier segment of the same thread). */
    private boolean before(int t, long i, int u, long j) {
        if (t == u) return i <= j;
        questions++;
        return (table != null ? table.known(u, j, t) : hb.known(u, j, t)) >= i;
    }

    private int insertWrite(int at, int t, long s) {
        if (writes == wThread.length) {
            int n = 2 * writes;
            wThread = Arrays.copyOf(wThread, n);
            wSegment = Arrays.copyOf(wSegment, n);
            wId = Arrays.copyOf(wId, n);
        }
        System.arraycopy(wThread, at, wThread, at + 1, writes - at);
        System.arraycopy(wSegment, at, wSegment, at + 1, writes - at);
        System.arraycopy(wId, at, wId, at + 1, writes - at);
        int id = ids++;
        if (id == head.length) head = Arrays.copyOf(head, 2 * id);
        wThread[at] = t;
        wSegment[at] = s;
        wId[at] = id;
        writes++;
        return id;
    }

    private void addRead(int gap, int t, long s) {
        if (reads == rThread.length) {
            int n = 2 * reads;
            rThread = Arrays.copyOf(rThread, n);
            rSegment = Arrays.copyOf(rSegment, n);
            rNext = Arrays.copyOf(rNext, n);
        }
        rThread[reads] = t;
        rSegment[reads] = s;
        rNext[reads] = head[gap];
        head[gap] = reads++;
    }
}
