package dev.wholetrace.bytecode;

import java.util.LinkedHashSet;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Where the agent's basic blocks begin: the one rule that decides which instructions lead a block,
 * shared by the agent (which probes each leader) and by any tool that must find the same blocks in
 * a class file (a harness replaying a recording against the bytecode).
 */
public final class BlockLeaders {
    private BlockLeaders() {}

    /**
     * The first real instruction of every basic block: the method's first instruction, each
     * exception handler, each jump or switch target, and each instruction after a jump, switch,
     * return or throw. The method's first instruction comes first in the set, the others in no
     * useful order: the agent numbers blocks in code order, by testing each instruction.
     */
    public static Set<AbstractInsnNode> of(MethodNode m) {
        Set<AbstractInsnNode> leaders = new LinkedHashSet<>();
        addReal(leaders, m.instructions.getFirst());
        for (TryCatchBlockNode tc : m.tryCatchBlocks) addReal(leaders, tc.handler);
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof JumpInsnNode j) {
                addReal(leaders, j.label);
                addReal(leaders, n.getNext());
            } else if (n instanceof TableSwitchInsnNode t) {
                addReal(leaders, t.dflt);
                for (LabelNode l : t.labels) addReal(leaders, l);
                addReal(leaders, n.getNext());
            } else if (n instanceof LookupSwitchInsnNode t) {
                addReal(leaders, t.dflt);
                for (LabelNode l : t.labels) addReal(leaders, l);
                addReal(leaders, n.getNext());
            } else if (endsBlock(n.getOpcode())) {
                addReal(leaders, n.getNext());
            }
        }
        return leaders;
    }

    private static boolean endsBlock(int opcode) {
        return opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN || opcode == Opcodes.ATHROW;
    }

    /** Adds the first real instruction at or after {@code n} (labels, lines and frames are not). */
    private static void addReal(Set<AbstractInsnNode> leaders, AbstractInsnNode n) {
        while (n != null && n.getOpcode() < 0) n = n.getNext();
        if (n != null) leaders.add(n);
    }
}
