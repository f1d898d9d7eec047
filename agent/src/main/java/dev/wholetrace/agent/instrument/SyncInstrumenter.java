package dev.wholetrace.agent.instrument;

import static dev.wholetrace.agent.instrument.MethodInstrumenter.probe;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Sync probes at the instructions that synchronize: MONITORENTER (recorded after it, when the
 * monitor is held), MONITOREXIT (before it, while still held), Thread.start (before) and
 * Thread.join (after it returned). See docs/trace-model.md for where each kind is taken.
 */
final class SyncInstrumenter {
    private SyncInstrumenter() {}

    static void instrument(InsnList code, AbstractInsnNode n, MethodInstrumenter.Site site) {
        switch (n.getOpcode()) {
            case Opcodes.MONITORENTER -> {
                int id = site.id("MONITORENTER");
                code.insertBefore(n, new InsnNode(Opcodes.DUP));
                code.insert(n, probe(id, "monitorEnter", "(Ljava/lang/Object;I)V"));
            }
            case Opcodes.MONITOREXIT -> {
                int id = site.id("MONITOREXIT");
                InsnList before = new InsnList();
                before.add(new InsnNode(Opcodes.DUP));
                before.add(probe(id, "monitorExit", "(Ljava/lang/Object;I)V"));
                code.insertBefore(n, before);
            }
            case Opcodes.INVOKEVIRTUAL -> threadCall(code, (MethodInsnNode) n, site);
            default -> { }
        }
    }

    /** Whole-method sync probes (a synchronized method's monitor); after the per-instruction ones. */
    static void instrumentMethod(MethodNode m, MethodInstrumenter.Ids ids) {
        // Synchronized methods: added in the next step.
    }

    private static void threadCall(InsnList code, MethodInsnNode call, MethodInstrumenter.Site site) {
        if (!call.owner.equals("java/lang/Thread") || !call.desc.equals("()V")) return;
        if (call.name.equals("start")) {
            int id = site.id("Thread.start");
            InsnList before = new InsnList();
            before.add(new InsnNode(Opcodes.DUP));
            before.add(probe(id, "threadStart", "(Ljava/lang/Thread;I)V"));
            code.insertBefore(call, before);
        } else if (call.name.equals("join")) {
            int id = site.id("Thread.join");
            code.insertBefore(call, new InsnNode(Opcodes.DUP));
            code.insert(call, probe(id, "threadJoined", "(Ljava/lang/Thread;I)V"));
        }
    }
}
