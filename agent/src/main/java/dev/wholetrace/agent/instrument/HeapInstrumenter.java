package dev.wholetrace.agent.instrument;

import static dev.wholetrace.agent.instrument.MethodInstrumenter.push;

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
 * Load/store probes at heap accesses: GETFIELD/PUTFIELD, GETSTATIC/PUTSTATIC and every array
 * element load and store. Each probe hands the runtime the object (the array, the instance, or
 * the class for statics), the field's offset or the element's index and size, and the site; the
 * runtime turns them into a unique address (docs/trace-model.md, "Addresses"). A stored value is
 * parked in a fresh local while the probe runs, so the probe sees the stack below it untouched.
 */
final class HeapInstrumenter {
    static final String HEAP = "dev/wholetrace/agent/runtime/HeapProbes";

    private HeapInstrumenter() {}

    static void instrument(InsnList code, AbstractInsnNode n, MethodInstrumenter.Site site) {
        int op = n.getOpcode();
        if (n instanceof FieldInsnNode f) {
            field(code, f, site); // volatile and fenced accesses are sync operations: probed in every mode
        } else if (!site.heap()) {
            return;
        } else if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
            int id = site.id(OpcodeNames.of(op));
            InsnList before = new InsnList();
            before.add(new InsnNode(Opcodes.DUP2)); // array, index
            before.add(push(elementSize(op - Opcodes.IALOAD)));
            before.add(push(id));
            before.add(call("load", "(Ljava/lang/Object;III)V"));
            code.insertBefore(n, before);
        } else if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
            int id = site.id(OpcodeNames.of(op));
            int kind = op - Opcodes.IASTORE;
            int temp = site.scratch().slot();
            InsnList before = new InsnList();
            before.add(new VarInsnNode(storeOf(kind), temp)); // park the value
            before.add(new InsnNode(Opcodes.DUP2)); // array, index
            before.add(push(elementSize(kind)));
            before.add(push(id));
            before.add(call("store", "(Ljava/lang/Object;III)V"));
            before.add(new VarInsnNode(storeOf(kind) - (Opcodes.ISTORE - Opcodes.ILOAD), temp));
            code.insertBefore(n, before);
        }
    }

    private static void field(InsnList code, FieldInsnNode f, MethodInstrumenter.Site site) {
        FieldResolver.Field declared = site.ids().field(f.owner, f.name);
        String owner = declared.declaringClass();
        // A plain access that a fence makes a release or acquire is recorded as a volatile one.
        boolean isVolatile = declared.isVolatile() || site.fenced();
        if (!isVolatile && !site.heap()) return;
        boolean isStatic = f.getOpcode() == Opcodes.GETSTATIC || f.getOpcode() == Opcodes.PUTSTATIC;
        boolean isRead = f.getOpcode() == Opcodes.GETSTATIC || f.getOpcode() == Opcodes.GETFIELD;
        if (isStatic ? !site.ids().classConstants() : !site.initialized()) return;
        // JLS 17.5: a thread that obtained a reference after the constructor finished sees the final
        // fields' values, even through a racy reference, so such a read races with nothing. Not
        // recorded (the constructor's writes are): a read during construction through an escaped
        // `this` is missed (docs/agent.md, "Not modelled"). Static finals are ordered by class-init.
        if (!isStatic && isRead && declared.isFinal()) return;
        int offset = site.ids().context().fieldOffset(owner, f.name);
        int id = site.id(OpcodeNames.of(f.getOpcode()) + ' ' + (declared.isVolatile() ? "volatile " : site.fenced() ? "fenced " : "") + owner.replace('/', '.') + '.' + f.name);
        // A volatile access is a sync operation (a write releases, a read acquires: recorded after
        // the read, so that a read that saw a write comes after it in S_synch), not a data access.
        String probe = isVolatile ? (isRead ? "volatileRead" : "volatileWrite") : (isRead ? "load" : "store");
        String desc = "(Ljava/lang/Object;II)V";
        if (isStatic) {
            InsnList probeCall = new InsnList();
            probeCall.add(new LdcInsnNode(Type.getObjectType(owner))); // statics live in the class object
            probeCall.add(push(offset));
            probeCall.add(push(id));
            probeCall.add(call(probe, desc));
            // After the access (needing no receiver, a static probe is stack-neutral there), so that
            // the class-init use ClassInitInstrumenter puts right behind the instruction precedes it;
            // an access that throws is then not recorded. A volatile write stays a release before.
            if (isVolatile && !isRead) code.insertBefore(f, probeCall);
            else code.insert(f, probeCall);
            return;
        }
        Type value = Type.getType(f.desc);
        if (isVolatile && isRead) {
            // [obj] → DUP → [obj, obj] → GETFIELD → [obj, v] → move obj above v → probe → [v]
            code.insertBefore(f, new InsnNode(Opcodes.DUP));
            InsnList after = new InsnList();
            if (value.getSize() == 2) {
                after.add(new InsnNode(Opcodes.DUP2_X1));
                after.add(new InsnNode(Opcodes.POP2));
            } else {
                after.add(new InsnNode(Opcodes.SWAP));
            }
            after.add(push(offset));
            after.add(push(id));
            after.add(call(probe, desc));
            code.insert(f, after);
            return;
        }
        InsnList before = new InsnList();
        int temp = isRead ? -1 : site.scratch().slot();
        if (!isRead) before.add(new VarInsnNode(value.getOpcode(Opcodes.ISTORE), temp)); // park the value
        before.add(new InsnNode(Opcodes.DUP));
        before.add(push(offset));
        before.add(push(id));
        before.add(call(probe, desc));
        if (!isRead) before.add(new VarInsnNode(value.getOpcode(Opcodes.ILOAD), temp));
        code.insertBefore(f, before);
    }

    /** Array kinds in opcode order: int, long, float, double, reference, byte/boolean, char, short. */
    private static int elementSize(int kind) {
        return switch (kind) {
            case 0, 2, 4 -> 4;
            case 1, 3 -> 8;
            case 5 -> 1;
            default -> 2;
        };
    }

    private static int storeOf(int kind) {
        return switch (kind) {
            case 1 -> Opcodes.LSTORE;
            case 2 -> Opcodes.FSTORE;
            case 3 -> Opcodes.DSTORE;
            case 4 -> Opcodes.ASTORE;
            default -> Opcodes.ISTORE;
        };
    }

    private static MethodInsnNode call(String name, String desc) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, HEAP, name, desc, false);
    }
}
