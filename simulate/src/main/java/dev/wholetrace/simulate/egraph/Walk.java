package dev.wholetrace.simulate.egraph;

import java.util.List;
import java.util.Map;

/**
 * Array accesses of a vertex that walk an array inside a loop (docs/egraph.md, "Array walks"): each
 * of the {@code count} accesses moves {@code bytes} per iteration of its innermost loop, and the
 * walk's footprint is {@code bytes} × the trip counts of the loops in {@code loops} (the enclosing
 * loops of the method, innermost first, named by their control vertex's {@link Vertex#end} bytecode
 * index, which the optimizations keep). {@code far}: each access touches a new cache line (a stride
 * of a cache line or more, or a step that is not a constant, such as a matrix column walk).
 *
 * <p>The simulator prices each access by the smallest cache of the machine that holds the
 * footprint ({@code cycles.bc.walk.near|far.LEVEL}). A replayed segment's walks have no loops:
 * their {@code bytes} is the footprint, resolved from the recording's trip counts.
 *
 * @param count accesses of the vertex with this walk
 * @param bytes bytes the access adds to the walk's data per iteration: its stride; when far a line,
 *     {@link #LINE}, or less when the next column starts within that line (the columns share lines)
 * @param far whether each access touches a new cache line
 * @param loops the enclosing loops' control vertices ({@link Vertex#end}), innermost first
 */
public record Walk(int count, int bytes, boolean far, List<Integer> loops) {
    /** Bytes of a cache line: what a far access moves (64 on every x86 and most ARM cores). */
    public static final int LINE = 64;

    public Walk {
        if (count < 1 || bytes < 1) throw new IllegalArgumentException("a walk has a count and bytes ≥ 1, not " + count + " and " + bytes);
        loops = List.copyOf(loops);
    }

    /** The machine-model key of one such access whose footprint fits cache {@code level} ({@code out}: none). */
    public static String machineKey(boolean far, String level) {
        return "bc.walk." + (far ? "far" : "near") + "." + level;
    }

    /**
     * Bytes the walk covers: {@code bytes} × the trip count of each of its loops in {@code loopTrips}
     * ({@link MethodGraph#loopTrips}; a loop the graph no longer has, or one run less than once, counts once).
     */
    public double footprint(Map<Integer, Double> loopTrips) {
        double f = bytes;
        for (int loop : loops) f *= Math.max(1, loopTrips.getOrDefault(loop, 1.0));
        return f;
    }

    /**
     * The data set the walk's cache level is decided by: its {@link #footprint} times the {@code
     * sharers} threads that run the same loop nest ({@link Vertex#sharers}). Threads running one nest
     * split one data set (bands of a shared array): on one processor all of them pass through its
     * caches, and on several a band another thread wrote comes from that thread's cache or beyond,
     * not from one's own, so a thread's share of the data is not what its cache gets to keep
     * (docs/egraph.md, "Threads share a walk's data").
     */
    public double dataSet(Map<Integer, Double> loopTrips, int sharers) {
        return footprint(loopTrips) * Math.max(1, sharers);
    }

    /** The same walk {@code more} times more often. */
    public Walk times(int more) {
        return new Walk(count * more, bytes, far, loops);
    }

    /** Each walk of {@code counts} (keys of count 1) times its count, in the map's order; clears the map. */
    public static Walk[] counted(Map<Walk, Integer> counts) {
        Walk[] out = new Walk[counts.size()];
        int i = 0;
        for (Map.Entry<Walk, Integer> e : counts.entrySet()) out[i++] = e.getKey().times(e.getValue());
        counts.clear();
        return out;
    }
}
