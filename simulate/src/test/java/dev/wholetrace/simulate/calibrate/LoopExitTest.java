package dev.wholetrace.simulate.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wholetrace.simulate.egraph.OpClass;
import org.junit.jupiter.api.Test;

/**
 * {@code cycles.bc.loop-exit}: the time an entry of the short inner loops measures beyond the long loop's
 * iterations, less what the simulator charges for the outer loop's instructions anyway (session 35: they
 * were in both, the exit overestimated by their cost).
 */
class LoopExitTest {
    private static final int N = OpClass.values().length;

    /** Fitted costs (ns) with every register-level class priced, so the outer loop's instructions cost something. */
    private static double[] costs() {
        double[] fitted = new double[2 * N];
        for (OpClass c : OpClass.values()) fitted[c.ordinal()] = 0.05;
        fitted[OpClass.INT.ordinal()] = 0.3;
        fitted[OpClass.BRANCH.ordinal()] = 0.2;
        fitted[N + OpClass.INT.ordinal()] = 0.4;
        return fitted;
    }

    @Test
    void theOuterLoopsInstructionsAreNotCountedTwice() throws Exception {
        double[] fitted = costs();
        double outer = Calibration.outerPerEntry(fitted);
        // at least the outer loop's test and branch and the inner loop's last test and branch
        assertTrue(outer >= 2 * 0.2 + 2 * 0.05, "outer instructions per entry " + outer);
        double exit = 0.7, tLong = 0.5;
        double tShort = tLong + (exit + outer) / MicroBenchmarks.SHORT_TRIPS; // what such a machine measures
        assertEquals(exit, Calibration.loopExit(tLong, tShort, outer), 1e-12);
    }

    @Test
    void theOuterInstructionsAreThoseOfOneOuterIterationBeyondTheLongLoops() throws Exception {
        // one cost per class in turn: the difference is the outer loop's instructions of that class, whole
        double[] fitted = new double[2 * N];
        fitted[OpClass.BRANCH.ordinal()] = 1;
        double branches = Calibration.outerPerEntry(fitted);
        assertEquals(Math.rint(branches), branches, 1e-9);
        assertTrue(branches >= 2, "the outer loop's test and the inner loop's exit test: " + branches);
        fitted[OpClass.BRANCH.ordinal()] = 0;
        fitted[OpClass.FP.ordinal()] = 1;
        assertEquals(0, Calibration.outerPerEntry(fitted), 1e-9, "the floating-point work is all in the inner body, as in the long loop");
    }

    @Test
    void everyClassAndChainClassCountsAWholeNonNegativeNumberOfOuterInstructions() throws Exception {
        for (int k = 0; k < 2 * N; k++) { // instruction classes, then their chain costs
            double[] fitted = new double[2 * N];
            fitted[k] = 1;
            double outer = Calibration.outerPerEntry(fitted);
            assertTrue(outer >= 0, "cost slot " + k + ": " + outer);
            assertEquals(Math.rint(2 * outer), 2 * outer, 1e-9, "cost slot " + k + ": whole instructions (chains: halves)");
        }
    }

    @Test
    void aLoopNestHasNoPerIterationCount() throws Exception {
        assertTrue(Calibration.instructionsPerIteration().containsKey("axpyLoop"));
        assertTrue(!Calibration.instructionsPerIteration().containsKey("shortLoops") && !Calibration.chainPerIteration().containsKey("shortLoops"));
    }

    @Test
    void anExitCheaperThanItsInstructionsIsZero() {
        assertEquals(0, Calibration.loopExit(0.5, 0.5 + 0.1 / MicroBenchmarks.SHORT_TRIPS, 0.3));
    }
}
