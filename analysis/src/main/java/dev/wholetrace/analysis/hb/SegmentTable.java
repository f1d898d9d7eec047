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
 * histories as before. The two answers about one segment of one thread are stored side by side
 * (the sweep asks both for the same segment), so that the second is in the cache line of the first.
 */
public final class SegmentTable {
    private final int threads;
    /** Per thread t: at 2·(s·threads + u), known(t, s, u); at 2·(s·threads + u) + 1, firstKnowing(u, t, s). */
    private final int[][] both;

    /** From the two tables, known[t][s·threads + u] and firstKnowing[t][s·threads + u], each dropped once interleaved. */
    SegmentTable(int threads, int[][] known, int[][] firstKnowing) {
        this.threads = threads;
        both = new int[known.length][];
        for (int t = 0; t < known.length; t++) {
            int[] k = known[t], f = firstKnowing[t], b = new int[2 * k.length];
            for (int i = 0; i < k.length; i++) {
                b[2 * i] = k[i];
                b[2 * i + 1] = f[i];
            }
            both[t] = b;
            known[t] = null;
            firstKnowing[t] = null;
        }
    }

    /** {@link HappensBefore#known}(u, j, t): the last segment of t that u knows in its segment j (-1: none). */
    public long known(int u, long j, int t) {
        return both[u][2 * ((int) j * threads + t)];
    }

    /** {@link HappensBefore#firstKnowing}(u, t, i): the first segment of u that knows segment i of t. */
    public long firstKnowing(int u, int t, long i) {
        return both[t][2 * ((int) i * threads + u) + 1];
    }

    /** Ints held by both tables. */
    public long entries() {
        long n = 0;
        for (int[] b : both) n += b.length;
        return n;
    }
}
