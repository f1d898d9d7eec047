package dev.wholetrace.agent.instrument;

import dev.wholetrace.bytecode.BytecodeOffsets;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The fork/join hand-overs the JDK makes for the program ({@code runtime/SyncCompleters}): a
 * static {@code invokeAll} call (any owner: javac names the task class an unqualified call is made
 * in) gets a submission of each task before it and a join of each after it, its arguments parked
 * in fresh locals in between (straight-line, stack-neutral, as SyncCallRewriter's); an
 * application's {@code onCompletion(CountedCompleter)} of a completer class records its
 * completion before each return.
 */
final class CompleterInstrumenter {
    private static final String COMPLETERS = "dev/wholetrace/agent/runtime/SyncCompleters";
    private static final String TASK = "Ljava/util/concurrent/ForkJoinTask;";
    private static final Set<String> INVOKE_ALL = Set.of("(" + TASK + TASK + ")V", "([" + TASK + ")V",
            "(Ljava/util/Collection;)Ljava/util/Collection;");
    private static final Set<String> COMPLETER = Set.of("java/util/concurrent/CountedCompleter");

    private CompleterInstrumenter() {}

    static void instrument(InsnList code, MethodInsnNode insn, MethodInstrumenter.Site site) {
        if (insn.getOpcode() != Opcodes.INVOKESTATIC || !insn.name.equals("invokeAll") || !INVOKE_ALL.contains(insn.desc)) return;
        Type[] args = Type.getArgumentTypes(insn.desc);
        MethodNode m = site.method();
        int[] slots = SyncCallRewriter.parkArguments(m, args); // references: one slot each
        int id = site.id("ForkJoinTask.invokeAll");
        InsnList before = new InsnList();
        for (int i = args.length - 1; i >= 0; i--) before.add(new VarInsnNode(Opcodes.ASTORE, slots[i]));
        for (int i = 0; i < args.length; i++) before.add(probe(slots[i], id, "invokingAll"));
        for (int i = 0; i < args.length; i++) before.add(new VarInsnNode(Opcodes.ALOAD, slots[i]));
        code.insertBefore(insn, before);
        InsnList after = new InsnList();
        for (int i = 0; i < args.length; i++) after.add(probe(slots[i], id, "invokedAll"));
        code.insert(insn, after);
    }

    private static InsnList probe(int slot, int id, String name) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, slot));
        l.add(MethodInstrumenter.probe(id, COMPLETERS, name, "(Ljava/lang/Object;I)V"));
        return l;
    }

    /** {@code onCompletion(CountedCompleter)} of a completer class: its completion before each return. */
    static void instrumentMethod(MethodNode m, MethodInstrumenter.Ids ids, BytecodeOffsets.Index bcis) {
        if (!m.name.equals("onCompletion") || !m.desc.equals("(Ljava/util/concurrent/CountedCompleter;)V")
                || (m.access & (Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT | Opcodes.ACC_BRIDGE)) != 0 || !ids.extendsAny(COMPLETER)) {
            return;
        }
        MethodBody.beforeEachReturn(m, bcis, (line, bci) -> {
            InsnList l = new InsnList();
            l.add(new VarInsnNode(Opcodes.ALOAD, 0));
            l.add(MethodInstrumenter.probe(ids.instruction(m.name, m.desc, line, bci, "CountedCompleter.onCompletion exit"), COMPLETERS,
                    "completing", "(Ljava/lang/Object;I)V"));
            return l;
        });
    }
}
