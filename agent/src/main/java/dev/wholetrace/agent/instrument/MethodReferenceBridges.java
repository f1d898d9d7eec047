package dev.wholetrace.agent.instrument;

import static dev.wholetrace.agent.instrument.SyncInstrumenter.simpleName;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * A method reference to a sync method, e.g. {@code latch::countDown}, or to a call on a JDK
 * collection ({@code list::add}, {@link CollectionCallInstrumenter}, in DOR/CDR/ALL): LambdaMetafactory spins a
 * class that calls the method, and the agent never sees that class. So the class that makes the
 * reference gets a bridge, a private static synthetic method {@code (receiver, arguments)} that
 * makes the call, probed by {@link SyncCallRewriter} from the call's table row exactly as a direct
 * call (with the reference's site), and the reference is pointed at the bridge. For a bound
 * reference the receiver is the one captured value; its captured type becomes the bridge's
 * receiver type, the call's owner (LambdaMetafactory wants it exactly; it is a supertype of what
 * javac put there). The bridge's frame is kept out of the stack traces of exceptions passing
 * through it (a catch-all handler has the runtime scrub it, then rethrows), as if the reference
 * called the method itself. References made by altMetafactory (serializable ones, or with marker
 * interfaces) are left alone: deserialization checks the implementation method.
 */
final class MethodReferenceBridges {
    /** Removes the bridges' frames from a Throwable's stack trace: {@code scrub(Throwable)V}. */
    private static final String SYNC_FRAMES = "dev/wholetrace/agent/runtime/SyncFrames";

    private MethodReferenceBridges() {}

    static void instrument(InvokeDynamicInsnNode indy, MethodInstrumenter.Site site) {
        if (!indy.bsm.getOwner().equals("java/lang/invoke/LambdaMetafactory") || !indy.bsm.getName().equals("metafactory")) return;
        if (indy.bsmArgs.length != 3 || !(indy.bsmArgs[1] instanceof Handle impl)) return;
        if (impl.getTag() != Opcodes.H_INVOKEVIRTUAL && impl.getTag() != Opcodes.H_INVOKEINTERFACE) return;
        SyncCall call = SyncCallTable.ofReference(impl.getOwner(), impl.getName(), impl.getDesc());
        boolean collection = call == null && site.heap() && CollectionCallInstrumenter.applies(impl.getOwner(), impl.getName());
        if (call == null && !collection) return;
        Type[] captured = Type.getArgumentTypes(indy.desc);
        if (captured.length > 1 || captured.length == 1 && captured[0].getSort() != Type.OBJECT) return;
        String receiver = "L" + impl.getOwner() + ";";
        String args = impl.getDesc().substring(1, impl.getDesc().indexOf(')'));
        String desc = "(" + receiver + args + ")" + Type.getReturnType(impl.getDesc()).getDescriptor();
        Probe probe;
        if (collection) { // list::add: an access of the collection's contents, as a direct call
            int first = CollectionCallInstrumenter.siteIds(site, impl.getOwner(), impl.getName(), "::");
            probe = (code, invoke, m) -> CollectionCallInstrumenter.probe(code, invoke, m, first);
        } else {
            int id = site.id(simpleName(impl.getOwner()) + "::" + impl.getName());
            probe = (code, invoke, m) -> SyncCallRewriter.rewrite(code, invoke, m, call, id);
        }
        MethodNode bridge = bridge(site.ids(), impl, desc, probe);
        if (captured.length == 1) indy.desc = "(" + receiver + ")" + Type.getReturnType(indy.desc).getDescriptor();
        Handle target = new Handle(Opcodes.H_INVOKESTATIC, site.ids().className(), bridge.name, bridge.desc, site.ids().isInterface());
        indy.bsmArgs = new Object[] {indy.bsmArgs[0], target, indy.bsmArgs[2]};
    }

    /** How a bridge's call is probed: from a sync call table row, or as a collection call. */
    private interface Probe {
        void apply(InsnList code, MethodInsnNode invoke, MethodNode bridge);
    }

    /** The bridge: {@code try { return receiver.name(arguments); } catch (Throwable e) { scrub(e); throw e; }}, the call probed. */
    private static MethodNode bridge(MethodInstrumenter.Ids ids, Handle impl, String desc, Probe probe) {
        MethodNode m = ids.syntheticMethod(desc);
        InsnList code = m.instructions;
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        code.add(start);
        int slot = 0;
        for (Type t : Type.getArgumentTypes(desc)) {
            code.add(new VarInsnNode(t.getOpcode(Opcodes.ILOAD), slot));
            slot += t.getSize();
        }
        m.maxLocals = slot;
        int opcode = impl.getTag() == Opcodes.H_INVOKEINTERFACE ? Opcodes.INVOKEINTERFACE : Opcodes.INVOKEVIRTUAL;
        MethodInsnNode invoke = new MethodInsnNode(opcode, impl.getOwner(), impl.getName(), impl.getDesc(), impl.isInterface());
        code.add(invoke);
        code.add(end);
        code.add(new InsnNode(Type.getReturnType(desc).getOpcode(Opcodes.IRETURN)));
        code.add(handler);
        // The handler uses only the stack: no locals in its frame, which every state inside is assignable to.
        code.add(new FrameNode(Opcodes.F_NEW, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"}));
        code.add(new InsnNode(Opcodes.DUP));
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, SYNC_FRAMES, "scrub", "(Ljava/lang/Throwable;)V", false));
        code.add(new InsnNode(Opcodes.ATHROW));
        m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
        probe.apply(code, invoke, m);
        return m;
    }
}
