package dev.wholetrace.agent.instrument;

import dev.wholetrace.bytecode.BlockLeaders;
import dev.wholetrace.bytecode.BytecodeOffsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Adds probes to one method: a block probe at every basic-block leader (the first instruction,
 * jump and switch targets, the instruction after a jump, switch, return or throw, exception-handler
 * starts), then lets {@link SyncInstrumenter}, {@link HeapInstrumenter}, {@link CollectionCallInstrumenter}
 * and {@link ClassInitInstrumenter} probe the instructions they care about. Every probe leaves the
 * operand stack as it found it, so the method's stack map frames stay valid as they are; the one
 * local the block probes add, the thread's recording handle, is appended to every frame
 * ({@link ThreadHandleLocal}).
 */
final class MethodInstrumenter {
    static final String PROBES = "dev/wholetrace/agent/runtime/Probes";

    /**
     * Where block and instruction ids come from, and where their code-map entries go; what the
     * class is. {@code bci} is the offset in the method's original code array of the block's first
     * instruction or of the instruction, -1 when there is no single one.
     */
    interface Ids {
        int block(String method, String descriptor, int line, int bci, String text);

        int instruction(String method, String descriptor, int line, int bci, String text);

        /** Consecutive instruction ids, one per text, all at the same place; returns the first. */
        int instructions(String method, String descriptor, int line, int bci, String[] texts);

        /** The class being instrumented (internal name) and its superclass. */
        String className();

        String superName();

        /** Whether the class's superclass, or one of its superclasses, is one of {@code classes} (internal names). */
        default boolean extendsAny(Set<String> classes) {
            return classes.contains(superName());
        }

        /** Whether the class is an interface (its generated methods are then interface methods). */
        boolean isInterface();

        /** Whether LDC of a class constant is allowed (class files of version 49, Java 5, on). */
        boolean classConstants();

        /** What the instrumentation of the whole run shares: slot numbering, whether heap accesses are probed. */
        InstrumentationContext context();

        /** Where a field an instruction names is declared, and whether it is volatile. */
        FieldResolver.Field field(String owner, String name);

        /** Whether the class itself declares a field named {@code name} (not a superclass or an interface). */
        default boolean declaresField(String name) {
            return false;
        }

        /**
         * Whether resolving a class the class's code names may run the program's code: its defining loader, or
         * one it delegates to, is the program's own ({@link CountedLoops#programLoader}). False only for the
         * JDK's loaders (the application class path's among them), whose {@code loadClass} is the JDK's.
         */
        default boolean programLoader() {
            return true;
        }

        /** The JDK class whose {@code name desc} a call on application class {@code owner} inherits, or null ({@link FieldResolver#inheritedFromJdk}). */
        default String inheritedFromJdk(String owner, String name, String desc) {
            return null;
        }

        /**
         * A new private static synthetic method of the class, with a fresh name and {@code descriptor}
         * and no code yet: added to the class after its own methods were instrumented.
         */
        MethodNode syntheticMethod(String descriptor);
    }

    private MethodInstrumenter() {}

    /**
     * Probes {@code m} at {@code level} (see {@link Probing}). {@code offsets} are the bytecode
     * indexes of its instructions in the class file ({@link BytecodeOffsets}; null when unknown):
     * {@code m} must be as ClassReader made it. {@code fenced} are its class's plain field accesses
     * that fences make releases or acquires ({@link FencedAccesses}).
     */
    static void instrument(MethodNode m, Ids ids, Probing level, int[] offsets, Set<AbstractInsnNode> fenced) {
        InsnList code = m.instructions;
        if (code.size() == 0 || level == Probing.NONE) return;
        BytecodeOffsets.Index bcis = BytecodeOffsets.index(m, offsets); // before any probe is inserted
        Set<AbstractInsnNode> leaders = level == Probing.ENTRY || !level.blocks() ? Set.of() : BlockLeaders.of(m);
        if (level == Probing.ENTRY) {
            // Before every label, so that a loop back to the first instruction does not repeat it.
            code.insert(probe(ids.block(m.name, m.desc, firstLine(m), 0, "method entry (coarse: the method's blocks are not probed)"),
                    "block", "(I)V"));
        }
        int handle = leaders.isEmpty() ? -1 : ThreadHandleLocal.add(m);
        // The first block is recorded by the fetch itself unless a branch or handler can reach it again.
        boolean fuseEntry = handle >= 0 && !ThreadHandleLocal.firstInstructionIsTarget(m);
        boolean heap = ids.context().heap() && level == Probing.FULL;
        List<AbstractInsnNode> insns = new ArrayList<>();
        for (AbstractInsnNode n = code.getFirst(); n != null; n = n.getNext()) insns.add(n);
        int line = 0;
        boolean initialized = !m.name.equals("<init>");
        Scratch scratch = new Scratch(m);
        for (AbstractInsnNode n : insns) {
            if (n instanceof LineNumberNode ln) {
                line = ln.line;
                continue;
            }
            if (n.getOpcode() < 0) continue;
            if (leaders.contains(n)) {
                int id = ids.block(m.name, m.desc, line, bcis.of(n), blockText(n, leaders));
                boolean first = n == leaders.iterator().next();
                if (first) code.insert(ThreadHandleLocal.fetch(handle, fuseEntry ? id : -1)); // before every label
                if (!first || !fuseEntry) {
                    InsnList blockProbe = ThreadHandleLocal.blockProbe(handle, id);
                    AbstractInsnNode probeStart = blockProbe.getFirst();
                    code.insertBefore(n, blockProbe);
                    if (n.getOpcode() == Opcodes.NEW) keepUninitializedLabel(m, probeStart, n);
                }
            }
            Site site = new Site(m, line, bcis.of(n), ids, scratch, heap, initialized, fenced.contains(n));
            SyncInstrumenter.instrument(code, n, site);
            HeapInstrumenter.instrument(code, n, site);
            CollectionCallInstrumenter.instrument(code, n, site);
            ClassInitInstrumenter.instrument(code, n, site); // after the heap probes: its use goes ahead of theirs
            initialized |= isSuperCall(n, ids);
        }
        SyncInstrumenter.instrumentMethod(m, ids, bcis);
        ClassInitInstrumenter.instrumentMethod(m, ids, bcis);
        SelfCoveringHandlers.split(m); // the handlers' probes are all in
        CountedLoops.apply(m, handle, ids); // last: a loop with any probe but its block probes is left as it is
    }

    /**
     * Stack map frames name an object under construction by the label of its NEW instruction
     * (ASM's uninitialized type is that LabelNode). A block probe inserted after the label and
     * before the NEW would make the frame point at the probe instead — a ClassFormatError
     * ("bad offset for Uninitialized"). So the NEW gets a label of its own, right before it, and
     * every frame that named one of the labels in front of it now names the new one.
     */
    private static void keepUninitializedLabel(MethodNode m, AbstractInsnNode probeStart, AbstractInsnNode newInsn) {
        Set<LabelNode> before = new HashSet<>();
        // Only the labels right in front of the probe: skipping back over real instructions until
        // some label would reach an earlier NEW's label when no label precedes this block (a
        // fall-through after a branch) and rename that NEW's uninitialized type to this one —
        // a VerifyError ("Inconsistent stackmap frames") for `new A(c ? new B() : null)`.
        for (AbstractInsnNode p = probeStart.getPrevious(); p != null && p.getOpcode() < 0; p = p.getPrevious()) {
            if (p instanceof LabelNode l) before.add(l);
        }
        if (before.isEmpty()) return;
        LabelNode own = new LabelNode();
        m.instructions.insertBefore(newInsn, own);
        for (AbstractInsnNode q = m.instructions.getFirst(); q != null; q = q.getNext()) {
            if (q instanceof FrameNode f) {
                renameLabels(f.local, before, own);
                renameLabels(f.stack, before, own);
            }
        }
    }

    private static void renameLabels(List<Object> types, Set<LabelNode> from, LabelNode to) {
        if (types == null) return;
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i) instanceof LabelNode l && from.contains(l)) types.set(i, to);
        }
    }

    /** The line of the method's first line-number entry, or 0 when it has none. */
    static int firstLine(MethodNode m) {
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LineNumberNode ln) return ln.line;
        }
        return 0;
    }

    /**
     * A constructor's super(...) or this(...) call: {@code this} is an object from there on. Before
     * it (javac writes outer-instance fields there) it is uninitialized and may not be passed to a
     * probe.
     */
    private static boolean isSuperCall(AbstractInsnNode n, Ids ids) {
        return n.getOpcode() == Opcodes.INVOKESPECIAL && n instanceof MethodInsnNode call && call.name.equals("<init>")
                && (call.owner.equals(ids.superName()) || call.owner.equals(ids.className()));
    }

    /**
     * Where an instruction is (line and original bytecode index, for the code map entry of a
     * probe's site), its method's scratch locals, whether its plain loads and stores are probed,
     * whether {@code this} is initialized there (false in a constructor before, in code order,
     * its super(...) call), and whether a fence makes the instruction, a plain field access, a
     * release or acquire ({@link FencedAccesses}).
     */
    record Site(MethodNode method, int line, int bci, Ids ids, Scratch scratch, boolean heap, boolean initialized, boolean fenced) {
        int id(String text) {
            return ids.instruction(method.name, method.desc, line, bci, text);
        }
    }

    /**
     * Two local slots appended to a method on first use (enough for a long or double), shared by
     * every probe that parks a value: a value is parked and reloaded within one probe, never
     * across a frame, so the method's stack map frames need not mention the slots.
     */
    static final class Scratch {
        private final MethodNode method;
        private int first = -1;

        Scratch(MethodNode method) {
            this.method = method;
        }

        int slot() {
            if (first < 0) {
                first = method.maxLocals;
                method.maxLocals += 2;
            }
            return first;
        }
    }

    /** Pushes {@code id} and calls {@code Probes.name}: together stack-neutral for (…I)V probes. */
    static InsnList probe(int id, String name, String desc) {
        return probe(id, PROBES, name, desc);
    }

    /** Pushes {@code id} and calls {@code owner.name}. */
    static InsnList probe(int id, String owner, String name, String desc) {
        InsnList l = new InsnList();
        l.add(push(id));
        l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, owner, name, desc, false));
        return l;
    }

    static AbstractInsnNode push(int v) {
        if (v >= -1 && v <= 5) return new InsnNode(Opcodes.ICONST_0 + v);
        if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) return new IntInsnNode(Opcodes.BIPUSH, v);
        if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) return new IntInsnNode(Opcodes.SIPUSH, v);
        return new LdcInsnNode(v);
    }

    /** The block's opcodes, up to the next leader (at most 12, then "…"). */
    private static String blockText(AbstractInsnNode first, Set<AbstractInsnNode> leaders) {
        StringBuilder b = new StringBuilder();
        int shown = 0;
        for (AbstractInsnNode n = first; n != null; n = n.getNext()) {
            if (n.getOpcode() < 0) continue;
            if (n != first && leaders.contains(n)) break;
            if (shown == 12) {
                b.append(" …");
                break;
            }
            if (shown++ > 0) b.append(' ');
            b.append(OpcodeNames.of(n.getOpcode()));
        }
        return b.toString();
    }
}
