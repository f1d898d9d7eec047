package dev.wholetrace.simulate.calibrate;

import dev.wholetrace.simulate.egraph.OpClass;
import dev.wholetrace.simulate.egraph.Throughput;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Fits nanoseconds per instruction class to measured loops by least squares: each loop is one
 * equation, its instructions per class (as the graph generator counts them) times the unknown costs
 * = its measured nanoseconds per iteration. The instruction classes are fitted in {@link Group}s
 * (nineteen classes would need more loops than a calibration can afford, and the register-only
 * classes cost the same to a JIT). Rows are weighted by 1 / measured time, so each loop counts by
 * its relative error; costs are kept ≥ 0 ({@link Nnls}). The divider's work overlaps the rest's as
 * the simulator prices it ({@link Throughput}): each loop is fitted on the side that binds it.
 */
public final class CostFit {
    /** The fitted unknowns: groups of instruction classes that share one cost. */
    public enum Group {
        /** Register work the JIT mostly hides: constants, locals, stack shuffles, branches, returns, checks, the rest. */
        SIMPLE(OpClass.CONST, OpClass.LOCAL, OpClass.STACK, OpClass.BRANCH, OpClass.RETURN, OpClass.CHECK, OpClass.OTHER,
                /* an uncontended monitor's whole cost is cost.jvm.monitor-enter, measured beyond its loop's body */ OpClass.MONITOR),
        INT(OpClass.INT),
        FP(OpClass.FP),
        DIV(OpClass.DIV),
        SQRT(OpClass.SQRT),
        ARRAY_LOAD(OpClass.ARRAY_LOAD),
        ARRAY_STORE(OpClass.ARRAY_STORE),
        FIELD(OpClass.FIELD_LOAD, OpClass.FIELD_STORE),
        /** Other calls into the JDK (a program method's call is a CALL vertex, its body counted on its own). */
        INVOKE(OpClass.INVOKE,
                /* fitted with the invoke; calibrate then measures cycles.bc.jdk on its own loop of JDK calls */ OpClass.JDK),
        /** The math library's routines (sine, exponential, ...). */
        LIBM(OpClass.LIBM),
        /** Allocation. */
        NEW(OpClass.NEW);

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
    public static final OpClass[] CHAIN = {OpClass.INT, OpClass.FP, OpClass.DIV, OpClass.SQRT};

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
        // The divider overlaps the rest (Throughput): a loop's time is its larger side plus its chain, so
        // each loop is an equation over the side that binds it, and which side binds depends on the costs.
        // The loops with divider work are few: every choice of their binding sides is fitted, and the fit
        // whose costs predict the loops best under the max rule itself is kept.
        List<Integer> both = new ArrayList<>();
        for (int r = 0; r < samples.size(); r++) {
            long[] ops = samples.get(r).ops();
            boolean divider = false, rest = false;
            for (OpClass c : OpClass.values()) {
                if (ops[c.ordinal()] == 0) continue;
                if (Throughput.onDivider(c)) divider = true;
                else rest = true;
            }
            if (divider && rest) both.add(r);
        }
        if (both.size() > EXHAUSTIVE) return fixedPoint(samples, chains);
        double[] best = null;
        double bestError = Double.POSITIVE_INFINITY;
        for (int choice = 0; choice < 1 << both.size(); choice++) {
            Boolean[] dividerBound = new Boolean[samples.size()];
            for (int j = 0; j < both.size(); j++) dividerBound[both.get(j)] = (choice >> j & 1) == 1;
            double[] x = solve(samples, chains, dividerBound);
            double error = error(samples, x);
            if (error < bestError - 1e-15) {
                bestError = error;
                best = x;
            }
        }
        return best;
    }

    /** Loops with both divider and other work up to which every choice of binding sides is tried (2^12 fits). */
    private static final int EXHAUSTIVE = 12;

    /** The sum of squared relative errors of {@code fitted} over {@code samples}, under the max rule. */
    private static double error(List<Sample> samples, double[] fitted) {
        double error = 0;
        for (Sample s : samples) {
            double e = predict(s.ops(), s.chain(), fitted) / s.ns() - 1;
            error += e * e;
        }
        return error;
    }

    /**
     * More loops with divider work than can be tried one choice at a time: start from the summed fit
     * and re-fit with the sides the last fit says bind, until they stop changing (or 50 rounds), keeping
     * the best fit seen.
     */
    private static double[] fixedPoint(List<Sample> samples, boolean chains) {
        Boolean[] dividerBound = new Boolean[samples.size()];
        double[] x = solve(samples, chains, dividerBound), best = x;
        double bestError = error(samples, x);
        for (int round = 0; round < 50; round++) {
            Boolean[] next = new Boolean[samples.size()];
            for (int r = 0; r < samples.size(); r++) {
                long[] ops = samples.get(r).ops();
                double d = Throughput.dividerCycles(ops, x);
                next[r] = d > 0 && d >= Throughput.cycles(ops, x);
            }
            if (Arrays.equals(next, dividerBound)) break;
            dividerBound = next;
            x = solve(samples, chains, dividerBound);
            double e = error(samples, x);
            if (e < bestError) {
                bestError = e;
                best = x;
            }
        }
        return best;
    }

    /**
     * The least-squares costs with each loop's binding side fixed: {@code dividerBound[r]} true counts
     * only loop r's divider instructions, false only the others, null (a loop with one side) all of them.
     */
    private static double[] solve(List<Sample> samples, boolean chains, Boolean[] dividerBound) {
        Group[] groups = Group.values();
        int k = OpClass.values().length, unknowns = groups.length + (chains ? CHAIN.length : 0);
        double[][] a = new double[samples.size()][unknowns];
        double[] b = new double[samples.size()];
        for (int r = 0; r < samples.size(); r++) {
            Sample s = samples.get(r);
            for (OpClass c : OpClass.values()) {
                if (dividerBound[r] != null && dividerBound[r] != Throughput.onDivider(c)) continue;
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
