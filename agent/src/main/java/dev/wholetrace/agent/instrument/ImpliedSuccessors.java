package dev.wholetrace.agent.instrument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The blocks of a method that need no probe because the block before them implies them (issue
 * 15: fewer events for the same information). Block B is implied when every block A that can
 * reach it
 * <ul>
 *   <li>has B as its only successor (it ends in {@code GOTO B} or runs into B's label), and</li>
 *   <li>cannot throw once its probe has run: only local, constant, stack, arithmetic (no integer
 *       division), conversion and compare instructions, so that A's event is always followed by
 *       B's,</li>
 * </ul>
 * and B is neither the method's first block nor an exception handler. The recorder then puts B
 * back after each such A (recorder/ImpliedBlocks), so the trace is the one a probe at B would
 * have made. Loop headers are the common case: {@code i = 0} runs into the header and
 * {@code i++; goto header} jumps back to it. A cycle of implied blocks (an endless loop without a
 * throwing instruction) keeps one probe, so every chain of implied blocks ends.
 *
 * <p>Not covered: {@code Thread.stop} (JDK 17 still delivers its asynchronous ThreadDeath at a
 * safepoint, which may sit inside a non-throwing block); its trace would show B although the
 * thread died in A. The API is deprecated for removal and throws on JDK 20 and later.
 */
final class ImpliedSuccessors {
    private ImpliedSuccessors() {}

    /** Block leader A → the leader of the block A implies, for every implied block; empty when none. */
    static Map<AbstractInsnNode, AbstractInsnNode> of(MethodNode m, Set<AbstractInsnNode> leaders) {
        if (leaders.size() < 2) return Map.of();
        List<AbstractInsnNode> blocks = new ArrayList<>(leaders.size()); // leaders in code order
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.JSR || n.getOpcode() == Opcodes.RET) return Map.of(); // subroutines: no static successors
            if (leaders.contains(n)) blocks.add(n);
        }
        Set<AbstractInsnNode> excluded = new HashSet<>();
        excluded.add(blocks.get(0));
        for (TryCatchBlockNode tc : m.tryCatchBlocks) excluded.add(real(tc.handler));
        Map<AbstractInsnNode, List<AbstractInsnNode>> predecessors = new IdentityHashMap<>();
        Map<AbstractInsnNode, AbstractInsnNode> single = new IdentityHashMap<>(); // A → its only successor, when A cannot throw
        for (int k = 0; k < blocks.size(); k++) {
            AbstractInsnNode leader = blocks.get(k);
            AbstractInsnNode nextLeader = k + 1 < blocks.size() ? blocks.get(k + 1) : null;
            AbstractInsnNode last = null;
            boolean safe = true;
            for (AbstractInsnNode n = leader; n != null && n != nextLeader; n = n.getNext()) {
                if (n.getOpcode() < 0) continue;
                last = n;
                safe &= cannotThrow(n);
            }
            List<AbstractInsnNode> successors = successors(last, nextLeader);
            for (AbstractInsnNode s : successors) predecessors.computeIfAbsent(s, x -> new ArrayList<>()).add(leader);
            if (safe && successors.size() == 1) single.put(leader, successors.get(0));
        }
        Map<AbstractInsnNode, AbstractInsnNode> implied = new LinkedHashMap<>();
        for (AbstractInsnNode b : blocks) {
            List<AbstractInsnNode> preds = predecessors.get(b);
            if (excluded.contains(b) || preds == null) continue;
            boolean all = true;
            for (AbstractInsnNode a : preds) all &= a != b && single.get(a) == b;
            if (all) for (AbstractInsnNode a : preds) implied.put(a, b);
        }
        breakCycles(implied);
        return implied;
    }

    /** The blocks control can pass to after {@code last} (the block's last instruction), exceptions aside. */
    private static List<AbstractInsnNode> successors(AbstractInsnNode last, AbstractInsnNode nextLeader) {
        List<AbstractInsnNode> out = new ArrayList<>(2);
        if (last instanceof JumpInsnNode j) {
            out.add(real(j.label));
            if (last.getOpcode() != Opcodes.GOTO && nextLeader != null) out.add(nextLeader);
        } else if (last instanceof TableSwitchInsnNode t) {
            out.add(real(t.dflt));
            for (LabelNode l : t.labels) out.add(real(l));
        } else if (last instanceof LookupSwitchInsnNode t) {
            out.add(real(t.dflt));
            for (LabelNode l : t.labels) out.add(real(l));
        } else if (last != null && !(last.getOpcode() >= Opcodes.IRETURN && last.getOpcode() <= Opcodes.RETURN || last.getOpcode() == Opcodes.ATHROW)
                && nextLeader != null) {
            out.add(nextLeader);
        }
        return out;
    }

    /**
     * Whether the instruction can throw no exception the JVM specification names: loads and
     * stores of locals, constants (LDC of a number or string), stack manipulation, arithmetic but
     * integer division and remainder, shifts, logic, conversions, compares, IINC and GOTO.
     */
    static boolean cannotThrow(AbstractInsnNode n) {
        int op = n.getOpcode();
        if (op == Opcodes.LDC) {
            Object c = ((LdcInsnNode) n).cst;
            return c instanceof Number || c instanceof String;
        }
        if (op == Opcodes.IDIV || op == Opcodes.LDIV || op == Opcodes.IREM || op == Opcodes.LREM) return false;
        return op >= Opcodes.NOP && op <= Opcodes.SIPUSH    // constants
                || op >= Opcodes.ILOAD && op <= Opcodes.ALOAD
                || op >= Opcodes.ISTORE && op <= Opcodes.ASTORE
                || op >= Opcodes.POP && op <= Opcodes.DCMPG     // stack, arithmetic, shifts, logic, IINC, conversions, compares
                || op == Opcodes.GOTO;
    }

    /** Keeps every chain finite: in each cycle of A → B links, one block keeps its probe. */
    private static void breakCycles(Map<AbstractInsnNode, AbstractInsnNode> implied) {
        Map<AbstractInsnNode, Integer> state = new HashMap<>(); // 1: on the current walk, 2: done
        for (AbstractInsnNode start : new ArrayList<>(implied.keySet())) {
            List<AbstractInsnNode> walk = new ArrayList<>();
            AbstractInsnNode n = start;
            while (n != null && !state.containsKey(n)) {
                state.put(n, 1);
                walk.add(n);
                n = implied.get(n);
            }
            if (n != null && state.get(n) == 1) { // n is on this walk: a cycle through n; n keeps its probe
                AbstractInsnNode kept = n;
                implied.values().removeIf(b -> b == kept);
            }
            for (AbstractInsnNode w : walk) state.put(w, 2);
        }
    }

    /** The first real instruction at or after {@code n}, as MethodInstrumenter.leaders names blocks. */
    private static AbstractInsnNode real(AbstractInsnNode n) {
        while (n != null && n.getOpcode() < 0) n = n.getNext();
        return n;
    }
}
