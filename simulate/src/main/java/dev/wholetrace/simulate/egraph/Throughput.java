package dev.wholetrace.simulate.egraph;

/**
 * The cycles of straight-line instructions on an out-of-order core (docs/egraph.md, "Cost of a
 * vertex"): the divider — divisions, remainders and square roots, {@link OpClass#DIV} — works beside
 * the other execution units, so independent divider work and the rest overlap: a vertex costs the
 * larger of its divider cycles and its other cycles, not their sum. What depends on a division's
 * result waits for it; that latency is the dependency chain's term ({@link Vertex#chain}), added on
 * top. The calibration fits its costs with this same rule; the simulator lets a vertex's divider work
 * overlap the following vertices' other work too, up to the next vertex with divider work
 * ({@code Simulator.enter}), which is this rule for a loop of one such vertex.
 */
public final class Throughput {
    private static final int DIV = OpClass.DIV.ordinal(), SQRT = OpClass.SQRT.ordinal();

    private Throughput() {}

    /** Cycles of {@code ops} (instructions per {@link OpClass} ordinal) at {@code perClass} cycles each (entries beyond {@code ops.length} ignored). */
    public static double cycles(long[] ops, double[] perClass) {
        return Math.max(dividerCycles(ops, perClass), otherCycles(ops, perClass));
    }

    /** The cycles of {@code ops} other than the divider's (the side that overlaps the divider's work). */
    public static double otherCycles(long[] ops, double[] perClass) {
        double rest = 0;
        for (int k = 0; k < ops.length; k++) if (!onDivider(k)) rest += ops[k] * perClass[k];
        return rest;
    }

    /** Whether instruction class {@code c} runs on the divider. */
    public static boolean onDivider(OpClass c) {
        return onDivider(c.ordinal());
    }

    private static boolean onDivider(int k) {
        return k == DIV || k == SQRT;
    }

    /** The divider cycles of {@code ops} alone (the overlapped part that {@link #cycles} may hide). */
    public static double dividerCycles(long[] ops, double[] perClass) {
        return ops[DIV] * perClass[DIV] + ops[SQRT] * perClass[SQRT];
    }

    /**
     * Whether {@code v} has divider work: the simulator charges a thread's divider backlog at such a
     * vertex, so a vertex joined to it from before would change what overlaps ({@link Optimizer} does
     * not join a vertex to a following one with divider work).
     */
    public static boolean usesDivider(Vertex v) {
        return v.ops[DIV] != 0 || v.ops[SQRT] != 0;
    }
}
