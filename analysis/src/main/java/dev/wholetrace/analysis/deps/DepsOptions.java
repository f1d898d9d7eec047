package dev.wholetrace.analysis.deps;

/**
 * What {@code wholetrace deps} asks for.
 *
 * @param store      only dependences from this store instruction (-1: every one)
 * @param load       only dependences into this load instruction (-1: every one)
 * @param instances  keep the first N dynamic instances with their timestamps (0: none)
 * @param chainLoad  recover the dependence chains that start at this load instruction (-1: none)
 * @param chainLength how many dependences a chain follows, 1..
 * @param expand     recover by expanding the whole eWPP even for one load (the one-pass
 *                   {@link EwppRecovery}) instead of the per-query walk on the grammar ({@link EwppQuery})
 * @param top        keep only the edges with the most dependences, this many, the most first (0: every
 *                   edge, in the loads' program order); the totals stay those of every edge
 * @param pairWalk   count every edge of an eWPP by the walk pairing each load of the control WPP with
 *                   its signature group (how traces before format 9 are counted) even where the heads
 *                   name their load and the check grammar's counts would do: to compare the two. Only
 *                   read on the counts-only path (a whole eWPP, no --from/--to, --chain, --instances or
 *                   --expand: DepsAnalysis's EwppCounts); every other path ignores it
 */
public record DepsOptions(int store, int load, int instances, int chainLoad, int chainLength, boolean expand, int top, boolean pairWalk) {
    public static final DepsOptions ALL = new DepsOptions(-1, -1, 0, -1, 0);

    public DepsOptions(int store, int load, int instances, int chainLoad, int chainLength) {
        this(store, load, instances, chainLoad, chainLength, false);
    }

    /** Every edge (no {@code top}). */
    public DepsOptions(int store, int load, int instances, int chainLoad, int chainLength, boolean expand) {
        this(store, load, instances, chainLoad, chainLength, expand, 0);
    }

    public DepsOptions(int store, int load, int instances, int chainLoad, int chainLength, boolean expand, int top) {
        this(store, load, instances, chainLoad, chainLength, expand, top, false);
    }

    public DepsOptions {
        if (instances < 0) throw new IllegalArgumentException("instances must be >= 0");
        if (top < 0) throw new IllegalArgumentException("--top must be 1 or more, not " + top);
        if (chainLoad >= 0 && chainLength < 1) throw new IllegalArgumentException("--length must be at least 1, not " + chainLength);
    }
}
