package dev.wholetrace.analysis.paths;

import dev.wholetrace.analysis.dataflow.ProgramBytecode;
import dev.wholetrace.bytecode.BlockLeaders;
import dev.wholetrace.bytecode.BytecodeOffsets;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * What {@link PathEventCount} needs to know of each recorded block that the trace does not hold:
 * its method, its first bytecode index, how many calls it makes (all, and those whose owner class
 * has blocks in the code map), whether it returns, whether it
 * is an exception handler, and whether session 33's rule would leave its probe out (every
 * predecessor has it as its only successor and cannot throw). Read from the recorded program's
 * class files with ASM; the leaders are the agent's ({@link BlockLeaders}). A block whose class file or leader is not found, and the agent's own blocks
 * (synchronized method entry/exit, coarse method entry, …), is {@link #special}: kept as an event
 * in every option.
 */
final class BlockShapes {
    final int[] method;
    final int[] bci;
    final int[] calls;
    final int[] callsToInstrumented;
    final boolean[] returns;
    final boolean[] handler;
    final boolean[] implied;
    final boolean[] special;
    final int methods;

    private BlockShapes(int n, int methods) {
        method = new int[n];
        bci = new int[n];
        calls = new int[n];
        callsToInstrumented = new int[n];
        returns = new boolean[n];
        handler = new boolean[n];
        implied = new boolean[n];
        special = new boolean[n];
        this.methods = methods;
    }

    static BlockShapes of(CodeMap code, ProgramBytecode bytecode) {
        List<CodeEntry> blocks = code.blocksFrom(0);
        int max = 0;
        Set<String> instrumented = new HashSet<>();
        Map<String, Integer> methodIds = new HashMap<>();
        for (CodeEntry e : blocks) {
            max = Math.max(max, e.id());
            instrumented.add(e.className().replace('.', '/'));
            methodIds.putIfAbsent(e.className() + '.' + e.method() + e.descriptor(), methodIds.size());
        }
        BlockShapes s = new BlockShapes(max + 1, methodIds.size());
        java.util.Arrays.fill(s.special, true);
        Map<String, Map<String, MethodShape>> classes = new HashMap<>();
        for (CodeEntry e : blocks) {
            int id = e.id();
            s.method[id] = methodIds.get(e.className() + '.' + e.method() + e.descriptor());
            s.bci[id] = e.bci();
            if (e.text().isEmpty() || !Character.isUpperCase(e.text().charAt(0))) continue; // the agent's own blocks
            Map<String, MethodShape> methods = classes.computeIfAbsent(e.className(), c -> read(bytecode, c, instrumented));
            MethodShape m = methods == null ? null : methods.get(e.method() + e.descriptor());
            BlockShape b = m == null ? null : m.byBci.get(e.bci());
            if (b == null) continue;
            s.special[id] = false;
            s.calls[id] = b.calls;
            s.callsToInstrumented[id] = b.callsToInstrumented;
            s.returns[id] = b.returns;
            s.handler[id] = b.handler;
            s.implied[id] = b.implied;
        }
        return s;
    }

    private static Map<String, MethodShape> read(ProgramBytecode bytecode, String className, Set<String> instrumented) {
        byte[] file = bytecode.classFile(className);
        if (file == null) return null;
        try {
            ClassReader reader = new ClassReader(file);
            ClassNode node = new ClassNode();
            reader.accept(node, 0);
            Map<String, int[]> offsets = BytecodeOffsets.of(reader);
            Map<String, MethodShape> out = new HashMap<>();
            for (MethodNode m : node.methods) {
                int[] o = offsets.get(m.name + m.desc);
                if (o != null) out.put(m.name + m.desc, new MethodShape(m, BytecodeOffsets.index(m, o), instrumented));
            }
            return out;
        } catch (RuntimeException ex) {
            return null;
        }
    }

    private record BlockShape(int calls, int callsToInstrumented, boolean returns, boolean handler, boolean implied) {}

    /** One method's blocks by first bytecode index. */
    private static final class MethodShape {
        final Map<Integer, BlockShape> byBci = new HashMap<>();

        MethodShape(MethodNode m, BytecodeOffsets.Index index, Set<String> instrumented) {
            List<AbstractInsnNode> leaders = new ArrayList<>(leaders(m));
            Map<AbstractInsnNode, Integer> blockOf = new HashMap<>();
            for (int i = 0; i < leaders.size(); i++) blockOf.put(leaders.get(i), i);
            Set<AbstractInsnNode> handlers = new HashSet<>();
            for (TryCatchBlockNode tc : m.tryCatchBlocks) handlers.add(real(tc.handler));
            int n = leaders.size();
            int[] calls = new int[n];
            int[] toInstrumented = new int[n];
            boolean[] exits = new boolean[n];
            boolean[] returns = new boolean[n];
            boolean[] pureSingle = new boolean[n];
            List<List<Integer>> preds = new ArrayList<>();
            for (int i = 0; i < n; i++) preds.add(new ArrayList<>());
            for (int i = 0; i < n; i++) {
                boolean pure = true;
                AbstractInsnNode last = null;
                AbstractInsnNode end = i + 1 < n ? leaders.get(i + 1) : null;
                for (AbstractInsnNode x = leaders.get(i); x != null && x != end; x = x.getNext()) {
                    if (x.getOpcode() < 0) continue;
                    last = x;
                    if (x instanceof MethodInsnNode c) {
                        calls[i]++;
                        if (instrumented.contains(c.owner)) toInstrumented[i]++;
                    } else if (x instanceof InvokeDynamicInsnNode) {
                        calls[i]++;
                    }
                    if (!cannotThrow(x.getOpcode())) pure = false;
                }
                int op = last == null ? -1 : last.getOpcode();
                returns[i] = op >= Opcodes.IRETURN && op <= Opcodes.RETURN;
                exits[i] = returns[i] || op == Opcodes.ATHROW;
                // successors, for the implied-block rule
                List<Integer> succ = new ArrayList<>();
                if (last instanceof JumpInsnNode j) {
                    succ.add(blockOf.get(real(j.label)));
                    if (op != Opcodes.GOTO && i + 1 < n) succ.add(i + 1);
                } else if (last instanceof TableSwitchInsnNode t) {
                    succ.add(blockOf.get(real(t.dflt)));
                    for (LabelNode l : t.labels) succ.add(blockOf.get(real(l)));
                } else if (last instanceof LookupSwitchInsnNode t) {
                    succ.add(blockOf.get(real(t.dflt)));
                    for (LabelNode l : t.labels) succ.add(blockOf.get(real(l)));
                } else if (!exits[i] && i + 1 < n) {
                    succ.add(i + 1);
                }
                pureSingle[i] = pure && succ.size() == 1 && (op == Opcodes.GOTO || !(last instanceof JumpInsnNode));
                for (Integer s : new LinkedHashSet<>(succ)) if (s != null) preds.get(s).add(i);
            }
            for (int i = 0; i < n; i++) {
                boolean implied = i > 0 && !handlers.contains(leaders.get(i)) && !preds.get(i).isEmpty();
                for (int p : preds.get(i)) implied &= pureSingle[p];
                byBci.put(index.of(leaders.get(i)), new BlockShape(calls[i], toInstrumented[i], returns[i], handlers.contains(leaders.get(i)), implied));
            }
        }
    }

    /** Session 33's instructions that cannot throw: locals, constants, stack, arithmetic but integer / and %, conversions, compares, jumps. */
    private static boolean cannotThrow(int op) {
        if (op <= Opcodes.LDC) return true; // nop, constants, bipush, sipush, ldc
        if (op >= Opcodes.ILOAD && op <= Opcodes.ALOAD) return true;
        if (op >= Opcodes.ISTORE && op <= Opcodes.ASTORE) return true;
        if (op >= Opcodes.POP && op <= Opcodes.SWAP) return true;
        if (op == Opcodes.IDIV || op == Opcodes.LDIV || op == Opcodes.IREM || op == Opcodes.LREM) return false;
        if (op >= Opcodes.IADD && op <= Opcodes.DCMPG) return true; // arithmetic, shifts, logic, iinc, conversions, compares
        return op >= Opcodes.IFEQ && op <= Opcodes.GOTO || op == Opcodes.IFNULL || op == Opcodes.IFNONNULL;
    }

    /** The first real instruction of every basic block ({@link BlockLeaders}), in code order as the agent numbers them. */
    private static Set<AbstractInsnNode> leaders(MethodNode m) {
        Set<AbstractInsnNode> leaders = BlockLeaders.of(m);
        Set<AbstractInsnNode> ordered = new LinkedHashSet<>();
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) if (leaders.contains(n)) ordered.add(n);
        return ordered;
    }

    private static AbstractInsnNode real(AbstractInsnNode n) {
        while (n != null && n.getOpcode() < 0) n = n.getNext();
        return n;
    }
}
