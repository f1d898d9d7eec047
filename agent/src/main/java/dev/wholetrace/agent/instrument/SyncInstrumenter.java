package dev.wholetrace.agent.instrument;

import static dev.wholetrace.agent.instrument.SyncCall.OBJECT;
import static dev.wholetrace.agent.instrument.SyncCall.SYNC_TASKS;

import dev.wholetrace.bytecode.BytecodeOffsets;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Sync probes (docs/agent.md lists them), one transformation each: monitors and synchronized
 * methods ({@link MonitorInstrumenter}), calls the sync call table names ({@link SyncCallTable},
 * probed by {@link SyncCallRewriter}), method references to them ({@link MethodReferenceBridges}),
 * and the run of a fork/join task (its {@code compute()}, here).
 *
 * <p>Calls are recognised by name and descriptor on any owner, since javac names the receiver's
 * static type (a Thread subclass, an application Lock); the probes check the receiver's runtime
 * class.
 */
final class SyncInstrumenter {
    private static final Set<String> FORK_JOIN_TASKS = Set.of("java/util/concurrent/RecursiveTask", "java/util/concurrent/RecursiveAction",
            "java/util/concurrent/CountedCompleter");

    private SyncInstrumenter() {}

    static void instrument(InsnList code, AbstractInsnNode n, MethodInstrumenter.Site site) {
        switch (n.getOpcode()) {
            case Opcodes.MONITORENTER, Opcodes.MONITOREXIT -> MonitorInstrumenter.instrument(code, n, site);
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKEINTERFACE, Opcodes.INVOKESTATIC -> call(code, (MethodInsnNode) n, site);
            case Opcodes.INVOKEDYNAMIC -> MethodReferenceBridges.instrument((InvokeDynamicInsnNode) n, site);
            default -> { }
        }
    }

    private static void call(InsnList code, MethodInsnNode insn, MethodInstrumenter.Site site) {
        FieldHandleInstrumenter.instrument(code, insn, site);
        UnsafeInstrumenter.instrument(code, insn, site);
        boolean atCallSites = site.ids().context().handOversAtCallSites();
        if (atCallSites) CompleterInstrumenter.instrument(code, insn, site);
        ParallelArraysInstrumenter.instrument(code, insn, site);
        boolean isStatic = insn.getOpcode() == Opcodes.INVOKESTATIC;
        SyncCall call = SyncCallTable.ofCall(insn.owner, insn.name, insn.desc, isStatic);
        if ((call == null || call.family() == SyncCall.Family.THREAD) && !isStatic && SyncCallTable.ownedAnywhere(insn.name, insn.desc)
                && !insn.owner.startsWith("java/")) {
            // javac names the receiver's static type: an application subclass of AtomicLong (Jetty's
            // AtomicBiInteger) calling get() is AtomicLong.get all the same, and one of Thread that does not
            // override start() calls Thread's (a call on any owner had the generic row of Thread's start)
            String jdk = site.ids().inheritedFromJdk(insn.owner, insn.name, insn.desc);
            SyncCall inherited = jdk != null ? SyncCallTable.ofCall(jdk, insn.name, insn.desc, false) : null;
            if (inherited != null) call = inherited;
        }
        if (call == null || !atCallSites && SyncCallTable.coveredByJdkHooks(call)) return;
        SyncCallRewriter.rewrite(code, insn, site.method(), call, site.id(simpleName(insn.owner) + "." + insn.name));
    }

    /**
     * A synchronized method ({@link MonitorInstrumenter}), and, only when the JDK's fork/join classes
     * are not hooked (the fallback: {@link InstrumentationContext#handOversAtCallSites()}), {@code compute()} of a fork/join task
     * class (a subclass of RecursiveTask, RecursiveAction or CountedCompleter, also through the
     * application's own task classes): a run of a
     * forked task begins at its entry and ends at its exits (SyncTasks.computing / computed; they
     * record nothing for a task nobody forked, such as one computed directly).
     */
    static void instrumentMethod(MethodNode m, MethodInstrumenter.Ids ids, BytecodeOffsets.Index bcis) {
        if (m.instructions.size() == 0) return;
        InterruptedHandlers.instrumentMethod(m, ids, bcis); // first: only the method's own handlers
        boolean forkJoin = ids.context().handOversAtCallSites();
        if (forkJoin) CompleterInstrumenter.instrumentMethod(m, ids, bcis);
        MonitorInstrumenter.instrumentMethod(m, ids, bcis);
        if (forkJoin && isForkJoinCompute(m, ids)) {
            MethodBody.wrap(m, ids, bcis, "fork/join task compute", (site, entry) -> thisProbe(site, entry ? "computing" : "computed"));
        }
    }

    /** The compute() a fork/join pool runs: declared by a subclass of the JDK's task classes, not a bridge. */
    private static boolean isForkJoinCompute(MethodNode m, MethodInstrumenter.Ids ids) {
        return m.name.equals("compute") && m.desc.startsWith("()") && ids.extendsAny(FORK_JOIN_TASKS)
                && (m.access & (Opcodes.ACC_STATIC | Opcodes.ACC_BRIDGE | Opcodes.ACC_ABSTRACT)) == 0;
    }

    /** {@code SyncTasks.name(this, site)}. */
    private static InsnList thisProbe(int site, String name) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, 0));
        l.add(MethodInstrumenter.probe(site, SYNC_TASKS, name, "(" + OBJECT + "I)V"));
        return l;
    }

    /** The simple name of a class, for a site's code-map text ({@code Lock.lock}, {@code Thread::start}). */
    static String simpleName(String internalName) {
        return internalName.substring(internalName.lastIndexOf('/') + 1);
    }
}
