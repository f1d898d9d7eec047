package dev.wholetrace.agent.instrument;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Keeps C1 compiling methods whose exception handlers cover themselves once probes are in them.
 *
 * <p>javac makes the handler of a {@code finally} and of a {@code synchronized} block cover its own
 * first instructions (the store of the exception, the monitor's release), which cannot throw in C1's
 * view. The probes in front of that store (the handler's block probe, the release's sync probe) are
 * calls, which can: covered by their own handler, they give C1 an exception edge back into a block
 * it has parsed already, and it gives up on the whole method ("exception handler covers itself";
 * H2's {@code MVMap.operate}, {@code Command.executeUpdate}, the Guava driver's worker loop ran in the
 * interpreter until C2 took them, if ever; docs/results/overhead-profile.md, "Session 48"). So the
 * handler's range is made to start at the store, after the probes. The probes of a monitor's release
 * must still be covered by a catch-all that releases the monitor (else HotSpot finds the monitors
 * unbalanced and compiles the method with neither compiler): a handler of their own, appended at the
 * method's end, "ALOAD monitor; MONITOREXIT; ATHROW", covered by the handlers that covered the handler's
 * own code (an enclosing block's monitor is still held there). The probes never throw, so none of this changes
 * what the program does.
 */
final class SelfCoveringHandlers {
    private SelfCoveringHandlers() {}

    /** Takes the probes at the start of every handler of {@code m} that covers itself out of its own range. */
    static void split(MethodNode m) {
        if (m.tryCatchBlocks == null || m.tryCatchBlocks.isEmpty()) return;
        InsnList code = m.instructions;
        for (int t = 0; t < m.tryCatchBlocks.size(); t++) {
            TryCatchBlockNode tcb = m.tryCatchBlocks.get(t);
            int handler = code.indexOf(tcb.handler);
            if (handler < code.indexOf(tcb.start) || handler >= code.indexOf(tcb.end)) continue;
            FrameNode frame = null;
            AbstractInsnNode first = tcb.handler;
            while (first != null && first.getOpcode() < 0) {
                if (first instanceof FrameNode f) frame = f;
                first = first.getNext();
            }
            // the probes: from the handler's first instruction to the exception's store; anything else there (bytecode
            // not javac's: a call of the program before the store) keeps its handler, which catches what it throws
            AbstractInsnNode store = first;
            boolean calls = false, probesOnly = true;
            while (store != null && store.getOpcode() != Opcodes.ASTORE && code.indexOf(store) < code.indexOf(tcb.end)) {
                calls |= store instanceof MethodInsnNode;
                probesOnly &= isProbeCode(store);
                store = store.getNext();
            }
            if (!calls || !probesOnly || store == null || store.getOpcode() != Opcodes.ASTORE || frame == null) continue;
            LabelNode stored = new LabelNode();
            code.insertBefore(store, stored);
            AbstractInsnNode load = next(store);
            boolean releases = load != null && load.getOpcode() == Opcodes.ALOAD && next(load) != null
                    && next(load).getOpcode() == Opcodes.MONITOREXIT;
            if (tcb.start == tcb.handler) {
                tcb.start = stored;
            } else { // the range begins before its handler: keep that part, cover the rest from the store on
                m.tryCatchBlocks.add(++t, new TryCatchBlockNode(stored, tcb.end, tcb.handler, tcb.type));
                tcb.end = tcb.handler;
            }
            if (releases) {
                LabelNode release = new LabelNode(), released = new LabelNode();
                // the handlers around this one's code (an enclosing synchronized block's catch-all): they cover the
                // release too, else its rethrow leaves with their monitors held and HotSpot finds them unbalanced
                List<TryCatchBlockNode> around = new ArrayList<>();
                for (TryCatchBlockNode other : m.tryCatchBlocks) {
                    if (other != tcb && code.indexOf(other.start) <= handler && handler < code.indexOf(other.end)) {
                        around.add(new TryCatchBlockNode(release, released, other.handler, other.type));
                    }
                }
                m.tryCatchBlocks.add(0, new TryCatchBlockNode(tcb.handler, stored, release, null));
                t++;
                m.tryCatchBlocks.addAll(around);
                code.add(release);
                // the handler's locals; its stack is a Throwable, whatever type the handler it stands for catches
                code.add(new FrameNode(Opcodes.F_NEW, frame.local.size(), frame.local.toArray(), 1, new Object[] {"java/lang/Throwable"}));
                code.add(new VarInsnNode(Opcodes.ALOAD, ((VarInsnNode) load).var));
                code.add(new InsnNode(Opcodes.MONITOREXIT));
                code.add(new InsnNode(Opcodes.ATHROW));
                code.add(released);
            }
        }
    }

    /**
     * Whether {@code n} can be part of the agent's probes: a call of the agent's runtime or of the thread's recorder
     * (a block probe through the thread's handle, ThreadHandleLocal), or what pushes its arguments
     * (a constant, a local, a DUP), none of which can throw.
     */
    private static boolean isProbeCode(AbstractInsnNode n) {
        int op = n.getOpcode();
        if (n instanceof MethodInsnNode call) return call.owner.startsWith(AGENT_RUNTIME) || call.owner.equals(ThreadHandleLocal.HANDLE);
        return op < 0 || op == Opcodes.DUP || op >= Opcodes.ACONST_NULL && op <= Opcodes.LDC
                || op >= Opcodes.ILOAD && op <= Opcodes.ALOAD;
    }

    private static final String AGENT_RUNTIME = "dev/wholetrace/agent/runtime/";

    private static AbstractInsnNode next(AbstractInsnNode n) {
        AbstractInsnNode p = n.getNext();
        while (p != null && p.getOpcode() < 0) p = p.getNext();
        return p;
    }
}
