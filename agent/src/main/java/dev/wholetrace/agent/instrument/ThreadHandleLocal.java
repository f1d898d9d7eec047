package dev.wholetrace.agent.instrument;

import dev.wholetrace.recorder.ThreadRecorder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
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
 * has the same name (the block probes' calls on it resolve the class, from the agent jar like the
 * probes' own classes).
 */
final class ThreadHandleLocal {
    /**
     * The handle's class, as instrumented code names it: from the class itself, since the agent
     * jar relocates the recorder's package (a string constant would keep the unrelocated name).
     */
    static final String HANDLE = Type.getInternalName(ThreadRecorder.class);

    private ThreadHandleLocal() {}

    /**
     * Adds the local to {@code m} (read with expanded frames, not yet probed): its slot, and the
     * local in every frame. Returns the slot; {@link #fetch} is the code that sets it.
     */
    static int add(MethodNode m) {
        int slot = m.maxLocals;
        m.maxLocals += 1;
        List<FrameNode> frames = new ArrayList<>();
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof FrameNode f) frames.add(f);
        }
        for (FrameNode f : frames) declare(f, slot);
        return slot;
    }

    /**
     * Sets the local at {@code slot}: {@code Probes.handle()}, or with {@code firstBlock} >= 0
     * {@code Probes.enter(firstBlock)}, which also records the method's first block (one call at
     * entry instead of two). Goes before the method's first label.
     */
    static InsnList fetch(int slot, int firstBlock) {
        InsnList l = new InsnList();
        if (firstBlock >= 0) {
            l.add(MethodInstrumenter.push(firstBlock));
            l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodInstrumenter.PROBES, "enter", "(I)L" + HANDLE + ";", false));
        } else {
            l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodInstrumenter.PROBES, "handle", "()L" + HANDLE + ";", false));
        }
        l.add(new VarInsnNode(Opcodes.ASTORE, slot));
        return l;
    }

    /**
     * Whether a jump, switch or exception handler can reach {@code m}'s first instruction: its
     * first block is then entered more than once per invocation, and is probed where it starts.
     */
    static boolean firstInstructionIsTarget(MethodNode m) {
        Set<LabelNode> front = new HashSet<>();
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null && n.getOpcode() < 0; n = n.getNext()) {
            if (n instanceof LabelNode l) front.add(l);
        }
        if (front.isEmpty()) return false;
        for (TryCatchBlockNode tc : m.tryCatchBlocks) {
            if (front.contains(tc.handler)) return true;
        }
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof JumpInsnNode j && front.contains(j.label)) return true;
            if (n instanceof TableSwitchInsnNode t && (front.contains(t.dflt) || t.labels.stream().anyMatch(front::contains))) return true;
            if (n instanceof LookupSwitchInsnNode t && (front.contains(t.dflt) || t.labels.stream().anyMatch(front::contains))) return true;
        }
        return false;
    }

    /**
     * {@code handle.block(id)}: stack-neutral. A call on the handle itself, not through a static
     * probe with a null check and an exception handler of its own (the handle is never null, and
     * its block method never throws): per block the JIT inlines one small method, so large
     * instrumented methods keep more of their inlining budget and compile to less code.
     */
    static InsnList blockProbe(int slot, int id) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, slot));
        l.add(MethodInstrumenter.push(id));
        l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, HANDLE, "block", "(I)V", false));
        return l;
    }

    /** Appends the local at {@code slot} to an expanded frame's locals, with TOP in the slots between. */
    private static void declare(FrameNode f, int slot) {
        declare(f, slot, HANDLE);
    }

    /** Appends a local of {@code type} at {@code slot}, past the frame's locals, with TOP in the slots between. */
    static void declare(FrameNode f, int slot, Object type) {
        if (f.type != Opcodes.F_NEW) throw new IllegalStateException("frames must be expanded (ClassReader.EXPAND_FRAMES), got type " + f.type);
        List<Object> locals = f.local == null ? new ArrayList<>() : new ArrayList<>(f.local);
        int used = 0;
        for (Object t : locals) used += t == Opcodes.LONG || t == Opcodes.DOUBLE ? 2 : 1;
        while (used < slot) {
            locals.add(Opcodes.TOP);
            used++;
        }
        locals.add(type);
        f.local = locals;
    }
}
