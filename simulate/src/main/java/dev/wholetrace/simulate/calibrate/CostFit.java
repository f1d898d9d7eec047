package dev.wholetrace.simulate.calibrate;

import dev.wholetrace.simulate.egraph.OpClass;
import java.util.List;

/**
 * Fits nanoseconds per instruction class to measured loops by least squares: each loop is one
 * equation, its instructions per class (as the graph generator counts them) times the unknown costs
 * = its measured nanoseconds per iteration. The instruction classes are fitted in {@link Group}s
 * (seventeen classes would need more loops than a calibration can afford, and the register-only
 * classes cost the same to a JIT). Rows are weighted by 1 / measured time, so each loop counts by
 * its relative error; costs are kept ≥ 0 ({@link Nnls}).
 */
public final class CostFit {
    /** The fitted unknowns: groups of instruction classes that share one cost. */
    public enum Group {
        /** Register work the JIT mostly hides: constants, locals, stack shuffles, branches, returns, checks, the rest. */
        SIMPLE(OpClass.CONST, OpClass.LOCAL, OpClass.STACK, OpClass.BRANCH, OpClass.RETURN, OpClass.CHECK, OpClass.OTHER),
        INT(OpClass.INT),
        FP(OpClass.FP),
        DIV(OpClass.DIV),
        ARRAY_LOAD(OpClass.ARRAY_LOAD),
        ARRAY_STORE(OpClass.ARRAY_STORE),
        FIELD(OpClass.FIELD_LOAD, OpClass.FIELD_STORE),
        /** Calls (into the JDK: a program method's call is a CALL vertex, its body counted on its own), allocation, monitors. */
        INVOKE(OpClass.INVOKE, OpClass.NEW, OpClass.MONITOR);

        final OpClass[] classes;

        Group(OpClass... classes) {
            this.classes = classes;
        }

        /** The group class {@code c} is fitted in. */
        public static Group of(OpClass c) {
            for (Group g : values()) for (OpClass x : g.classes) if (x == c) return g;
            throw new IllegalStateException("no group for " + c);
        }
    }

    /**
     * One measured loop.
     *
     * @param name what it is (for reports)
     * @param ops instructions per {@link OpClass} ordinal in one iteration
     * @param ns measured nanoseconds per iteration
     */
    public record Sample(String name, long[] ops, double ns) {}

    private CostFit() {}

    /** Nanoseconds per instruction of each {@link OpClass} (ordinal), fitted to {@code samples}. */
    public static double[] fit(List<Sample> samples) {
        Group[] groups = Group.values();
        double[][] a = new double[samples.size()][groups.length];
        double[] b = new double[samples.size()];
        for (int r = 0; r < samples.size(); r++) {
            Sample s = samples.get(r);
            if (!(s.ns() > 0)) throw new IllegalArgumentException(s.name() + ": a measured time must be > 0, not " + s.ns());
            for (OpClass c : OpClass.values()) a[r][Group.of(c).ordinal()] += s.ops()[c.ordinal()] / s.ns();
            b[r] = 1; // (ops · x) / ns = 1: relative error
        }
        double[] perGroup = Nnls.solve(a, b);
        double[] out = new double[OpClass.values().length];
        for (OpClass c : OpClass.values()) out[c.ordinal()] = perGroup[Group.of(c).ordinal()];
        return out;
    }

    /** Nanoseconds per iteration that {@code perClass} predicts for {@code ops}. */
    public static double predict(long[] ops, double[] perClass) {
        double t = 0;
        for (int c = 0; c < ops.length; c++) t += ops[c] * perClass[c];
        return t;
    }
}
