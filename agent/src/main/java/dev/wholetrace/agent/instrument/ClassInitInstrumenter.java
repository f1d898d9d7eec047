package dev.wholetrace.agent.instrument;

import dev.wholetrace.bytecode.BytecodeOffsets;
import static dev.wholetrace.agent.instrument.MethodInstrumenter.push;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Class initialization as a hand-over (JLS 12.4.2: a class's initializer completes before any
 * thread uses the class). The end of {@code <clinit>} is a release on the class object, recorded
 * before each of its returns (not on the exceptional exit: the class is then erroneous and never
 * usable). A use is an acquire, probed after every GETSTATIC/PUTSTATIC of a field whose declaring
 * class has a {@code <clinit>}: what an initializer publishes is reached only through its class's
 * static fields. The instruction is what triggers or waits for initialization, so the probe comes
 * after it; it is inserted right behind the instruction, ahead of the access's own heap probe (run
 * this after {@link HeapInstrumenter}), so that the use precedes the data access it orders. The
 * runtime (ClassInitProbes) records a use once per thread and class, and not in the initializing
 * thread. Both probes run in every mode.
 */
final class ClassInitInstrumenter {
    static final String CLASS_INIT = "dev/wholetrace/agent/runtime/ClassInitProbes";

    private ClassInitInstrumenter() {}

    /** A use probe after {@code n}, when it is a static access to a class with an initializer. */
    static void instrument(InsnList code, AbstractInsnNode n, MethodInstrumenter.Site site) {
        if (n.getOpcode() != Opcodes.GETSTATIC && n.getOpcode() != Opcodes.PUTSTATIC) return;
        FieldInsnNode f = (FieldInsnNode) n;
        FieldResolver.Field declared = site.ids().field(f.owner, f.name);
        String owner = declared.declaringClass();
        if (!declared.classInitializes() || ClassInstrumenter.isPlatformClass(owner)) return;
        // A class's own <clinit> runs only in the initializing thread, which never acquires its own end.
        if (site.method().name.equals("<clinit>") && owner.equals(site.ids().className())) return;
        int id = site.id("class init use " + owner.replace('/', '.'));
        InsnList use = new InsnList();
        use.add(push(site.ids().context().classSlot(owner)));
        use.add(push(id));
        use.add(new MethodInsnNode(Opcodes.INVOKESTATIC, CLASS_INIT, "used", "(II)V", false));
        code.insert(f, use);
    }

    /**
     * The end of {@code <clinit>}: before each return, the class object, its slot and the site.
     * Class files older than Java 5 cannot LDC a class; there the runtime takes the caller's class.
     */
    static void instrumentMethod(MethodNode m, MethodInstrumenter.Ids ids, BytecodeOffsets.Index bcis) {
        if (!m.name.equals("<clinit>")) return;
        int slot = ids.context().classSlot(ids.className());
        boolean classConstants = ids.classConstants();
        String probe = classConstants ? "ended" : "endedInCaller";
        String desc = classConstants ? "(Ljava/lang/Class;II)V" : "(II)V";
        MethodBody.beforeEachReturn(m, bcis, (line, bci) -> {
            InsnList end = new InsnList();
            if (classConstants) end.add(new LdcInsnNode(Type.getObjectType(ids.className())));
            end.add(push(slot));
            end.add(push(ids.instruction(m.name, m.desc, line, bci, "class init end")));
            end.add(new MethodInsnNode(Opcodes.INVOKESTATIC, CLASS_INIT, probe, desc, false));
            return end;
        });
    }
}
