package dev.wholetrace.simulate.egraph;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * The dependency chain of a vertex's straight-line instructions (its {@link Vertex#chain}): the
 * instructions on the longest path by which a variable's value on entry flows into its own value on
 * exit, per iteration. An out-of-order core overlaps independent work (four independent
 * multiply-add chains cost hardly more than one) but not a recurrence (each iteration's {@code s += x}
 * waits for the last one), so a vertex costs its instructions' throughput plus its recurrence's
 * latency (docs/egraph.md, "Cost of a vertex").
 *
 * <p>Variables are local variables and fields (a field stored and loaded again in the block is the
 * stored value: store forwarding); array elements are not followed (their addresses differ per
 * iteration). The block is interpreted twice in a row, the second time starting from the first
 * time's values, and the path is halved: a recurrence through two variables ({@code a} feeds
 * {@code c}, {@code c} feeds the next {@code a}) shows as a path from a variable back to itself only
 * over two iterations. The longest path is chosen with {@link #NOMINAL} latencies (a typical core's
 * order of magnitude); the fitted costs then price the instructions on it.
 */
final class Recurrence {
    /** Nominal latency per {@link OpClass} ordinal (cycles of a typical core) that picks the longest path; 0 = not on chains. */
    static final double[] NOMINAL = new double[OpClass.count()];

    static {
        NOMINAL[OpClass.INT.ordinal()] = 1;
        NOMINAL[OpClass.FP.ordinal()] = 4;
        NOMINAL[OpClass.DIV.ordinal()] = 20;
        NOMINAL[OpClass.SQRT.ordinal()] = 18;
        NOMINAL[OpClass.LIBM.ordinal()] = 40;
        NOMINAL[OpClass.ARRAY_LOAD.ordinal()] = 5;
        NOMINAL[OpClass.FIELD_LOAD.ordinal()] = 4;
        NOMINAL[OpClass.INVOKE.ordinal()] = 15;
    }

    private static final int FIELD_BASE = 1 << 20;

    private final String owner;
    private final MethodNode method;
    private final AbstractInsnNode[] insns;
    private Frame<BasicValue>[] types;
    private final Map<String, Integer> fieldIds = new HashMap<>();

    Recurrence(String owner, MethodNode method) {
        this.owner = owner;
        this.method = method;
        this.insns = method.instructions.toArray();
    }

    /** Instructions per {@link OpClass} ordinal on one iteration's recurrence of instructions {@code first..last} (halves possible). */
    double[] chain(int first, int last) {
        double[] none = new double[OpClass.count()];
        try {
            if (types == null) types = new Analyzer<>(new BasicInterpreter()).analyze(owner, method);
            Frame<BasicValue> at = types[first];
            if (at == null) return none;
            PathInterpreter in = new PathInterpreter();
            Frame<PathValue> f = new Frame<>(at.getLocals(), Math.max(at.getStackSize(), method.maxStack));
            for (int l = 0; l < at.getLocals(); l++) f.setLocal(l, PathValue.origin(at.getLocal(l), l));
            for (int pass = 0; pass < 2; pass++) {
                f.clearStack();
                for (int s = 0; s < at.getStackSize(); s++) f.push(new PathValue(at.getStack(s), Map.of()));
                for (int i = first; i <= last; i++) if (insns[i].getOpcode() >= 0) f.execute(insns[i], in);
            }
            Path best = null;
            for (int l = 0; l < f.getLocals(); l++) best = longer(best, f.getLocal(l).from.get(l));
            for (Map.Entry<Integer, PathValue> e : in.stored.entrySet()) best = longer(best, e.getValue().from.get(e.getKey()));
            if (best == null) return none;
            double[] out = best.counts.clone();
            for (int c = 0; c < out.length; c++) out[c] /= 2;
            return out;
        } catch (AnalyzerException | RuntimeException e) {
            return none; // code the analysis cannot type (unreachable, JSR): no chain, throughput only
        }
    }

    private static Path longer(Path a, Path b) {
        if (b == null) return a;
        return a == null || b.length > a.length ? b : a;
    }

    private int fieldId(FieldInsnNode f) {
        return fieldIds.computeIfAbsent(f.owner + "." + f.name, k -> FIELD_BASE + fieldIds.size());
    }

    /** A path's nominal length and its instructions per class. */
    private record Path(double length, double[] counts) {
        Path plus(int opClass) {
            if (NOMINAL[opClass] == 0) return this;
            double[] c = counts.clone();
            c[opClass]++;
            return new Path(length + NOMINAL[opClass], c);
        }
    }

    /** A value: its type (for sizes) and, per variable whose entry value it depends on, the longest path from there. */
    private static final class PathValue implements org.objectweb.asm.tree.analysis.Value {
        final BasicValue type;
        final Map<Integer, Path> from;

        PathValue(BasicValue type, Map<Integer, Path> from) {
            this.type = type == null ? BasicValue.UNINITIALIZED_VALUE : type;
            this.from = from;
        }

        static PathValue origin(BasicValue type, int variable) {
            return new PathValue(type, Map.of(variable, new Path(0, new double[OpClass.count()])));
        }

        @Override
        public int getSize() {
            return type.getSize();
        }
    }

    /** Propagates paths through the operand stack and locals; {@link BasicInterpreter} supplies the result types. */
    private final class PathInterpreter extends Interpreter<PathValue> {
        private final BasicInterpreter basic = new BasicInterpreter();
        /** Per field id, the value last stored in this block (loaded back: store forwarding). */
        final Map<Integer, PathValue> stored = new HashMap<>();

        PathInterpreter() {
            super(Opcodes.ASM9);
        }

        private PathValue result(BasicValue type, AbstractInsnNode insn, PathValue... operands) {
            if (type == null) return null;
            int cls = OpClass.of(insn).ordinal();
            Map<Integer, Path> from = new HashMap<>();
            for (PathValue v : operands) {
                for (Map.Entry<Integer, Path> e : v.from.entrySet()) from.merge(e.getKey(), e.getValue().plus(cls), (a, b) -> b.length > a.length ? b : a);
            }
            return new PathValue(type, from);
        }

        private PathValue load(FieldInsnNode f, BasicValue type, PathValue... operands) {
            PathValue s = stored.get(fieldId(f));
            if (s != null) return new PathValue(type, s.from);
            PathValue v = result(type, f, operands);
            Map<Integer, Path> from = new HashMap<>(v.from);
            from.merge(fieldId(f), new Path(0, new double[OpClass.count()]).plus(OpClass.FIELD_LOAD.ordinal()), (a, b) -> b.length > a.length ? b : a);
            return new PathValue(type, from);
        }

        @Override
        public PathValue newValue(Type type) {
            BasicValue b = basic.newValue(type);
            return b == null ? null : new PathValue(b, Map.of());
        }

        @Override
        public PathValue newOperation(AbstractInsnNode insn) throws AnalyzerException {
            BasicValue t = basic.newOperation(insn);
            if (insn.getOpcode() == Opcodes.GETSTATIC) return load((FieldInsnNode) insn, t);
            return new PathValue(t, Map.of());
        }

        @Override
        public PathValue copyOperation(AbstractInsnNode insn, PathValue value) {
            return value;
        }

        @Override
        public PathValue unaryOperation(AbstractInsnNode insn, PathValue value) throws AnalyzerException {
            BasicValue t = basic.unaryOperation(insn, value.type);
            if (insn.getOpcode() == Opcodes.GETFIELD) return load((FieldInsnNode) insn, t, value);
            if (insn.getOpcode() == Opcodes.PUTSTATIC) stored.put(fieldId((FieldInsnNode) insn), value);
            return result(t, insn, value);
        }

        @Override
        public PathValue binaryOperation(AbstractInsnNode insn, PathValue v1, PathValue v2) throws AnalyzerException {
            if (insn.getOpcode() == Opcodes.PUTFIELD) {
                stored.put(fieldId((FieldInsnNode) insn), v2);
                return null;
            }
            return result(basic.binaryOperation(insn, v1.type, v2.type), insn, v1, v2);
        }

        @Override
        public PathValue ternaryOperation(AbstractInsnNode insn, PathValue v1, PathValue v2, PathValue v3) {
            return null; // array stores: elements are not followed
        }

        @Override
        public PathValue naryOperation(AbstractInsnNode insn, List<? extends PathValue> values) throws AnalyzerException {
            BasicValue t = basic.naryOperation(insn, null);
            return result(t, insn, values.toArray(new PathValue[0]));
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, PathValue value, PathValue expected) {}

        @Override
        public PathValue merge(PathValue a, PathValue b) {
            return a;
        }
    }
}
