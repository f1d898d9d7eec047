package dev.wholetrace.agent.instrument;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The plain field accesses of a method that a memory fence turns into release or acquire accesses,
 * the way lock-free libraries publish with fences instead of volatile fields. LMAX Disruptor 4's
 * {@code Sequence} (also inside Log4j 2's asynchronous loggers) is the common case:
 * {@code VarHandle.releaseFence(); this.value = v;} to publish and
 * {@code long v = this.value; VarHandle.acquireFence();} to read. As C/C++'s fence-to-fence
 * synchronization does, such a store is treated as a release write of its field and such a load as
 * an acquire read: sync operations of the field's address, recorded as a volatile access is
 * ({@link HeapInstrumenter}), in every mode. Without this every ring-buffer slot a Disruptor hands
 * from producer to consumer was reported as a data race.
 *
 * <p>Which accesses: the first {@code PUTFIELD}/{@code PUTSTATIC} after a release fence
 * ({@code VarHandle.releaseFence}, {@code storeStoreFence}, {@code fullFence}; {@code Unsafe}'s
 * {@code storeFence}/{@code fullFence}) in the fence's basic block, and the last
 * {@code GETFIELD}/{@code GETSTATIC} before an acquire fence ({@code VarHandle.acquireFence},
 * {@code loadLoadFence}, {@code fullFence}; {@code Unsafe}'s {@code loadFence}/{@code fullFence})
 * in its block: the flag the fence publishes or reads. Later stores (earlier loads) stay data
 * accesses, so data written after the publication still races with its reader. Within one block
 * the fence is on every path to (from) the access; across blocks it might not be, so nothing
 * further is paired (docs/agent.md, "Fences").
 */
final class FencedAccesses {
    private FencedAccesses() {}

    /** The fenced field accesses of {@code m}, as ClassReader made it; empty (and cheap) when it calls no fence. */
    static Set<AbstractInsnNode> of(MethodNode m) {
        if (!callsFence(m)) return Set.of();
        Set<AbstractInsnNode> leaders = MethodInstrumenter.leaders(m);
        Set<AbstractInsnNode> fenced = new HashSet<>();
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (!(n instanceof MethodInsnNode call)) continue;
            if (releases(call)) {
                for (AbstractInsnNode s = call.getNext(); s != null && !leaders.contains(s); s = s.getNext()) {
                    if (s.getOpcode() == Opcodes.PUTFIELD || s.getOpcode() == Opcodes.PUTSTATIC) {
                        fenced.add(s);
                        break;
                    }
                    if (endsBlock(s)) break;
                }
            }
            if (acquires(call) && !leaders.contains(call)) {
                for (AbstractInsnNode s = call.getPrevious(); s != null; s = s.getPrevious()) {
                    if (s.getOpcode() == Opcodes.GETFIELD || s.getOpcode() == Opcodes.GETSTATIC) {
                        fenced.add(s);
                        break;
                    }
                    if (leaders.contains(s)) break;
                }
            }
        }
        return fenced;
    }

    private static boolean callsFence(MethodNode m) {
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof MethodInsnNode call && (releases(call) || acquires(call))) return true;
        }
        return false;
    }

    private static boolean releases(MethodInsnNode call) {
        return isFence(call) && switch (call.name) {
            case "releaseFence", "storeStoreFence", "fullFence", "storeFence" -> true;
            default -> false;
        };
    }

    private static boolean acquires(MethodInsnNode call) {
        return isFence(call) && switch (call.name) {
            case "acquireFence", "loadLoadFence", "fullFence", "loadFence" -> true;
            default -> false;
        };
    }

    /** A fence of VarHandle (static) or of either Unsafe (virtual, on the instance): no arguments, no result. */
    private static boolean isFence(MethodInsnNode call) {
        if (!call.desc.equals("()V")) return false;
        return switch (call.owner) {
            case "java/lang/invoke/VarHandle" -> call.getOpcode() == Opcodes.INVOKESTATIC;
            case "sun/misc/Unsafe", "jdk/internal/misc/Unsafe" -> call.getOpcode() == Opcodes.INVOKEVIRTUAL;
            default -> false;
        };
    }

    private static boolean endsBlock(AbstractInsnNode n) {
        int op = n.getOpcode();
        return op >= Opcodes.IRETURN && op <= Opcodes.RETURN || op == Opcodes.ATHROW || op == Opcodes.GOTO || op == Opcodes.JSR
                || n.getType() == AbstractInsnNode.JUMP_INSN || n.getType() == AbstractInsnNode.TABLESWITCH_INSN
                || n.getType() == AbstractInsnNode.LOOKUPSWITCH_INSN;
    }
}
