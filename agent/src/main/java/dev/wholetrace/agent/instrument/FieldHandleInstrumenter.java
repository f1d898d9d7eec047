package dev.wholetrace.agent.instrument;

import dev.wholetrace.agent.instrument.MethodInstrumenter.Site;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Atomic field updaters and VarHandles on fields ({@code runtime/SyncFieldHandles}): where the
 * program makes one with constant arguments — {@code AtomicIntegerFieldUpdater.newUpdater(C.class,
 * "f")} (Long, and Reference with its value class between), {@code lookup.findVarHandle(C.class,
 * "f", T.class)}, {@code findStaticVarHandle}, {@code ConstantBootstraps.fieldVarHandle} and
 * {@code staticFieldVarHandle} — the instrumenter resolves the field as a field
 * instruction would be and, after the call, hands the handle and the field's slot to {@code
 * SyncFieldHandles.named}. The updaters' accessors are rows of the sync call table; a VarHandle's
 * access methods are signature-polymorphic (every call site has its own descriptor), so they are
 * probed here: the arguments are parked in fresh locals, the handle and the first argument (the
 * object, for an instance field) kept for the probes, a release before the call for a write or
 * read-modify-write, an acquire after it for a read or read-modify-write. Plain-mode accesses
 * ({@code get}, {@code set}, {@code weakCompareAndSetPlain}) order nothing and are not recorded.
 */
final class FieldHandleInstrumenter {
    private static final String HANDLES = "dev/wholetrace/agent/runtime/SyncFieldHandles";
    private static final String VAR_HANDLE = "java/lang/invoke/VarHandle";
    private static final Set<String> UPDATERS = Set.of("java/util/concurrent/atomic/AtomicIntegerFieldUpdater",
            "java/util/concurrent/atomic/AtomicLongFieldUpdater", "java/util/concurrent/atomic/AtomicReferenceFieldUpdater");
    private static final Set<String> READS = Set.of("getVolatile", "getAcquire", "getOpaque");
    private static final Set<String> WRITES = Set.of("setVolatile", "setRelease", "setOpaque");

    private FieldHandleInstrumenter() {}

    static void instrument(InsnList code, MethodInsnNode insn, Site site) {
        if (insn.getOpcode() == Opcodes.INVOKESTATIC && UPDATERS.contains(insn.owner) && insn.name.equals("newUpdater")) {
            made(code, insn, site, false, false);
        } else if (insn.getOpcode() == Opcodes.INVOKEVIRTUAL && insn.owner.equals("java/lang/invoke/MethodHandles$Lookup")
                && (insn.name.equals("findVarHandle") || insn.name.equals("findStaticVarHandle"))) {
            made(code, insn, site, insn.name.equals("findStaticVarHandle"), true);
        } else if (insn.getOpcode() == Opcodes.INVOKESTATIC && insn.owner.equals("java/lang/invoke/ConstantBootstraps")
                && (insn.name.equals("fieldVarHandle") || insn.name.equals("staticFieldVarHandle"))) {
            madeByBootstrap(code, insn, site, insn.name.equals("staticFieldVarHandle"));
        } else if (insn.getOpcode() == Opcodes.INVOKEVIRTUAL && insn.owner.equals(VAR_HANDLE)) {
            access(code, insn, site);
        }
    }

    /**
     * A handle is made: {@code (C.class, "f")}, {@code (C.class, V.class, "f")} or ({@code typeLast})
     * {@code (C.class, "f", T.class)} right before the call, as constants; if so, {@code named(handle, C.class for a static field or null, offset)} after it.
     */
    private static void made(InsnList code, MethodInsnNode insn, Site site, boolean isStatic, boolean typeLast) {
        AbstractInsnNode n = previous(insn);
        if (typeLast) n = n != null && isTypeConstant(n) ? previous(n) : null; // findVarHandle(C, "f", T)
        if (!(n instanceof LdcInsnNode name) || !(name.cst instanceof String field)) return;
        AbstractInsnNode h = previous(n);
        if (!typeLast && insn.owner.endsWith("ReferenceFieldUpdater")) h = h != null && isTypeConstant(h) ? previous(h) : null; // (C, V, "f")
        if (!(h instanceof LdcInsnNode holder) || !(holder.cst instanceof Type type) || type.getSort() != Type.OBJECT) return;
        nameHandle(code, insn, site, isStatic, type, field);
    }

    /**
     * {@code ConstantBootstraps.fieldVarHandle(lookup, "f", VarHandle.class, C.class, T.class)} (and
     * {@code staticFieldVarHandle}), JDK 15's way to make a field handle without a checked exception
     * (Caffeine makes all of its handles so): the same as {@code findVarHandle}, its constants in another order.
     */
    private static void madeByBootstrap(InsnList code, MethodInsnNode insn, Site site, boolean isStatic) {
        AbstractInsnNode fieldType = previous(insn);
        if (fieldType == null || !isTypeConstant(fieldType)) return;
        if (!(previous(fieldType) instanceof LdcInsnNode holder) || !(holder.cst instanceof Type type) || type.getSort() != Type.OBJECT) return;
        if (!(previous(holder) instanceof LdcInsnNode handleType) || !(handleType.cst instanceof Type)) return;
        if (previous(handleType) instanceof LdcInsnNode name && name.cst instanceof String field) nameHandle(code, insn, site, isStatic, type, field);
    }

    /** After {@code insn}, which returns the handle of field {@code field} of {@code type}: {@code named(handle, C.class or null, offset)}. */
    private static void nameHandle(InsnList code, MethodInsnNode insn, Site site, boolean isStatic, Type type, String field) {
        if (!site.ids().classConstants()) return;
        String declaring = site.ids().field(type.getInternalName(), field).declaringClass();
        int offset = site.ids().context().fieldOffset(declaring, field);
        InsnList after = new InsnList();
        after.add(new InsnNode(Opcodes.DUP));
        after.add(isStatic ? new LdcInsnNode(Type.getObjectType(declaring)) : new InsnNode(Opcodes.ACONST_NULL));
        after.add(MethodInstrumenter.push(offset));
        after.add(new MethodInsnNode(Opcodes.INVOKESTATIC, HANDLES, "named", "(Ljava/lang/Object;Ljava/lang/Class;I)V", false));
        code.insert(insn, after);
    }

    /** A class literal: LDC of a class, or a primitive's {@code GETSTATIC java/lang/Integer.TYPE}. */
    private static boolean isTypeConstant(AbstractInsnNode n) {
        return n instanceof LdcInsnNode l && l.cst instanceof Type
                || n instanceof FieldInsnNode f && f.getOpcode() == Opcodes.GETSTATIC && f.name.equals("TYPE") && f.owner.startsWith("java/lang/");
    }

    /**
     * The program's instruction before {@code n}, past labels, line numbers and frames, and past the
     * probes already inserted in front of {@code n} (a block probe, the load probe and class-init
     * use after a {@code GETSTATIC Integer.TYPE}): an agent call whose arguments are all pushed
     * by one constant instruction each.
     */
    private static AbstractInsnNode previous(AbstractInsnNode n) {
        AbstractInsnNode p = skipPseudo(n.getPrevious());
        while (p instanceof MethodInsnNode call && call.owner.startsWith("dev/wholetrace/agent/runtime/")) {
            p = skipPseudo(p.getPrevious());
            for (int i = Type.getArgumentTypes(call.desc).length; i > 0 && p != null; i--) {
                if (!isConstant(p)) return null; // not a probe of constants: give up
                p = skipPseudo(p.getPrevious());
            }
        }
        return p;
    }

    private static AbstractInsnNode skipPseudo(AbstractInsnNode p) {
        while (p != null && p.getOpcode() < 0) p = p.getPrevious();
        return p;
    }

    private static boolean isConstant(AbstractInsnNode n) {
        int op = n.getOpcode();
        return n instanceof LdcInsnNode || op >= Opcodes.ACONST_NULL && op <= Opcodes.SIPUSH;
    }

    /** A VarHandle access method: probes by its access mode. */
    private static void access(InsnList code, MethodInsnNode insn, Site site) {
        String m = insn.name;
        boolean read = READS.contains(m);
        boolean write = WRITES.contains(m);
        boolean update = m.startsWith("compareAnd") || m.startsWith("getAnd") || m.startsWith("weakCompareAndSet") && !m.equals("weakCompareAndSetPlain");
        if (!read && !write && !update) return; // get, set, weakCompareAndSetPlain, and the non-access methods
        Type[] args = Type.getArgumentTypes(insn.desc);
        int[] slots = SyncCallRewriter.parkArguments(site.method(), args);
        int handle = SyncCallRewriter.parkArguments(site.method(), new Type[] {Type.getObjectType(VAR_HANDLE)})[0];
        boolean object = args.length > 0 && (args[0].getSort() == Type.OBJECT || args[0].getSort() == Type.ARRAY);
        int id = site.id("VarHandle." + m);
        InsnList before = new InsnList();
        SyncCallRewriter.storeArguments(before, args, slots);
        before.add(new InsnNode(Opcodes.DUP));
        before.add(new VarInsnNode(Opcodes.ASTORE, handle));
        int index = object && args.length > 1 && args[1].getSort() == Type.INT ? slots[1] : -1; // an array element's index
        if (write || update) before.add(probe(handle, object ? slots[0] : -1, index, id, "handleWrite"));
        SyncCallRewriter.loadArguments(before, args, slots);
        code.insertBefore(insn, before);
        if (read || update) code.insert(insn, probe(handle, object ? slots[0] : -1, index, id, "handleRead"));
    }

    /** {@code SyncFieldHandles.name(handle, object or null, index or 0, site)}. */
    private static InsnList probe(int handle, int object, int index, int id, String name) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, handle));
        l.add(object >= 0 ? new VarInsnNode(Opcodes.ALOAD, object) : new InsnNode(Opcodes.ACONST_NULL));
        l.add(index >= 0 ? new VarInsnNode(Opcodes.ILOAD, index) : new InsnNode(Opcodes.ICONST_0));
        l.add(MethodInstrumenter.push(id));
        l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, HANDLES, name, "(Ljava/lang/Object;Ljava/lang/Object;II)V", false));
        return l;
    }
}
