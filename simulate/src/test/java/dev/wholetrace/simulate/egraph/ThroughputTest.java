package dev.wholetrace.simulate.egraph;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodInsnNode;

/** The divider overlaps the other instructions; the JDK's math intrinsics count as what they compile to. */
class ThroughputTest {
    private static long[] ops(int div, int fp, int load) {
        long[] o = new long[OpClass.values().length];
        o[OpClass.DIV.ordinal()] = div;
        o[OpClass.FP.ordinal()] = fp;
        o[OpClass.ARRAY_LOAD.ordinal()] = load;
        return o;
    }

    private static final double[] COSTS = new double[OpClass.values().length];

    static {
        COSTS[OpClass.DIV.ordinal()] = 100;
        COSTS[OpClass.SQRT.ordinal()] = 60;
        COSTS[OpClass.FP.ordinal()] = 10;
        COSTS[OpClass.ARRAY_LOAD.ordinal()] = 5;
    }

    @Test
    void aVertexCostsTheLargerOfItsDividerWorkAndTheRest() {
        assertThat(Throughput.cycles(ops(3, 16, 8), COSTS)).isEqualTo(300); // divider-bound: 300 against 200
        assertThat(Throughput.cycles(ops(1, 16, 8), COSTS)).isEqualTo(200); // the rest binds: 100 against 200
        assertThat(Throughput.cycles(ops(0, 16, 8), COSTS)).isEqualTo(200); // no divider: the plain sum
        assertThat(Throughput.cycles(ops(2, 0, 0), COSTS)).isEqualTo(200);
        assertThat(Throughput.dividerCycles(ops(3, 16, 8), COSTS)).isEqualTo(300);
        long[] roots = ops(1, 16, 8);
        roots[OpClass.SQRT.ordinal()] = 2; // square roots share the divider with divisions
        assertThat(Throughput.cycles(roots, COSTS)).isEqualTo(100 + 2 * 60);
    }

    private static MethodInsnNode call(String owner, String name, String desc) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, owner, name, desc, false);
    }

    @Test
    void mathIntrinsicsAreTheInstructionsTheyCompileTo() {
        assertThat(OpClass.of(call("java/lang/Math", "sqrt", "(D)D"))).isEqualTo(OpClass.SQRT);
        assertThat(OpClass.of(call("java/lang/StrictMath", "sqrt", "(D)D"))).isEqualTo(OpClass.SQRT);
        assertThat(OpClass.of(call("java/lang/Math", "abs", "(D)D"))).isEqualTo(OpClass.FP);
        assertThat(OpClass.of(call("java/lang/Math", "rint", "(D)D"))).isEqualTo(OpClass.FP);
        assertThat(OpClass.of(call("java/lang/Math", "min", "(II)I"))).as("an integer min is integer work").isEqualTo(OpClass.INT);
        assertThat(OpClass.of(call("java/lang/Math", "abs", "(J)J"))).isEqualTo(OpClass.INT);
        assertThat(OpClass.of(call("java/lang/Math", "max", "(FF)F"))).isEqualTo(OpClass.FP);
        assertThat(OpClass.of(call("java/lang/Math", "min", "(DD)D"))).isEqualTo(OpClass.FP);
        assertThat(OpClass.of(call("java/lang/Math", "cos", "(D)D"))).isEqualTo(OpClass.LIBM); // a stub call, not one instruction
        assertThat(OpClass.of(call("java/lang/Math", "floorMod", "(II)I"))).isEqualTo(OpClass.INVOKE); // Java code the JIT inlines
        assertThat(OpClass.of(call("p/Mine", "sqrt", "(D)D"))).isEqualTo(OpClass.INVOKE); // only the JDK's
        assertThat(OpClass.of(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, "java/lang/Math", "sqrt", "(D)D", false))).isEqualTo(OpClass.INVOKE);
    }
}
