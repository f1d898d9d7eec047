package dev.wholetrace.simulate.calibrate;

import dev.wholetrace.simulate.egraph.OpClass;
import dev.wholetrace.simulate.egraph.Throughput;
import java.util.List;

/**
 * Fits nanoseconds per instruction class to measured loops by least squares: each loop is one
 * equation, its instructions per class (as the graph generator counts them) times the unknown costs
 * = its measured nanoseconds per iteration. The instruction classes are fitted in {@link Group}s
 * (seventeen classes would need more loops than a calibration can afford, and the register-only
 * classes cost the same to a JIT). Rows are weighted by 1 / measured time, so each loop counts by
 * its relative error; costs are kept ≥ 0 ({@link Nnls}). The divider's work overlaps the rest's as
 * the simulator prices it ({@link Throughput}): each loop is fitted on the side that binds it.
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
     * The fitted latencies: instruction classes whose place on a vertex's dependency chain
     * ({@code Vertex.chain}) costs extra, each on its own ({@code cycles.bc.chain.NAME}). Array and
     * field loads on a chain are not fitted: no calibration loop separates them (a pointer chase and
     * a second field loop would), so they cost their throughput only.
     */
    public static final OpClass[] CHAIN = {OpClass.INT, OpClass.FP, OpClass.DIV};

    /**
     * One measured loop.
     *
     * @param name what it is (for reports)
     * @param ops instructions per {@link OpClass} ordinal in one iteration
     * @param chain instructions per {@link OpClass} ordinal on one iteration's dependency chain
     * @param ns measured nanoseconds per iteration
     */
    public record Sample(String name, long[] ops, double[] chain, double ns) {
        /** A loop without a dependency chain (the linear model's sample). */
        public Sample(String name, long[] ops, double ns) {
            this(name, ops, new double[ops.length], ns);
        }
    }

    private CostFit() {}

    /**
     * Nanoseconds per instruction of each {@link OpClass}, fitted to {@code samples}: entries
     * 0 … classes−1 are the throughput cost per class (ordinal), entries classes … 2·classes−1 the
     * extra cost of a class on the dependency chain (0 for classes not in {@link #CHAIN}). With
     * {@code chains} false the chain costs are not fitted (0): the linear model of session 30.
     */
    public static double[] fit(List<Sample> samples, boolean chains) {
        for (Sample s : samples) if (!(s.ns() > 0)) throw new IllegalArgumentException(s.name() + ": a measured time must be > 0, not " + s.ns());
        // The divider overlaps the rest (Throughput): a loop's time is the larger side plus its chain,
        // so each loop is an equation over the side that binds it. Which side binds depends on the costs:
        // start from the summed model, then re-fit with the sides the last fit says bind, to a fixed point.
        Boolean[] dividerBound = new Boolean[samples.size()];
        double[] out = solve(samples, chains, dividerBound);
        for (int round = 0; round < 20; round++) {
            Boolean[] next = new Boolean[samples.size()];
            for (int r = 0; r < samples.size(); r++) {
                long[] ops = samples.get(r).ops();
                next[r] = Throughput.dividerCycles(ops, out) > Throughput.cycles(ops, out) - 1e-12 && ops[OpClass.DIV.ordinal()] > 0;
            }
            if (java.util.Arrays.equals(next, dividerBound)) break;
            dividerBound = next;
            out = solve(samples, chains, dividerBound);
        }
        return out;
    }

    /**
     * The least-squares costs with each loop's binding side fixed: {@code dividerBound[r]} true counts
     * only loop r's divider instructions, false only the others, null (the first round) all of them.
     */
    private static double[] solve(List<Sample> samples, boolean chains, Boolean[] dividerBound) {
        Group[] groups = Group.values();
        int k = OpClass.values().length, unknowns = groups.length + (chains ? CHAIN.length : 0);
        double[][] a = new double[samples.size()][unknowns];
        double[] b = new double[samples.size()];
        for (int r = 0; r < samples.size(); r++) {
            Sample s = samples.get(r);
            for (OpClass c : OpClass.values()) {
                if (dividerBound[r] != null && dividerBound[r] != (c == OpClass.DIV)) continue;
                a[r][Group.of(c).ordinal()] += s.ops()[c.ordinal()] / s.ns();
            }
            if (chains) for (int j = 0; j < CHAIN.length; j++) a[r][groups.length + j] = s.chain()[CHAIN[j].ordinal()] / s.ns();
            b[r] = 1; // (ops · x) / ns = 1: relative error
        }
        double[] x = Nnls.solve(a, b);
        double[] out = new double[2 * k];
        for (OpClass c : OpClass.values()) out[c.ordinal()] = x[Group.of(c).ordinal()];
        if (chains) for (int j = 0; j < CHAIN.length; j++) out[k + CHAIN[j].ordinal()] = x[groups.length + j];
        return out;
    }

    /** {@link #fit(List, boolean)} with chain costs. */
    public static double[] fit(List<Sample> samples) {
        return fit(samples, true);
    }

    /** Nanoseconds per iteration that the throughput costs {@code perClass} predict for {@code ops}. */
    public static double predict(long[] ops, double[] perClass) {
        return Throughput.cycles(ops, perClass);
    }

    /** Nanoseconds per iteration that a {@link #fit} predicts for a loop with {@code ops} and {@code chain}. */
    public static double predict(long[] ops, double[] chain, double[] fitted) {
        double t = predict(ops, fitted);
        for (int c = 0; c < ops.length; c++) t += chain[c] * fitted[ops.length + c];
        return t;
    }
}
