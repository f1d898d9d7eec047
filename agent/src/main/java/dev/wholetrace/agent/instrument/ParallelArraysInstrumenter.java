package dev.wholetrace.agent.instrument;

import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * {@code Arrays.parallelSort} with a comparator, {@code parallelSetAll} and {@code
 * parallelPrefix} ({@code runtime/SyncParallelArrays}): the function argument is replaced by
 * {@code SyncParallelArrays.wrap(function, site)} (which records the fork) and the wrapper is kept
 * for {@code joined(wrapper, site)} after the call. The arguments are parked in fresh locals
 * (straight-line, stack-neutral, as SyncCallRewriter's).
 */
final class ParallelArraysInstrumenter {
    private static final String PROBES = "dev/wholetrace/agent/runtime/SyncParallelArrays";
    private static final Set<String> METHODS = Set.of("parallelSort", "parallelSetAll", "parallelPrefix");
    private static final Set<String> FUNCTIONS = Set.of("java/util/Comparator", "java/util/function/IntFunction",
            "java/util/function/IntUnaryOperator", "java/util/function/IntToLongFunction", "java/util/function/IntToDoubleFunction",
            "java/util/function/BinaryOperator", "java/util/function/IntBinaryOperator", "java/util/function/LongBinaryOperator",
            "java/util/function/DoubleBinaryOperator");

    private ParallelArraysInstrumenter() {}

    static void instrument(InsnList code, MethodInsnNode insn, MethodInstrumenter.Site site) {
        if (insn.getOpcode() != Opcodes.INVOKESTATIC || !insn.owner.equals("java/util/Arrays") || !METHODS.contains(insn.name)) return;
        Type[] args = Type.getArgumentTypes(insn.desc);
        int function = -1;
        for (int i = 0; i < args.length; i++) if (args[i].getSort() == Type.OBJECT && FUNCTIONS.contains(args[i].getInternalName())) function = i;
        if (function < 0) return; // parallelSort of Comparables: the JDK's own code only
        MethodNode m = site.method();
        int[] slots = SyncCallRewriter.parkArguments(m, args);
        int id = site.id("Arrays." + insn.name);
        String f = args[function].getDescriptor();
        InsnList before = new InsnList();
        SyncCallRewriter.storeArguments(before, args, slots);
        before.add(new VarInsnNode(Opcodes.ALOAD, slots[function]));
        before.add(MethodInstrumenter.probe(id, PROBES, "wrap", "(" + f + "I)" + f));
        before.add(new VarInsnNode(Opcodes.ASTORE, slots[function]));
        SyncCallRewriter.loadArguments(before, args, slots);
        code.insertBefore(insn, before);
        InsnList after = new InsnList();
        after.add(new VarInsnNode(Opcodes.ALOAD, slots[function]));
        after.add(MethodInstrumenter.probe(id, PROBES, "joined", "(Ljava/lang/Object;I)V"));
        code.insert(insn, after);
    }
}
