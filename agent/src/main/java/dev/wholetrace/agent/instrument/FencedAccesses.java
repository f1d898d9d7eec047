package dev.wholetrace.agent.instrument;

import dev.wholetrace.bytecode.BlockLeaders;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The plain field accesses of a class that a memory fence turns into release or acquire accesses,
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
 * in its block: the flag the fence publishes or reads, when the class does both to the field
 * ({@link #of}). Later stores (earlier loads) stay data accesses, so data written after the
 * publication still races with its reader. Within one block the fence is on every path to (from)
 * the access; across blocks it might not be, so nothing further is paired (docs/agent.md, "Fences").
 */
final class FencedAccesses {
    private FencedAccesses() {}

    /**
     * The fenced field accesses of a class's methods, as ClassReader made them; empty (and cheap)
     * when none calls a fence. A field is paired only when the class both stores it after a release
     * fence and loads it before an acquire fence (Disruptor's {@code Sequence.set} and
     * {@code get}): "first store after, last load before" alone took the data for the flag when
     * the program wrote data between the fence and the flag, or read it between the flag and the
     * fence, and hid that data race as a sync operation ({@code FencedDataAfterFenceYes},
     * {@code FencedReadBeforeFenceYes}).
     */
    static Set<AbstractInsnNode> of(List<MethodNode> methods) {
        Map<String, List<AbstractInsnNode>> stores = new HashMap<>();
        Map<String, List<AbstractInsnNode>> loads = new HashMap<>();
        for (MethodNode m : methods) {
            if (callsFence(m)) candidates(m, stores, loads);
        }
        Set<AbstractInsnNode> fenced = new HashSet<>();
        stores.forEach((field, published) -> {
            List<AbstractInsnNode> read = loads.get(field);
            if (read == null) return;
            fenced.addAll(published);
            fenced.addAll(read);
        });
        return fenced;
    }

    /** Adds {@code m}'s first store after each release fence and last load before each acquire fence, by field. */
    private static void candidates(MethodNode m, Map<String, List<AbstractInsnNode>> stores, Map<String, List<AbstractInsnNode>> loads) {
        Set<AbstractInsnNode> leaders = BlockLeaders.of(m);
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (!(n instanceof MethodInsnNode call)) continue;
            if (releases(call)) {
                for (AbstractInsnNode s = call.getNext(); s != null && !leaders.contains(s); s = s.getNext()) {
                    if (s.getOpcode() == Opcodes.PUTFIELD || s.getOpcode() == Opcodes.PUTSTATIC) {
                        add(stores, (FieldInsnNode) s);
                        break;
                    }
                } // the instruction after a jump, return, throw or switch is a leader: the walk stops there
            }
            if (acquires(call) && !leaders.contains(call)) {
                for (AbstractInsnNode s = call.getPrevious(); s != null; s = s.getPrevious()) {
                    // An Unsafe fence's receiver (GETSTATIC UNSAFE right before the call) is no flag.
                    if ((s.getOpcode() == Opcodes.GETFIELD || s.getOpcode() == Opcodes.GETSTATIC) && !isUnsafe((FieldInsnNode) s)) {
                        add(loads, (FieldInsnNode) s);
                        break;
                    }
                    if (leaders.contains(s)) break;
                }
            }
        }
    }

    private static void add(Map<String, List<AbstractInsnNode>> byField, FieldInsnNode f) {
        byField.computeIfAbsent(f.owner + '.' + f.name, k -> new ArrayList<>()).add(f);
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

    private static boolean isUnsafe(FieldInsnNode f) {
        return f.desc.equals("Lsun/misc/Unsafe;") || f.desc.equals("Ljdk/internal/misc/Unsafe;");
    }
}
