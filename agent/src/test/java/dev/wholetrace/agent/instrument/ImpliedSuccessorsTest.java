package dev.wholetrace.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.junit.jupiter.api.Test;

/**
 * Which blocks need no probe, on javac's bytecode for {@link Subject} and on hand-made code. That
 * the recorded sequence is still the full one is BlockSequenceTest's (in process) and analysis's
 * ImpliedBlocksRecordingTest's (kernels under the agent, with and without implied blocks).
 */
class ImpliedSuccessorsTest {

    @Test
    void aForLoopsHeaderAndIncrementAreImpliedByTheBlocksThatRunIntoThem() throws Exception {
        MethodNode m = method("sum");
        // entry: i = 0 runs into the header; then: GOTO next; otherwise: IINC runs into next; next: IINC GOTO header.
        assertThat(implied(m)).containsOnly(
                Map.entry("ICONST_0 ISTORE ICONST_0 ISTORE", "ILOAD ILOAD IF_ICMPGE"),
                Map.entry("ILOAD ILOAD IADD ISTORE GOTO", "IINC GOTO"),
                Map.entry("IINC", "IINC GOTO"),
                Map.entry("IINC GOTO", "ILOAD ILOAD IF_ICMPGE"));
    }

    @Test
    void blocksThatCanThrowOrBranchOrHandleImplyNothing() throws Exception {
        // guarded: monitors, a NEW, a throw, handlers; every block can throw or is a handler.
        assertThat(implied(method("guarded"))).isEmpty();
        // countDown: one loop block that is also the first block, then the exit reached by a branch.
        assertThat(implied(method("countDown"))).isEmpty();
    }

    @Test
    void onlySafeInstructionsLetABlockImplyItsSuccessor() {
        assertThat(ImpliedSuccessors.cannotThrow(new InsnNode(Opcodes.IADD))).isTrue();
        assertThat(ImpliedSuccessors.cannotThrow(new IincInsnNode(1, 1))).isTrue();
        assertThat(ImpliedSuccessors.cannotThrow(new InsnNode(Opcodes.DDIV))).isTrue();
        assertThat(ImpliedSuccessors.cannotThrow(new InsnNode(Opcodes.IDIV))).isFalse();
        assertThat(ImpliedSuccessors.cannotThrow(new InsnNode(Opcodes.LREM))).isFalse();
        assertThat(ImpliedSuccessors.cannotThrow(new InsnNode(Opcodes.IALOAD))).isFalse();
        assertThat(ImpliedSuccessors.cannotThrow(new InsnNode(Opcodes.ARRAYLENGTH))).isFalse();
        assertThat(ImpliedSuccessors.cannotThrow(new InsnNode(Opcodes.ATHROW))).isFalse();
    }

    @Test
    void aCycleOfSafeBlocksKeepsOneProbeSoEveryChainEnds() {
        // entry: i = 0 runs into L1: IINC GOTO L2; L2: IINC GOTO L1 (an endless loop that cannot throw).
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "spin", "()V", null, null);
        LabelNode l1 = new LabelNode();
        LabelNode l2 = new LabelNode();
        m.instructions.add(new InsnNode(Opcodes.ICONST_0));
        m.instructions.add(new VarInsnNode(Opcodes.ISTORE, 0));
        m.instructions.add(l1);
        m.instructions.add(new IincInsnNode(0, 1));
        m.instructions.add(new JumpInsnNode(Opcodes.GOTO, l2));
        m.instructions.add(l2);
        m.instructions.add(new IincInsnNode(0, 2));
        m.instructions.add(new JumpInsnNode(Opcodes.GOTO, l1));
        Map<AbstractInsnNode, AbstractInsnNode> implied = ImpliedSuccessors.of(m, MethodInstrumenter.leaders(m));
        assertThat(implied).isNotEmpty();
        for (AbstractInsnNode start : implied.keySet()) {
            Set<AbstractInsnNode> seen = new HashSet<>();
            for (AbstractInsnNode n = start; n != null; n = implied.get(n)) assertThat(seen.add(n)).as("a finite chain").isTrue();
        }
    }

    /** Implying block → implied block, each as its bytecode text. */
    private static Map<String, String> implied(MethodNode m) {
        Set<AbstractInsnNode> leaders = MethodInstrumenter.leaders(m);
        Map<String, String> out = new LinkedHashMap<>();
        ImpliedSuccessors.of(m, leaders).forEach((a, b) ->
                out.put(MethodInstrumenter.blockText(a, leaders), MethodInstrumenter.blockText(b, leaders)));
        return out;
    }

    private static MethodNode method(String name) throws Exception {
        ClassNode cn = new ClassNode();
        try (InputStream in = Subject.class.getResourceAsStream("Subject.class")) {
            new ClassReader(in).accept(cn, ClassReader.EXPAND_FRAMES);
        }
        for (MethodNode m : cn.methods) if (m.name.equals(name)) return m;
        throw new AssertionError("no method " + name);
    }
}
