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
 */
public record DepsOptions(int store, int load, int instances, int chainLoad, int chainLength, boolean expand, int top) {
    public static final DepsOptions ALL = new DepsOptions(-1, -1, 0, -1, 0);

    public DepsOptions(int store, int load, int instances, int chainLoad, int chainLength) {
        this(store, load, instances, chainLoad, chainLength, false);
    }

    /** Every edge (no {@code top}). */
    public DepsOptions(int store, int load, int instances, int chainLoad, int chainLength, boolean expand) {
        this(store, load, instances, chainLoad, chainLength, expand, 0);
    }

    public DepsOptions {
        if (instances < 0) throw new IllegalArgumentException("instances must be >= 0");
        if (top < 0) throw new IllegalArgumentException("--top must be 1 or more, not " + top);
        if (chainLoad >= 0 && chainLength < 1) throw new IllegalArgumentException("--length must be at least 1, not " + chainLength);
    }
}
