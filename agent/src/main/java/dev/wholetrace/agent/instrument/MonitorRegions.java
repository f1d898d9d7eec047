package dev.wholetrace.agent.instrument;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Keeps a probe placed right after a MONITORENTER inside the monitor's protected region, so that the
 * JIT still compiles the method.
 *
 * <p>javac (and ecj) protect a {@code synchronized} block with a catch-all handler that releases the
 * monitor and rethrows, from the first instruction after MONITORENTER. A probe inserted right after
 * MONITORENTER came before that range: a call that may throw while the monitor is held, which no
 * handler releases. HotSpot's monitor-matching analysis (GenerateOopMap) then finds the method's
 * monitors unbalanced ("non-empty monitor stack at exceptional exit", or "monitor stack height merge
 * conflict" when an enclosing handler catches it), and neither C1 nor C2 compiles such a method: it
 * ran in the interpreter for the whole run (the Guava driver's worker loop, 58 % of its threads'
 * samples in COR; docs/results/overhead-profile.md, "Session 48"). The probe never throws, so
 * widening the range to take it in changes nothing the program can see.
 */
public final class MonitorRegions {
    private MonitorRegions() {}

    /**
     * Inserts {@code probe} right after {@code monitorEnter} and starts there every try-catch block of
     * {@code m} that started at the first instruction after it (labels, line numbers and frames
     * skipped): the probe is then covered by the handlers that covered that instruction.
     */
    public static void insertAfterEnter(MethodNode m, AbstractInsnNode monitorEnter, InsnList probe) {
        InsnList code = m.instructions;
        AbstractInsnNode next = monitorEnter.getNext();
        code.insert(monitorEnter, probe);
        if (m.tryCatchBlocks == null || m.tryCatchBlocks.isEmpty()) return;
        LabelNode start = null;
        for (AbstractInsnNode n = next; n != null && n.getOpcode() < 0; n = n.getNext()) {
            if (!(n instanceof LabelNode label)) continue;
            for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
                if (tcb.start != label) continue;
                if (start == null) {
                    start = new LabelNode();
                    code.insert(monitorEnter, start);
                }
                tcb.start = start;
            }
        }
    }

    /** The instruction before {@code n}, labels, line numbers and frames skipped; null at the start. */
    static AbstractInsnNode previous(AbstractInsnNode n) {
        AbstractInsnNode p = n.getPrevious();
        while (p != null && p.getOpcode() < 0) p = p.getPrevious();
        return p;
    }
}
