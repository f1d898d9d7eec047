package dev.wholetrace.analysis.hb;

/**
 * {@link HappensBefore#known} and {@link HappensBefore#firstKnowing} for every segment of every
 * thread, read off two dense int tables: an answer is one array load.
 *
 * <p>Why: the race sweep asks both questions for nearly every access progression it reads, in
 * address order, so its segments come in no order; each question on the histories is a binary
 * search and a walk of clock deltas that misses the cache (on Mp3d's 538 k segments they were a
 * third of the sweep). The tables hold threads × segments ints each, so {@link HappensBefore#table}
 * makes them only within a budget (a few threads, or few segments); beyond it the sweep asks the
 * histories as before.
 */
public final class SegmentTable {
    private final int threads;
    /** Per thread t: at s·threads + u, known(t, s, u). */
    private final int[][] known;
    /** Per thread t: at i·threads + u, firstKnowing(u, t, i). */
    private final int[][] firstKnowing;

    SegmentTable(int threads, int[][] known, int[][] firstKnowing) {
        this.threads = threads;
        this.known = known;
        this.firstKnowing = firstKnowing;
    }

    /** {@link HappensBefore#known}(u, j, t): the last segment of t that u knows in its segment j (-1: none). */
    public long known(int u, long j, int t) {
        return known[u][(int) j * threads + t];
    }

    /** {@link HappensBefore#firstKnowing}(u, t, i): the first segment of u that knows segment i of t. */
    public long firstKnowing(int u, int t, long i) {
        return firstKnowing[t][(int) i * threads + u];
    }

    /** Ints held by both tables. */
    public long entries() {
        long n = 0;
        for (int[] k : known) n += 2L * k.length;
        return n;
    }
}
