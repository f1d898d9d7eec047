package dev.wholetrace.simulate.machine;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JIT term of a machine (machine file version 4, {@code jit.*} keys, docs/machine-model.md): what
 * the JVM's compilers cost and when they compile. A method is compiled by C1 (HotSpot's tier 3) and
 * then by C2 (tier 4) when its invocation and back-edge counters pass the JVM's thresholds; each
 * compilation costs the compiler threads {@code cyclesPerByte} of processor time per bytecode byte of
 * the method, and until a method is compiled its instructions cost {@code interpreterFactor} (before
 * C1) or {@code c1Factor} (between C1 and C2) times their compiled price. {@link #NONE}: no JIT term
 * (every file before version 4), the program's compiled code only.
 *
 * @param c1CyclesPerByte compiler-thread cycles per bytecode byte a C1 compilation compiles
 * @param c2CyclesPerByte the same for C2
 * @param interpreterFactor an interpreted instruction's time over its C2-compiled time (≥ 1)
 * @param c1Factor a C1-compiled (tier 3, profiling) instruction's time over its C2-compiled time (≥ 1)
 * @param tier3 the JVM's C1 thresholds
 * @param tier4 the JVM's C2 thresholds
 */
public record JitCosts(double c1CyclesPerByte, double c2CyclesPerByte, double interpreterFactor, double c1Factor,
        Thresholds tier3, Thresholds tier4) {

    /** No JIT term. */
    public static final JitCosts NONE = new JitCosts(0, 0, 1, 1, new Thresholds(0, 0, 0, 0), new Thresholds(0, 0, 0, 0));

    /**
     * HotSpot's tiered policy for one tier ({@code TierNInvocationThreshold}, {@code
     * TierNMinInvocationThreshold}, {@code TierNCompileThreshold}, {@code TierNBackEdgeThreshold}): a
     * method is compiled once its invocations reach {@code invocations}, or once they reach {@code
     * minInvocations} and invocations plus back-edges reach {@code compile}; a loop is compiled on
     * the stack (OSR) once the back-edges reach {@code backEdges}.
     */
    public record Thresholds(long invocations, long minInvocations, long compile, long backEdges) {
        public Thresholds {
            if (invocations < 0 || minInvocations < 0 || compile < 0 || backEdges < 0) throw new IllegalArgumentException("a JIT threshold must be ≥ 0");
        }
    }

    public JitCosts {
        if (!(c1CyclesPerByte >= 0) || !(c2CyclesPerByte >= 0) || Double.isInfinite(c1CyclesPerByte) || Double.isInfinite(c2CyclesPerByte)) {
            throw new IllegalArgumentException("a JIT cost per byte must be a number ≥ 0");
        }
        if (!(interpreterFactor >= 1) || !(c1Factor >= 1) || Double.isInfinite(interpreterFactor) || Double.isInfinite(c1Factor)) {
            throw new IllegalArgumentException("a JIT factor must be a number ≥ 1 (the compiled code's time is 1)");
        }
        if (tier3 == null || tier4 == null) throw new IllegalArgumentException("the JIT thresholds are missing");
    }

    /** Whether this is {@link #NONE}: nothing charged. */
    public boolean isNone() {
        return equals(NONE);
    }

    /** The machine-file keys (without the {@code jit.} prefix) and values, in the order written. */
    public Map<String, String> keys() {
        Map<String, String> k = new LinkedHashMap<>();
        k.put("c1.cycles-per-byte", Double.toString(c1CyclesPerByte));
        k.put("c2.cycles-per-byte", Double.toString(c2CyclesPerByte));
        k.put("interpreter.factor", Double.toString(interpreterFactor));
        k.put("c1.factor", Double.toString(c1Factor));
        put(k, "tier3", tier3);
        put(k, "tier4", tier4);
        return k;
    }

    private static void put(Map<String, String> k, String tier, Thresholds t) {
        k.put(tier + ".invocations", Long.toString(t.invocations()));
        k.put(tier + ".min-invocations", Long.toString(t.minInvocations()));
        k.put(tier + ".compile", Long.toString(t.compile()));
        k.put(tier + ".back-edges", Long.toString(t.backEdges()));
    }
}
