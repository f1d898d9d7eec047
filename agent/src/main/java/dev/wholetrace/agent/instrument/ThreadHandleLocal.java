package dev.wholetrace.agent.instrument;

import dev.wholetrace.recorder.ThreadRecorder;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * A local that holds the calling thread's recording handle for one invocation of a method, so that
 * its block probes write into the handle's buffer without looking the thread up each time (a
 * ThreadLocal lookup per block was the largest part of the probe's cost). The handle is fetched
 * once, before the method's first label (so a loop back to the first instruction does not fetch it
 * again), and belongs to the Java thread that runs the invocation: a frame never moves to another
 * thread (a virtual thread that changes carrier is still the same Java thread).
 *
 * <p>Stack map frames must declare the new local wherever a block probe after a branch target reads
 * it: the class is read with expanded frames ({@code ClassReader.EXPAND_FRAMES}, every frame a full
 * F_NEW one) and the local is appended to each frame the method had, padded with TOP up to its slot.
 * Its type is named, never loaded, by the verifier: the value comes from a method whose return type
 * has the same name.
 */
final class ThreadHandleLocal {
    /**
     * The handle's class, as instrumented code names it: from the class itself, since the agent
     * jar relocates the recorder's package (a string constant would keep the unrelocated name).
     */
    static final String HANDLE = Type.getInternalName(ThreadRecorder.class);

    private ThreadHandleLocal() {}

    /**
     * Adds the local to {@code m} (read with expanded frames, not yet probed): the fetch at the
     * start and the local in every frame. Returns its slot.
     */
    static int add(MethodNode m) {
        int slot = m.maxLocals;
        m.maxLocals += 1;
        List<FrameNode> frames = new ArrayList<>();
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof FrameNode f) frames.add(f);
        }
        for (FrameNode f : frames) declare(f, slot);
        InsnList fetch = new InsnList();
        fetch.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodInstrumenter.PROBES, "handle", "()L" + HANDLE + ";", false));
        fetch.add(new VarInsnNode(Opcodes.ASTORE, slot));
        m.instructions.insert(fetch);
        return slot;
    }

    /** {@code Probes.block(handle, id)}: stack-neutral. */
    static InsnList blockProbe(int slot, int id) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, slot));
        l.add(MethodInstrumenter.push(id));
        l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodInstrumenter.PROBES, "block", "(L" + HANDLE + ";I)V", false));
        return l;
    }

    /** Appends the local at {@code slot} to an expanded frame's locals, with TOP in the slots between. */
    private static void declare(FrameNode f, int slot) {
        if (f.type != Opcodes.F_NEW) throw new IllegalStateException("frames must be expanded (ClassReader.EXPAND_FRAMES), got type " + f.type);
        List<Object> locals = f.local == null ? new ArrayList<>() : new ArrayList<>(f.local);
        int used = 0;
        for (Object t : locals) used += t == Opcodes.LONG || t == Opcodes.DOUBLE ? 2 : 1;
        while (used < slot) {
            locals.add(Opcodes.TOP);
            used++;
        }
        locals.add(HANDLE);
        f.local = locals;
    }
}
