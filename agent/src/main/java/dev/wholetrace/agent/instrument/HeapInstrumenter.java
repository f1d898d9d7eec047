package dev.wholetrace.agent.instrument;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;

/** Load/store probes at heap accesses (fields and array elements). */
final class HeapInstrumenter {
    private HeapInstrumenter() {}

    static void instrument(InsnList code, AbstractInsnNode n, MethodInstrumenter.Site site) {
        // Added in the next step.
    }
}
