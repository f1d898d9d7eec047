package dev.wholetrace.simulate.egraph;

import java.util.Locale;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The instruction classes a vertex's bytecode is counted in; each costs {@code cycles.bc.NAME}
 * cycles in the machine model (docs/machine-model.md, "Execution graphs"). A vertex keeps counts,
 * not cycles, so one graph serves every machine.
 */
public enum OpClass {
    CONST, LOCAL, STACK, INT, FP, DIV, SQRT, LIBM, ARRAY_LOAD, ARRAY_STORE, FIELD_LOAD, FIELD_STORE, BRANCH, INVOKE, RETURN, NEW, CHECK, MONITOR, OTHER,
    /**
     * A call into a JDK method that the graph does not contain and does not model otherwise (not a
     * math intrinsic, not a synchronization or communication action, not {@code Object.<init>}), or a
     * string concatenation ({@code invokedynamic} of {@code StringConcatFactory}): the callee's body
     * runs unseen, so it costs {@code cycles.bc.jdk}, calibrate's price of a typical JDK call
     * (docs/egraph.md, "JDK calls"; egraph version 6, earlier versions count it as an {@link #INVOKE}).
     */
    JDK;

    private static final OpClass[] VALUES = values();

    /** The name in files and machine keys: lower case, '-' for '_'. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The machine-model key of this class's cycles. */
    public String machineKey() {
        return "bc." + label();
    }

    /** The machine-model key of this class's extra cycles on a vertex's dependency chain ({@link Vertex#chain}). */
    public String chainKey() {
        return "bc.chain." + label();
    }

    /** The class called {@code label}, or null. */
    public static OpClass byLabel(String label) {
        for (OpClass c : VALUES) if (c.label().equals(label)) return c;
        return null;
    }

    static int count() {
        return VALUES.length;
    }

    static OpClass at(int i) {
        return VALUES[i];
    }

    /**
     * {@code java.lang.Math}'s methods that HotSpot compiles to one or a few floating-point
     * instructions (its intrinsics: {@code andpd}, {@code minsd}/{@code maxsd}, {@code roundsd},
     * {@code vfmadd}): they cost what floating-point arithmetic costs, not a call.
     */
    private static final Set<String> FP_INTRINSICS = Set.of("abs", "min", "max", "rint", "floor", "ceil", "signum", "copySign", "fma");

    /** {@code java.lang.Math}'s routines of the math library: a call of a JIT stub of tens of instructions each. */
    private static final Set<String> LIBM_ROUTINES = Set.of("sin", "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "log", "log10", "log1p",
            "expm1", "pow", "cbrt", "hypot", "sinh", "cosh", "tanh");

    /** Whether {@code n} calls a static method of {@code java.lang.Math} or {@code StrictMath}. */
    static boolean isMathCall(AbstractInsnNode n) {
        return n instanceof MethodInsnNode call && n.getOpcode() == Opcodes.INVOKESTATIC
                && (call.owner.equals("java/lang/Math") || call.owner.equals("java/lang/StrictMath"));
    }

    /**
     * The class of instruction {@code n}: {@link #of(int)} of its opcode, except the JDK's math
     * intrinsics (docs/egraph.md, "Math intrinsics"): {@code Math.sqrt} is a {@link #SQRT} (one
     * {@code sqrtsd}, which runs on the divider as divisions do), the {@link #FP_INTRINSICS} are
     * {@link #FP} on {@code double}/{@code float} and {@link #INT} on {@code int}/{@code long}, and the
     * {@link #LIBM_ROUTINES} are {@link #LIBM}.
     */
    public static OpClass of(AbstractInsnNode n) {
        if (isMathCall(n)) {
            MethodInsnNode call = (MethodInsnNode) n;
            if (call.name.equals("sqrt")) return SQRT;
            if (FP_INTRINSICS.contains(call.name)) return floating(call.desc) ? FP : INT; // Math.min(int, int) is an integer cmov
            if (LIBM_ROUTINES.contains(call.name)) return LIBM;
        }
        return of(n.getOpcode());
    }

    /** Whether a Math method works on floating point: its result is a {@code double} or a {@code float}. */
    private static boolean floating(String descriptor) {
        char result = descriptor.charAt(descriptor.length() - 1);
        return result == 'D' || result == 'F';
    }

    /** The class of bytecode {@code opcode}. */
    public static OpClass of(int opcode) {
        if (opcode >= Opcodes.ACONST_NULL && opcode <= Opcodes.LDC) return CONST;
        if (opcode >= Opcodes.ILOAD && opcode <= Opcodes.ALOAD) return LOCAL;
        if (opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD) return ARRAY_LOAD;
        if (opcode >= Opcodes.ISTORE && opcode <= Opcodes.ASTORE) return LOCAL;
        if (opcode >= Opcodes.IASTORE && opcode <= Opcodes.SASTORE) return ARRAY_STORE;
        if (opcode >= Opcodes.POP && opcode <= Opcodes.SWAP) return STACK;
        switch (opcode) {
            case Opcodes.IDIV: case Opcodes.LDIV: case Opcodes.IREM: case Opcodes.LREM:
            case Opcodes.FDIV: case Opcodes.DDIV: case Opcodes.FREM: case Opcodes.DREM:
                return DIV;
            case Opcodes.FADD: case Opcodes.DADD: case Opcodes.FSUB: case Opcodes.DSUB: case Opcodes.FMUL: case Opcodes.DMUL:
            case Opcodes.FNEG: case Opcodes.DNEG: case Opcodes.I2F: case Opcodes.I2D: case Opcodes.L2F: case Opcodes.L2D:
            case Opcodes.F2I: case Opcodes.F2L: case Opcodes.F2D: case Opcodes.D2I: case Opcodes.D2L: case Opcodes.D2F:
            case Opcodes.FCMPL: case Opcodes.FCMPG: case Opcodes.DCMPL: case Opcodes.DCMPG:
                return FP;
            case Opcodes.IINC:
                return LOCAL;
            case Opcodes.GETFIELD: case Opcodes.GETSTATIC:
                return FIELD_LOAD;
            case Opcodes.PUTFIELD: case Opcodes.PUTSTATIC:
                return FIELD_STORE;
            case Opcodes.INVOKEVIRTUAL: case Opcodes.INVOKESPECIAL: case Opcodes.INVOKESTATIC: case Opcodes.INVOKEINTERFACE: case Opcodes.INVOKEDYNAMIC:
                return INVOKE;
            case Opcodes.NEW: case Opcodes.NEWARRAY: case Opcodes.ANEWARRAY: case Opcodes.MULTIANEWARRAY:
                return NEW;
            case Opcodes.CHECKCAST: case Opcodes.INSTANCEOF: case Opcodes.ARRAYLENGTH: case Opcodes.ATHROW:
                return CHECK;
            case Opcodes.MONITORENTER: case Opcodes.MONITOREXIT:
                return MONITOR;
            default:
                break;
        }
        if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) return RETURN;
        if ((opcode >= Opcodes.IFEQ && opcode <= Opcodes.LOOKUPSWITCH) || opcode == Opcodes.IFNULL || opcode == Opcodes.IFNONNULL) return BRANCH;
        if (opcode >= Opcodes.IADD && opcode <= Opcodes.LXOR) return INT;
        if (opcode >= Opcodes.I2L && opcode <= Opcodes.I2S) return INT;
        if (opcode == Opcodes.LCMP) return INT;
        return OTHER;
    }
}
