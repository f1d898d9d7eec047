package dev.wholetrace.agent.instrument;

import dev.wholetrace.bytecode.BytecodeOffsets;
import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The application's handlers that can catch an InterruptedException (of that type, {@code
 * Exception} or {@code Throwable}) get {@code SyncInterrupts.caught(exception, site)} at their
 * entry: a thread that has an InterruptedException thrown has determined that it was interrupted
 * (JLS 17.4.4), whichever call threw it (sleep, join, wait, a queue's take, …). The probe
 * duplicates the exception the handler starts with and consumes the copy, so the handler's frame
 * (the exception on the stack) stays as it is. Handlers the agent added (catch-alls) are not
 * touched: they have no type.
 */
final class InterruptedHandlers {
    private static final Set<String> TYPES = Set.of("java/lang/InterruptedException", "java/lang/Exception", "java/lang/Throwable");

    private InterruptedHandlers() {}

    static void instrumentMethod(MethodNode m, MethodInstrumenter.Ids ids, BytecodeOffsets.Index bcis) {
        if (m.tryCatchBlocks == null) return;
        Set<LabelNode> done = new HashSet<>();
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            if (tcb.type == null || !TYPES.contains(tcb.type) || !done.add(tcb.handler)) continue;
            AbstractInsnNode at = tcb.handler; // insert after the label and the frame and line number that follow it
            while (at.getNext() != null && at.getNext().getOpcode() < 0) at = at.getNext();
            int site = ids.instruction(m.name, m.desc, line(tcb.handler), bci(at, bcis), "catch " + SyncInstrumenter.simpleName(tcb.type)
                    + " (interrupted)");
            InsnList probe = new InsnList();
            probe.add(new InsnNode(Opcodes.DUP));
            probe.add(MethodInstrumenter.probe(site, "dev/wholetrace/agent/runtime/SyncInterrupts", "caught", "(Ljava/lang/Throwable;I)V"));
            m.instructions.insert(at, probe);
        }
    }

    /** The handler's first original instruction's bci (probes inserted before it have none). */
    private static int bci(AbstractInsnNode at, BytecodeOffsets.Index bcis) {
        for (AbstractInsnNode n = at.getNext(); n != null; n = n.getNext()) {
            int bci = bcis.of(n);
            if (bci >= 0) return bci;
        }
        return -1;
    }

    /** The handler's source line: the line number right after its label, else the last one before it. */
    private static int line(AbstractInsnNode handler) {
        for (AbstractInsnNode n = handler.getNext(); n != null && n.getOpcode() < 0; n = n.getNext()) {
            if (n instanceof LineNumberNode ln) return ln.line;
        }
        for (AbstractInsnNode n = handler; n != null; n = n.getPrevious()) {
            if (n instanceof LineNumberNode ln) return ln.line;
        }
        return 0;
    }
}
