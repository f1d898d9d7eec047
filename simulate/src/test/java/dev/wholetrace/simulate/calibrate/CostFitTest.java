package dev.wholetrace.simulate.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wholetrace.simulate.egraph.OpClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The least-squares calibration recovers known costs from synthetic measurements. */
class CostFitTest {
    /** ns per instruction of each group, made up: what the fit must find again. */
    private static final double[] KNOWN = {0.05, 0.3, 0.9, 7.5, 6.0, 0.6, 1.1, 0.4, 2.0, 15.0, 12.0};

    private static double[] perClass(double[] perGroup) {
        double[] out = new double[OpClass.values().length];
        for (OpClass c : OpClass.values()) out[c.ordinal()] = perGroup[CostFit.Group.of(c).ordinal()];
        return out;
    }

    @Test
    void theCalibrationLoopsDetermineEveryGroup() throws Exception {
        // the real loops' instruction counts, timed by a machine with the known costs: exact recovery
        Map<String, long[]> ops = Calibration.instructionsPerIteration();
        double[] truth = perClass(KNOWN);
        List<CostFit.Sample> samples = new ArrayList<>();
        for (String loop : MicroBenchmarks.FITTED) samples.add(new CostFit.Sample(loop, ops.get(loop), CostFit.predict(ops.get(loop), truth)));
        double[] fit = CostFit.fit(samples, false);
        for (OpClass c : OpClass.values()) assertEquals(truth[c.ordinal()], fit[c.ordinal()], 1e-6 * Math.max(truth[c.ordinal()], 1), c.label());
    }

    /** ns of each {@link CostFit#CHAIN} class on a dependency chain, made up. */
    private static final double[] KNOWN_CHAIN = {0.25, 1.2, 9.0, 11.0};

    @Test
    void theCalibrationLoopsDetermineEveryChainCost() throws Exception {
        // the real loops' instruction counts and chains, timed by a machine with known throughput and latency costs
        Map<String, long[]> ops = Calibration.instructionsPerIteration();
        Map<String, double[]> chains = Calibration.chainPerIteration();
        int k = OpClass.values().length;
        double[] truth = new double[2 * k];
        System.arraycopy(perClass(KNOWN), 0, truth, 0, k);
        for (int j = 0; j < CostFit.CHAIN.length; j++) truth[k + CostFit.CHAIN[j].ordinal()] = KNOWN_CHAIN[j];
        List<CostFit.Sample> samples = new ArrayList<>();
        for (String loop : MicroBenchmarks.FITTED) {
            samples.add(new CostFit.Sample(loop, ops.get(loop), chains.get(loop), CostFit.predict(ops.get(loop), chains.get(loop), truth)));
        }
        double[] fit = CostFit.fit(samples, true);
        for (int i = 0; i < 2 * k; i++) assertEquals(truth[i], fit[i], 1e-6 * Math.max(truth[i], 1), (i < k ? "" : "chain ") + OpClass.values()[i % k].label());
    }

    @Test
    void aLinearMachineGetsNoChainCost() throws Exception {
        // timed by a machine without latencies (session 30's model): the chain costs come out 0
        Map<String, long[]> ops = Calibration.instructionsPerIteration();
        Map<String, double[]> chains = Calibration.chainPerIteration();
        double[] truth = perClass(KNOWN);
        List<CostFit.Sample> samples = new ArrayList<>();
        for (String loop : MicroBenchmarks.FITTED) samples.add(new CostFit.Sample(loop, ops.get(loop), chains.get(loop), CostFit.predict(ops.get(loop), truth)));
        double[] fit = CostFit.fit(samples, true);
        int k = OpClass.values().length;
        for (OpClass c : CostFit.CHAIN) assertEquals(0, fit[k + c.ordinal()], 1e-6, "chain " + c.label());
        for (OpClass c : OpClass.values()) assertEquals(truth[c.ordinal()], fit[c.ordinal()], 1e-6 * Math.max(truth[c.ordinal()], 1), c.label());
    }

    @Test
    void noisyMeasurementsGiveCostsWithinTheNoise() {
        Random rnd = new Random(20);
        double[] truth = perClass(KNOWN);
        List<CostFit.Sample> samples = new ArrayList<>();
        for (int s = 0; s < 60; s++) {
            long[] ops = new long[OpClass.values().length];
            for (int c = 0; c < ops.length; c++) ops[c] = rnd.nextInt(4) == 0 ? rnd.nextInt(6) : 0;
            ops[OpClass.LOCAL.ordinal()] += 1 + rnd.nextInt(8);
            double t = CostFit.predict(ops, truth) * (1 + 0.02 * rnd.nextGaussian());
            samples.add(new CostFit.Sample("s" + s, ops, t));
        }
        double[] fit = CostFit.fit(samples);
        for (CostFit.Group g : CostFit.Group.values()) {
            double want = KNOWN[g.ordinal()], got = fit[g.classes[0].ordinal()];
            assertTrue(Math.abs(got - want) <= 0.15 * want, g + ": fitted " + got + ", known " + want);
        }
    }

    @Test
    void aClassTheJitHidesCostsZeroNotANegativeTime() {
        long[] a = new long[OpClass.values().length], b = a.clone();
        a[OpClass.INT.ordinal()] = 2;
        a[OpClass.LOCAL.ordinal()] = 4;
        b[OpClass.LOCAL.ordinal()] = 4;
        // the loop with two more int instructions is measured faster: least squares would make int negative
        double[] fit = CostFit.fit(List.of(new CostFit.Sample("a", a, 1.0), new CostFit.Sample("b", b, 1.2)));
        assertEquals(0, fit[OpClass.INT.ordinal()], 1e-12);
        assertTrue(fit[OpClass.LOCAL.ordinal()] > 0);
    }
}
