package dev.wholetrace.simulate.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wholetrace.simulate.egraph.OpClass;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The graph generator's dependency chains of the calibration loops: a recurrence, not the instruction count. */
class ChainCountTest {
    private static double chain(Map<String, double[]> chains, String loop, OpClass c) {
        return chains.get(loop)[c.ordinal()];
    }

    @Test
    void independentChainsAreOneChainLongAndADependentPairIsTwo() throws Exception {
        Map<String, double[]> chains = Calibration.chainPerIteration();
        Map<String, long[]> ops = Calibration.instructionsPerIteration();
        // a = a * 0.999 + 0.001 four times over: 8 fp instructions, a chain of 2 (multiply, add)
        assertEquals(8, ops.get("fpParallelLoop")[OpClass.FP.ordinal()]);
        assertEquals(2, chain(chains, "fpParallelLoop", OpClass.FP));
        // s += x[i & 4095]: one add on the chain, the load is not
        assertEquals(1, chain(chains, "sumLoop", OpClass.FP));
        assertEquals(0, chain(chains, "sumLoop", OpClass.ARRAY_LOAD));
        // s = 1 + s / (1.5 + (i & 7)): a division and an add per iteration
        assertEquals(1, chain(chains, "fpDivLoop", OpClass.DIV));
        assertEquals(1, chain(chains, "fpDivLoop", OpClass.FP), 0.0);
        // divisions off the chain
        assertEquals(0, chain(chains, "fpDivParallelLoop", OpClass.DIV));
        assertEquals(0, chain(chains, "mathParallelLoop", OpClass.SQRT));
        // s += sqrt(i + s * 1e-9) + ...: the square root (a divider instruction, not a call) is on the chain
        assertEquals(1, chain(chains, "mathLoop", OpClass.SQRT));
        assertEquals(0, chain(chains, "mathLoop", OpClass.INVOKE));
        // a' = a * 0.999 + c * 1.0001; c' = c * 0.998 - a' * 0.0001: c waits for a' and the next a for c',
        // a multiply and an add each way, 4 per iteration (two iterations interpreted, halved)
        assertEquals(4, chain(chains, "fpLoop", OpClass.FP), 1e-9);
        assertEquals(1, chain(chains, "sumLoop", OpClass.FP) + chain(chains, "sumLoop", OpClass.INT));
        // field = field + i: an add per iteration; the field is loaded once in two iterations (the store is forwarded)
        assertEquals(1, chain(chains, "fieldLoop", OpClass.INT));
        assertEquals(0.5, chain(chains, "fieldLoop", OpClass.FIELD_LOAD));
    }
}
