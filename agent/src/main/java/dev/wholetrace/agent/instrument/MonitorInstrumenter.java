package dev.wholetrace.agent.instrument;

import static dev.wholetrace.agent.instrument.MethodInstrumenter.push;
import static dev.wholetrace.agent.instrument.SyncCall.OBJECT;
import static dev.wholetrace.agent.instrument.SyncCall.SYNC_PROBES;

import dev.wholetrace.bytecode.BytecodeOffsets;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Monitors: MONITORENTER (recorded after it, when the monitor is held), MONITOREXIT (before it,
 * while still held), and synchronized methods, whose monitor the JVM takes before the first
 * instruction and releases at every return and when an exception leaves the method: the lock at
 * entry, the unlock before every return and on the exceptional exit ({@link MethodBody}).
 */
final class MonitorInstrumenter {
    private MonitorInstrumenter() {}

    static void instrument(InsnList code, AbstractInsnNode n, MethodInstrumenter.Site site) {
        if (n.getOpcode() == Opcodes.MONITORENTER) {
            int id = site.id("MONITORENTER");
            code.insertBefore(n, new InsnNode(Opcodes.DUP));
            MonitorRegions.insertAfterEnter(site.method(), n, MethodInstrumenter.probe(id, SYNC_PROBES, "monitorEnter", "(" + OBJECT + "I)V"));
        } else if (n.getOpcode() == Opcodes.MONITOREXIT) {
            int id = site.id("MONITOREXIT");
            InsnList probe = MethodInstrumenter.probe(id, SYNC_PROBES, "monitorExit", "(" + OBJECT + "I)V");
            VarInsnNode store = exceptionStore(site.method(), n);
            if (store != null) {
                // javac's release on the exceptional path: recorded before the handler stores the exception, so that the
                // handler's own range covers no call after a store to a local (SelfCoveringHandlers)
                probe.insert(new VarInsnNode(Opcodes.ALOAD, ((VarInsnNode) MonitorRegions.previous(n)).var));
                code.insertBefore(store, probe);
            } else {
                probe.insert(new InsnNode(Opcodes.DUP));
                code.insertBefore(n, probe);
            }
        }
    }

    /**
     * The ASTORE of javac's release of a monitor when an exception leaves its block, "ASTORE t; ALOAD m;
     * MONITOREXIT" in a handler that covers itself, or null for any other MONITOREXIT.
     */
    private static VarInsnNode exceptionStore(MethodNode m, AbstractInsnNode exit) {
        AbstractInsnNode load = MonitorRegions.previous(exit);
        AbstractInsnNode store = load == null ? null : MonitorRegions.previous(load);
        if (load == null || load.getOpcode() != Opcodes.ALOAD || store == null || store.getOpcode() != Opcodes.ASTORE) return null;
        if (m.tryCatchBlocks == null) return null;
        InsnList code = m.instructions;
        int at = code.indexOf(store);
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            int handler = code.indexOf(tcb.handler);
            if (code.indexOf(tcb.start) <= handler && handler < at && at < code.indexOf(tcb.end)) return (VarInsnNode) store;
        }
        return null;
    }

    /** A synchronized method's lock and unlocks. */
    static void instrumentMethod(MethodNode m, MethodInstrumenter.Ids ids, BytecodeOffsets.Index bcis) {
        if ((m.access & Opcodes.ACC_SYNCHRONIZED) != 0) MethodBody.wrap(m, ids, bcis, "synchronized method", Monitor.of(m, ids)::probe);
    }

    /**
     * A synchronized method's monitor: {@code this}, or the class object of a static method, pushed
     * with LDC. Class files older than Java 5 cannot LDC a class: there the runtime finds the class
     * once from the caller's frame, caching it under a slot numbering such methods.
     */
    private record Monitor(boolean isStatic, String className, int slot) {
        static Monitor of(MethodNode m, MethodInstrumenter.Ids ids) {
            if ((m.access & Opcodes.ACC_STATIC) == 0) return new Monitor(false, null, -1);
            if (ids.classConstants()) return new Monitor(true, ids.className(), -1);
            return new Monitor(true, null, ids.context().classMonitorSlot());
        }

        /** Records the lock ({@code enter}) or unlock of the monitor at {@code site}; stack-neutral. */
        InsnList probe(int site, boolean enter) {
            InsnList l = new InsnList();
            if (isStatic && className == null) {
                l.add(push(slot));
                l.add(MethodInstrumenter.probe(site, SYNC_PROBES, enter ? "classMonitorEnter" : "classMonitorExit", "(II)V"));
                return l;
            }
            l.add(isStatic ? new LdcInsnNode(Type.getObjectType(className)) : new VarInsnNode(Opcodes.ALOAD, 0));
            l.add(MethodInstrumenter.probe(site, SYNC_PROBES, enter ? "monitorEnter" : "monitorExit", "(" + OBJECT + "I)V"));
            return l;
        }
    }
}
