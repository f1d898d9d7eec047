package dev.wholetrace.analysis.dataflow;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * For each heap access of one method, the heap reads of the same method whose values decide it:
 * values that flow, through the operand stack, locals and arithmetic, into the access's address
 * (object reference, array reference, index) or into a branch condition the access is
 * control-dependent on (post-dominator based).
 *
 * <p>This is the local part of Netzer and Miller's event-control dependence. The flow stops at
 * method calls (a callee's result is not followed back to its arguments: a race is then reported
 * as a first race rather than wrongly hidden as an artifact) and at the reads themselves.
 */
public final class AccessSources {
    /** Methods with more instructions than this get data dependences only (the post-dominator sets are quadratic). */
    static final int MAX_CONTROL_INSNS = 8192;

    private AccessSources() {}

    /**
     * What the analysis found for one method, by instruction index among its real instructions
     * (those with an opcode): per access, the heap reads it depends on (accesses without any are
     * left out), and per array access the field its array was loaded from, per call the field its
     * receiver was loaded from, when the bytecode shows it (through locals and outer arrays:
     * {@code row = grid[i]; row[j]} names {@code Grid.grid}; {@code cache.put(k, v)} names the field
     * {@code cache}: a race on a collection's contents is recorded at the call).
     */
    public record Facts(Map<Integer, int[]> sources, Map<Integer, String> holderFields) {}

    /**
     * Analyses one method of class {@code owner} (internal name).
     *
     * @throws AnalyzerException if the bytecode does not verify
     */
    public static Facts of(String owner, MethodNode m) throws AnalyzerException {
        InsnList list = m.instructions;
        int n = list.size();
        Recorder interpreter = new Recorder(list);
        List<Set<Integer>> successors = new ArrayList<>(n);
        for (int i = 0; i < n; i++) successors.add(new HashSet<>());
        Analyzer<SourceValue> analyzer = new Analyzer<>(interpreter) {
            @Override
            protected void newControlFlowEdge(int from, int to) {
                successors.get(from).add(to);
            }

            @Override
            protected boolean newControlFlowExceptionEdge(int from, int to) {
                successors.get(from).add(to);
                return true;
            }
        };
        Frame<SourceValue>[] frames = analyzer.analyze(owner, m);
        BitSet[] controls = n <= MAX_CONTROL_INSNS ? controlDependences(list, successors, frames) : null;
        Map<Integer, BitSet> memo = new HashMap<>();
        int[] realIndex = realIndices(list);
        Map<Integer, int[]> out = new HashMap<>();
        Map<Integer, String> holderFields = new HashMap<>();
        for (int i = 0; i < n; i++) {
            AbstractInsnNode insn = list.get(i);
            if (frames[i] == null) continue;
            SourceValue holder = holder(insn, frames[i]);
            String field = holder == null ? null : fieldOf(holder, interpreter, list);
            if (field != null) holderFields.put(realIndex[i], field);
            if (!isAccess(insn.getOpcode())) continue;
            BitSet sources = new BitSet();
            for (SourceValue v : addressOperands(insn, frames[i])) sources.or(valueSources(v, interpreter, list, memo));
            if (controls != null) {
                for (int b = controls[i].nextSetBit(0); b >= 0; b = controls[i].nextSetBit(b + 1)) {
                    for (SourceValue v : conditionOperands(list.get(b), frames[b])) sources.or(valueSources(v, interpreter, list, memo));
                }
            }
            if (sources.isEmpty()) continue;
            int[] reads = new int[sources.cardinality()];
            int k = 0;
            for (int s = sources.nextSetBit(0); s >= 0; s = sources.nextSetBit(s + 1)) reads[k++] = realIndex[s];
            out.put(realIndex[i], reads);
        }
        return new Facts(out, holderFields);
    }

    /** The array an array access indexes, the receiver of an instance call, or null for other instructions. */
    private static SourceValue holder(AbstractInsnNode insn, Frame<SourceValue> f) {
        int op = insn.getOpcode();
        int top = f.getStackSize() - 1;
        if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) return f.getStack(top - 1);
        if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) return f.getStack(top - 2);
        if (insn instanceof org.objectweb.asm.tree.MethodInsnNode call && op != Opcodes.INVOKESTATIC) {
            // each argument is one value of the frame's stack, whatever its size
            return f.getStack(top - org.objectweb.asm.Type.getArgumentTypes(call.desc).length);
        }
        return null;
    }

    /** "Owner.field" of the field a reference (or its outermost array) was read from, following copies. */
    private static String fieldOf(SourceValue value, Recorder r, InsnList list) {
        Set<Integer> seen = new HashSet<>();
        while (value.insns.size() == 1) { // one producer: follow copies and outer arrays to a field
            AbstractInsnNode p = value.insns.iterator().next();
            int i = list.indexOf(p);
            if (!seen.add(i)) return null;
            if (p instanceof org.objectweb.asm.tree.FieldInsnNode field && (p.getOpcode() == Opcodes.GETFIELD || p.getOpcode() == Opcodes.GETSTATIC)) {
                return field.owner.substring(field.owner.lastIndexOf('/') + 1) + "." + field.name;
            }
            int pop = p.getOpcode();
            List<SourceValue> in = r.operands(i);
            if (pop == Opcodes.AALOAD) {
                value = r.arrayOperand(p);
                if (value == null) return null;
            } else if (pop >= Opcodes.ILOAD && pop <= Opcodes.ALOAD || pop >= Opcodes.ISTORE && pop <= Opcodes.ASTORE || pop == Opcodes.DUP
                    || pop == Opcodes.CHECKCAST) {
                if (in.size() != 1) return null;
                value = in.get(0);
            } else {
                return null;
            }
        }
        return null;
    }

    /** Heap accesses: field and array loads and stores. */
    public static boolean isAccess(int op) {
        return isRead(op) || op == Opcodes.PUTFIELD || op == Opcodes.PUTSTATIC || op >= Opcodes.IASTORE && op <= Opcodes.SASTORE;
    }

    /** Heap reads: the values a race can hand to later accesses. */
    public static boolean isRead(int op) {
        return op == Opcodes.GETFIELD || op == Opcodes.GETSTATIC || op >= Opcodes.IALOAD && op <= Opcodes.SALOAD;
    }

    /** Index among the real instructions (opcode >= 0), per instruction of the list. */
    private static int[] realIndices(InsnList list) {
        int[] out = new int[list.size()];
        int k = 0;
        for (int i = 0; i < list.size(); i++) out[i] = list.get(i).getOpcode() >= 0 ? k++ : -1;
        return out;
    }

    /** The operands that make up the access's address: object reference; array reference and index. */
    private static List<SourceValue> addressOperands(AbstractInsnNode insn, Frame<SourceValue> f) {
        int top = f.getStackSize() - 1;
        int op = insn.getOpcode();
        if (op == Opcodes.GETFIELD) return List.of(f.getStack(top));
        if (op == Opcodes.PUTFIELD) return List.of(f.getStack(top - 1));
        if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) return List.of(f.getStack(top - 1), f.getStack(top));
        if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) return List.of(f.getStack(top - 2), f.getStack(top - 1));
        return List.of(); // statics: the address is fixed
    }

    /** The values a conditional branch tests. */
    private static List<SourceValue> conditionOperands(AbstractInsnNode insn, Frame<SourceValue> f) {
        if (f == null) return List.of();
        int top = f.getStackSize() - 1;
        int op = insn.getOpcode();
        if (op >= Opcodes.IF_ICMPEQ && op <= Opcodes.IF_ACMPNE) return List.of(f.getStack(top - 1), f.getStack(top));
        if (op >= Opcodes.IFEQ && op <= Opcodes.IFLE || op == Opcodes.IFNULL || op == Opcodes.IFNONNULL
                || op == Opcodes.TABLESWITCH || op == Opcodes.LOOKUPSWITCH) {
            return List.of(f.getStack(top));
        }
        return List.of();
    }

    /** The heap reads (list indices) a value comes from, following its producers back. */
    private static BitSet valueSources(SourceValue v, Recorder r, InsnList list, Map<Integer, BitSet> memo) {
        BitSet out = new BitSet();
        for (AbstractInsnNode p : v.insns) out.or(producerSources(list.indexOf(p), r, list, memo, new HashSet<>()));
        return out;
    }

    private static BitSet producerSources(int p, Recorder r, InsnList list, Map<Integer, BitSet> memo, Set<Integer> onPath) {
        BitSet known = memo.get(p);
        if (known != null) return known;
        BitSet out = new BitSet();
        int op = list.get(p).getOpcode();
        if (isRead(op)) {
            out.set(p);
        } else if (op < Opcodes.INVOKEVIRTUAL || op > Opcodes.INVOKEDYNAMIC) { // calls: not followed
            if (!onPath.add(p)) return out; // a loop through locals: the rest of the cycle adds the sources
            for (SourceValue operand : r.operands(p)) {
                for (AbstractInsnNode q : operand.insns) out.or(producerSources(list.indexOf(q), r, list, memo, onPath));
            }
            onPath.remove(p);
        }
        if (onPath.isEmpty()) memo.put(p, out); // only results complete without a pending cycle are kept
        return out;
    }

    /**
     * Per instruction, the conditional branches it is control-dependent on, transitively: for each
     * branch b and successor s, the nodes from s up the post-dominator tree to b's immediate
     * post-dominator (exclusive) depend on b.
     */
    private static BitSet[] controlDependences(InsnList list, List<Set<Integer>> succ, Frame<SourceValue>[] frames) {
        int n = list.size();
        int exit = n; // a virtual node every return and throw leads to
        BitSet[] pdom = new BitSet[n + 1];
        BitSet all = new BitSet();
        all.set(0, n + 1);
        for (int i = 0; i < n; i++) pdom[i] = (BitSet) all.clone();
        pdom[exit] = new BitSet();
        pdom[exit].set(exit);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = n - 1; i >= 0; i--) {
                if (frames[i] == null) continue; // unreachable
                BitSet meet = null;
                Set<Integer> s = succ.get(i);
                if (s.isEmpty()) {
                    meet = (BitSet) pdom[exit].clone();
                } else {
                    for (int t : s) {
                        if (meet == null) meet = (BitSet) pdom[t].clone();
                        else meet.and(pdom[t]);
                    }
                }
                meet.set(i);
                if (!meet.equals(pdom[i])) {
                    pdom[i] = meet;
                    changed = true;
                }
            }
        }
        int[] ipdom = new int[n];
        for (int i = 0; i < n; i++) ipdom[i] = immediate(pdom, i);
        BitSet[] controls = new BitSet[n];
        for (int i = 0; i < n; i++) controls[i] = new BitSet();
        for (int b = 0; b < n; b++) {
            if (frames[b] == null || succ.get(b).size() < 2 || conditionOperands(list.get(b), frames[b]).isEmpty()) continue;
            for (int s : succ.get(b)) {
                for (int x = s; x >= 0 && x < n && x != ipdom[b]; x = ipdom[x]) controls[x].set(b);
            }
        }
        // transitively: what controls a branch controls what the branch controls
        changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < n; i++) {
                BitSet c = controls[i];
                BitSet add = new BitSet();
                for (int b = c.nextSetBit(0); b >= 0; b = c.nextSetBit(b + 1)) add.or(controls[b]);
                add.andNot(c);
                if (!add.isEmpty()) {
                    c.or(add);
                    changed = true;
                }
            }
        }
        return controls;
    }

    /**
     * The closest strict post-dominator of i (-1: the exit). The post-dominators of a node form a
     * chain, so the closest is the one with the most post-dominators of its own.
     */
    private static int immediate(BitSet[] pdom, int i) {
        int best = -1;
        int most = -1;
        BitSet strict = pdom[i];
        for (int c = strict.nextSetBit(0); c >= 0 && c < pdom.length - 1; c = strict.nextSetBit(c + 1)) {
            if (c == i) continue;
            int k = pdom[c].cardinality();
            if (k > most) {
                most = k;
                best = c;
            }
        }
        return best;
    }

    /** SourceInterpreter that also remembers which values each instruction consumed. */
    private static final class Recorder extends SourceInterpreter {
        private final Map<AbstractInsnNode, Set<SourceValue>> consumed = new HashMap<>();
        private final InsnList index;

        Recorder(InsnList index) {
            super(Opcodes.ASM9);
            this.index = index;
        }

        List<SourceValue> operands(int p) {
            Set<SourceValue> s = consumed.get(index.get(p));
            return s == null ? List.of() : new ArrayList<>(s);
        }

        private void note(AbstractInsnNode insn, SourceValue... values) {
            Set<SourceValue> s = consumed.computeIfAbsent(insn, k -> new HashSet<>());
            for (SourceValue v : values) s.add(v);
        }

        @Override
        public SourceValue copyOperation(AbstractInsnNode insn, SourceValue value) {
            note(insn, value);
            return super.copyOperation(insn, value);
        }

        @Override
        public SourceValue unaryOperation(AbstractInsnNode insn, SourceValue value) {
            note(insn, value);
            return super.unaryOperation(insn, value);
        }

        private final Map<AbstractInsnNode, SourceValue> arrays = new HashMap<>();

        /** The array reference an AALOAD consumed (its operands are otherwise kept as an unordered set). */
        SourceValue arrayOperand(AbstractInsnNode aaload) {
            return arrays.get(aaload);
        }

        @Override
        public SourceValue binaryOperation(AbstractInsnNode insn, SourceValue v1, SourceValue v2) {
            note(insn, v1, v2);
            if (insn.getOpcode() == Opcodes.AALOAD) arrays.merge(insn, v1, (a, b) -> a.equals(b) ? a : new SourceValue(1, unionInsns(a, b)));
            return super.binaryOperation(insn, v1, v2);
        }

        private static Set<AbstractInsnNode> unionInsns(SourceValue a, SourceValue b) {
            Set<AbstractInsnNode> s = new HashSet<>(a.insns);
            s.addAll(b.insns);
            return s;
        }

        @Override
        public SourceValue ternaryOperation(AbstractInsnNode insn, SourceValue v1, SourceValue v2, SourceValue v3) {
            note(insn, v1, v2, v3);
            return super.ternaryOperation(insn, v1, v2, v3);
        }

        @Override
        public SourceValue naryOperation(AbstractInsnNode insn, List<? extends SourceValue> values) {
            note(insn, values.toArray(new SourceValue[0]));
            return super.naryOperation(insn, values);
        }
    }
}
