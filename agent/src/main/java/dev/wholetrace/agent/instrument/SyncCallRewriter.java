package dev.wholetrace.agent.instrument;

import static dev.wholetrace.agent.instrument.MethodInstrumenter.push;
import static dev.wholetrace.agent.instrument.SyncCall.OBJECT;
import static dev.wholetrace.agent.instrument.SyncCall.SYNC_TASKS;
import static dev.wholetrace.agent.instrument.SyncCall.SYNC_WAIT;

import dev.wholetrace.agent.instrument.SyncCall.Timing;
import java.util.Arrays;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Puts the probe of a sync call table row ({@link SyncCall}) around one call instruction: an
 * acquiring call is recorded after it returned (if it succeeded), a releasing one before it (see
 * docs/trace-model.md for why). Probes around a call keep the operand stack as it was; arguments
 * are parked in fresh locals for the moment the receiver is duplicated, which no stack map frame
 * has to describe because nothing jumps into that straight-line code. Used for the program's own
 * calls and for the calls in generated method-reference bridges ({@link MethodReferenceBridges}).
 */
final class SyncCallRewriter {
    private SyncCallRewriter() {}

    /** Probes {@code insn}, a call of {@code m} that {@code call} describes, at site {@code id}. */
    static void rewrite(InsnList code, MethodInsnNode insn, MethodNode m, SyncCall call, int id) {
        switch (call.timing()) {
            case HAND_OFF -> handOff(code, insn, m, call, id);
            case REPLACE -> replace(code, insn, call, id);
            default -> around(code, insn, m, call, id);
        }
    }

    /**
     * The call becomes a call of the helper in SyncWait: changed in place, so that the node the
     * other instrumenters were handed stays in the list.
     */
    private static void replace(InsnList code, MethodInsnNode insn, SyncCall call, int id) {
        String args = insn.desc.substring(1, insn.desc.indexOf(')'));
        boolean isStatic = insn.getOpcode() == Opcodes.INVOKESTATIC; // Thread.interrupted(): no receiver
        code.insertBefore(insn, push(id));
        insn.setOpcode(Opcodes.INVOKESTATIC);
        insn.owner = call.owner().equals(SyncCall.SYNC_PROBES) ? SYNC_WAIT : call.owner(); // a row with a helper class of its own
        insn.name = call.probe();
        insn.desc = "(" + (isStatic ? "" : OBJECT) + args + "I)" + Type.getReturnType(insn.desc).getDescriptor();
        insn.itf = false;
    }

    /** BEFORE, AFTER and AROUND: the probe gets the receiver, duplicated under the parked arguments. */
    private static void around(InsnList code, MethodInsnNode insn, MethodNode m, SyncCall call, int id) {
        Type[] argTypes = Type.getArgumentTypes(insn.desc);
        int[] slots = parkArguments(m, argTypes);
        InsnList before = new InsnList();
        storeArguments(before, argTypes, slots);
        before.add(new InsnNode(Opcodes.DUP)); // the receiver, for the probe
        if (call.timing() == Timing.BEFORE || call.timing() == Timing.AROUND) {
            before.add(load(argTypes, slots, call.passed()));
            before.add(MethodInstrumenter.probe(id, call.owner(), call.probe(), call.beforeDesc()));
            if (call.timing() == Timing.AROUND) before.add(new InsnNode(Opcodes.DUP)); // again, for the probe after
        }
        loadArguments(before, argTypes, slots);
        code.insertBefore(insn, before);
        if (call.timing() == Timing.AFTER || call.timing() == Timing.AROUND) {
            // The receiver is under the result (if any): probe(receiver, [result,] [passed,] site) returns the
            // result. The parked arguments are still in their slots: nothing between has jumped.
            InsnList after = load(argTypes, slots, call.passed());
            after.add(MethodInstrumenter.probe(id, call.owner(), call.afterProbe(), call.afterDesc()));
            code.insert(insn, after);
        }
    }

    /** Loads the first {@code count} parked arguments. */
    private static InsnList load(Type[] args, int[] slots, int count) {
        InsnList l = new InsnList();
        for (int i = 0; i < count; i++) l.add(new VarInsnNode(args[i].getOpcode(Opcodes.ILOAD), slots[i]));
        return l;
    }

    /**
     * A task handed to an executor ({@link Timing#HAND_OFF}): the task, the first argument, is
     * replaced by what {@code SyncTasks.handOff(receiver, task, site)} returns (for the static
     * CompletableFuture methods {@code handOff(task, site)}), after the later arguments were parked.
     * With an after-probe, the wrapper is kept in a fresh local for the moment the call takes, and
     * {@code probe(result, wrapper, site)} gets both after it; its result is cast back to the call's
     * result type. Straight-line and stack-neutral like the other probes.
     */
    private static void handOff(InsnList code, MethodInsnNode insn, MethodNode m, SyncCall call, int id) {
        Type[] args = Type.getArgumentTypes(insn.desc);
        Type[] later = Arrays.copyOfRange(args, 1, args.length);
        int[] slots = parkArguments(m, later);
        InsnList before = new InsnList();
        storeArguments(before, later, slots);
        boolean isStatic = insn.getOpcode() == Opcodes.INVOKESTATIC;
        if (!isStatic) before.add(new InsnNode(Opcodes.DUP2)); // receiver and task, for the probe
        before.add(MethodInstrumenter.probe(id, SYNC_TASKS, "handOff", SyncCall.handOffDesc(args[0], isStatic)));
        if (!isStatic) {
            before.add(new InsnNode(Opcodes.SWAP));
            before.add(new InsnNode(Opcodes.POP)); // the task, under what replaces it
        }
        int wrapped = m.maxLocals;
        if (call.probe() != null) {
            m.maxLocals++; // reserved, as parkArguments' slots
            before.add(new InsnNode(Opcodes.DUP));
            before.add(new VarInsnNode(Opcodes.ASTORE, wrapped));
        }
        loadArguments(before, later, slots);
        code.insertBefore(insn, before);
        if (call.probe() == null) return;
        InsnList after = new InsnList();
        after.add(new VarInsnNode(Opcodes.ALOAD, wrapped));
        after.add(MethodInstrumenter.probe(id, SYNC_TASKS, call.probe(), SyncCall.HANDED_OFF));
        after.add(new TypeInsnNode(Opcodes.CHECKCAST, Type.getReturnType(insn.desc).getInternalName()));
        code.insert(insn, after);
    }

    /**
     * Fresh locals for a call's arguments, which the probe stores there from the top of the stack
     * (above every local the method had, and reserved: slots handed out later, such as the method's
     * scratch slots, lie above them). They live only from before the call to the probe after it, in
     * straight-line code, so no existing frame needs to know them. (MethodInstrumenter's two scratch
     * slots would not hold a timed tryAcquire's int, long and TimeUnit.)
     */
    static int[] parkArguments(MethodNode m, Type[] args) {
        int[] slots = new int[args.length];
        int next = m.maxLocals;
        for (int i = 0; i < args.length; i++) {
            slots[i] = next;
            next += args[i].getSize();
        }
        m.maxLocals = next; // reserved: a later probe that allocates from maxLocals starts above
        return slots;
    }

    /** Stores the arguments on the stack, last first, into their {@link #parkArguments parked} slots. */
    static void storeArguments(InsnList to, Type[] args, int[] slots) {
        for (int i = args.length - 1; i >= 0; i--) to.add(new VarInsnNode(args[i].getOpcode(Opcodes.ISTORE), slots[i]));
    }

    /** Pushes the parked arguments back, first first, as the call expects them. */
    static void loadArguments(InsnList to, Type[] args, int[] slots) {
        to.add(load(args, slots, args.length));
    }
}
