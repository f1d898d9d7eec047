package dev.wholetrace.agent.instrument;

import java.lang.reflect.Field;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Calls of {@code sun.misc.Unsafe} ({@code runtime/SyncUnsafe}): after {@code objectFieldOffset(f)}
 * and {@code staticFieldOffset(f)}, the offset returned and the field, so that the runtime knows
 * which field an offset names; around the volatile, ordered and atomic accesses of an (object,
 * offset) pair, the probes of a volatile access — a release before a write or read-modify-write, an
 * acquire after a read or read-modify-write — with the arguments parked in fresh locals while the
 * probe takes the object and the offset. Plain {@code getX}/{@code putX}, the raw-address
 * overloads and the fences are left alone. The same for {@code jdk.internal.misc.Unsafe}, which a program
 * calls with {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED} (Agrona 2's {@code UnsafeApi}): its
 * names follow the VarHandle modes ({@code getXAcquire}, {@code putXRelease}, {@code compareAndSetX}, {@code
 * getAndAddXRelease}, …), classified as {@link FieldHandleInstrumenter} classifies those; opaque counts as
 * volatile, {@code weakCompareAndSetXPlain} as plain.
 */
final class UnsafeInstrumenter {
    private static final String UNSAFE = "sun/misc/Unsafe";
    private static final String INTERNAL_UNSAFE = "jdk/internal/misc/Unsafe";
    private static final String PROBES = "dev/wholetrace/agent/runtime/SyncUnsafe";
    /** The accessors' descriptors start so: an object and an offset (the raw-address overloads take a long alone). */
    private static final String OBJECT_OFFSET = "(Ljava/lang/Object;J";
    private static final Set<String> UPDATES = Set.of("compareAndSwapInt", "compareAndSwapLong", "compareAndSwapObject",
            "getAndAddInt", "getAndAddLong", "getAndSetInt", "getAndSetLong", "getAndSetObject");

    private UnsafeInstrumenter() {}

    static void instrument(InsnList code, MethodInsnNode insn, MethodInstrumenter.Site site) {
        boolean internal = insn.owner.equals(INTERNAL_UNSAFE);
        if (insn.getOpcode() != Opcodes.INVOKEVIRTUAL || !internal && !insn.owner.equals(UNSAFE)) return;
        String m = insn.name;
        if ((m.equals("objectFieldOffset") || m.equals("staticFieldOffset")) && insn.desc.equals("(Ljava/lang/reflect/Field;)J")) {
            offsetHandedOut(code, insn, site, m.equals("staticFieldOffset") ? "staticFieldOffset" : "fieldOffset");
            return;
        }
        if (!insn.desc.startsWith(OBJECT_OFFSET)) return;
        boolean update = internal ? internalUpdate(m) : UPDATES.contains(m);
        boolean read = !update && m.startsWith("get") && (m.endsWith("Volatile") || internal && (m.endsWith("Acquire") || m.endsWith("Opaque")));
        boolean write = m.startsWith("put") && (m.endsWith("Volatile")
                || (internal ? m.endsWith("Release") || m.endsWith("Opaque") : m.startsWith("putOrdered")));
        if (read || write || update) access(code, insn, site, read || update, write || update);
    }

    /** {@code jdk.internal.misc.Unsafe}'s read-modify-writes in every mode but plain. */
    private static boolean internalUpdate(String m) {
        return (m.startsWith("compareAndSet") || m.startsWith("compareAndExchange") || m.startsWith("weakCompareAndSet")
                || m.startsWith("getAnd")) && !m.endsWith("Plain");
    }

    /** {@code SyncUnsafe.<probe>(offset, field)} after the call, the field parked across it. */
    private static void offsetHandedOut(InsnList code, MethodInsnNode insn, MethodInstrumenter.Site site, String probe) {
        int field = SyncCallRewriter.parkArguments(site.method(), new Type[] {Type.getType(Field.class)})[0];
        InsnList before = new InsnList();
        before.add(new InsnNode(Opcodes.DUP));
        before.add(new VarInsnNode(Opcodes.ASTORE, field));
        code.insertBefore(insn, before);
        InsnList after = new InsnList();
        after.add(new InsnNode(Opcodes.DUP2));
        after.add(new VarInsnNode(Opcodes.ALOAD, field));
        after.add(new MethodInsnNode(Opcodes.INVOKESTATIC, PROBES, probe, "(JLjava/lang/reflect/Field;)V", false));
        code.insert(insn, after);
    }

    private static void access(InsnList code, MethodInsnNode insn, MethodInstrumenter.Site site, boolean acquires, boolean releases) {
        Type[] args = Type.getArgumentTypes(insn.desc);
        int[] slots = SyncCallRewriter.parkArguments(site.method(), args);
        int id = site.id("Unsafe." + insn.name);
        InsnList before = new InsnList();
        SyncCallRewriter.storeArguments(before, args, slots);
        if (releases) before.add(probe(slots, id, "write"));
        SyncCallRewriter.loadArguments(before, args, slots);
        code.insertBefore(insn, before);
        if (acquires) code.insert(insn, probe(slots, id, "read"));
    }

    /** {@code SyncUnsafe.name(object, offset, site)}: the call's first two arguments. */
    private static InsnList probe(int[] slots, int id, String name) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, slots[0]));
        l.add(new VarInsnNode(Opcodes.LLOAD, slots[1]));
        l.add(MethodInstrumenter.push(id));
        l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, PROBES, name, "(Ljava/lang/Object;JI)V", false));
        return l;
    }
}
