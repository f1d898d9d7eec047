package dev.wholetrace.simulate.egraph;

/**
 * The cycles of straight-line instructions on an out-of-order core (docs/egraph.md, "Cost of a
 * vertex"): the divider — divisions, remainders and square roots, {@link OpClass#DIV} — works beside
 * the other execution units, so independent divider work and the rest overlap: a vertex costs the
 * larger of its divider cycles and its other cycles, not their sum. What depends on a division's
 * result waits for it; that latency is the dependency chain's term ({@link Vertex#chain}), added on
 * top. The calibration fits its costs with this same rule.
 */
public final class Throughput {
    private static final int DIV = OpClass.DIV.ordinal(), SQRT = OpClass.SQRT.ordinal();

    private Throughput() {}

    /** Cycles of {@code ops} (instructions per {@link OpClass} ordinal) at {@code perClass} cycles each (entries beyond {@code ops.length} ignored). */
    public static double cycles(long[] ops, double[] perClass) {
        double divider = 0, rest = 0;
        for (int k = 0; k < ops.length; k++) {
            if (k == DIV || k == SQRT) divider += ops[k] * perClass[k];
            else rest += ops[k] * perClass[k];
        }
        return Math.max(divider, rest);
    }

    /** Whether instruction class {@code c} runs on the divider. */
    public static boolean onDivider(OpClass c) {
        return c == OpClass.DIV || c == OpClass.SQRT;
    }

    /** The divider cycles of {@code ops} alone (the overlapped part that {@link #cycles} may hide). */
    public static double dividerCycles(long[] ops, double[] perClass) {
        return ops[DIV] * perClass[DIV] + ops[SQRT] * perClass[SQRT];
    }

    /**
     * Whether {@code v} has divider work: joined with another vertex, that work would overlap the
     * other's instructions too and cost less than the two apart ({@link Optimizer} does not join it).
     */
    public static boolean usesDivider(Vertex v) {
        return v.ops[DIV] != 0 || v.ops[SQRT] != 0;
    }
}
