package dev.wholetrace.agent.instrument;

import dev.wholetrace.bytecode.BytecodeOffsets;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Probes around a method's whole body: one at entry, one before every return, and one on the
 * exceptional exit, through a catch-all handler around the original body that rethrows (a
 * synchronized method's monitor, a fork/join task's run).
 *
 * <p>The handler needs a stack map frame, and the agent does not compute frames (that would load
 * classes). Its frame declares only what the handler uses: local 0 as java/lang/Object for an
 * instance method (every reference is assignable to Object without loading anything; javac never
 * stores another value into `this`), no locals for a static one, and the Throwable on the stack.
 * Every state inside the body is assignable to that frame. The handler comes last in the exception
 * table, so the method's own handlers, nested inside it, still catch first. The frame is an
 * expanded one (F_NEW), as ClassInstrumenter reads every frame; in a class file older than Java 6,
 * which has no frames, ASM writes none for it.
 */
final class MethodBody {
    /** A stack-neutral probe at {@code site}: at the entry, or at an exit. */
    interface Probe {
        InsnList at(int site, boolean entry);
    }

    private MethodBody() {}

    /** What goes before a return: {@code line} is where it stands, {@code bci} its original bytecode index. */
    interface AtReturn {
        InsnList at(int line, int bci);
    }

    /**
     * Wraps {@code m}'s body in {@code probe}s whose sites' code-map texts are {@code what} + " entry",
     * " exit" and " exit (exception)". Their bytecode indexes: 0 for the entry (the method's first
     * instruction), the return's for an exit, -1 for the exceptional exit (no single instruction).
     */
    static void wrap(MethodNode m, MethodInstrumenter.Ids ids, BytecodeOffsets.Index bcis, String what, Probe probe) {
        int firstLine = MethodInstrumenter.firstLine(m);
        beforeEachReturn(m, bcis, (line, bci) -> probe.at(ids.instruction(m.name, m.desc, line, bci, what + " exit"), false));
        InsnList code = m.instructions;
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        InsnList entry = probe.at(ids.instruction(m.name, m.desc, firstLine, 0, what + " entry"), true);
        entry.add(start);
        code.insert(entry);
        code.add(end);
        code.add(handler);
        Object[] locals = (m.access & Opcodes.ACC_STATIC) != 0 ? new Object[0] : new Object[] {"java/lang/Object"};
        code.add(new FrameNode(Opcodes.F_NEW, locals.length, locals, 1, new Object[] {"java/lang/Throwable"}));
        code.add(probe.at(ids.instruction(m.name, m.desc, firstLine, -1, what + " exit (exception)"), false));
        code.add(new InsnNode(Opcodes.ATHROW));
        m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    /** Inserts {@code probe.at(line, bci)} before every return instruction of {@code m} ({@link AtReturn}). */
    static void beforeEachReturn(MethodNode m, BytecodeOffsets.Index bcis, AtReturn probe) {
        int line = MethodInstrumenter.firstLine(m);
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LineNumberNode ln) line = ln.line;
            int op = n.getOpcode();
            if (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) m.instructions.insertBefore(n, probe.at(line, bcis.of(n)));
        }
    }
}
