package dev.wholetrace.analysis.dataflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.Printer;

class AccessSourcesTest {
    private static ClassNode subjects() throws Exception {
        try (InputStream in = Subjects.class.getResourceAsStream("Subjects.class")) {
            ClassNode cn = new ClassNode();
            new ClassReader(in).accept(cn, 0);
            return cn;
        }
    }

    /** "OPCODE[ owner.field]" of each real instruction, and what each access depends on, in those words. */
    private static Map<String, List<String>> dependences(String method) throws Exception {
        ClassNode cn = subjects();
        MethodNode m = cn.methods.stream().filter(x -> x.name.equals(method)).findFirst().orElseThrow();
        List<String> names = new ArrayList<>();
        for (AbstractInsnNode n : m.instructions) {
            if (n.getOpcode() < 0) continue;
            String name = Printer.OPCODES[n.getOpcode()];
            if (n instanceof FieldInsnNode f) name += " " + f.name;
            names.add(name);
        }
        Map<Integer, int[]> deps = AccessSources.of(cn.name, m).sources();
        Map<String, List<String>> out = new java.util.TreeMap<>();
        deps.forEach((access, reads) -> {
            List<String> r = new ArrayList<>();
            for (int i : reads) r.add(names.get(i));
            out.put(names.get(access), r);
        });
        return out;
    }

    @Test
    void figure7TheIndexComesFromTheRacyRead() throws Exception {
        // the index comes from subscript, the array reference from the static a: both decide the address
        assertThat(dependences("figure7")).containsEntry("IALOAD", List.of("GETSTATIC subscript", "GETSTATIC a"));
    }

    @Test
    void aStoreInsideABranchDependsOnTheBranchesCondition() throws Exception {
        Map<String, List<String>> d = dependences("controlled");
        // b[0] = 1 is controlled by subscript > 0; b[1] = 2 runs either way; the IASTOREs are told apart by order
        assertThat(d).hasSize(1).containsEntry("IASTORE", List.of("GETSTATIC subscript"));
    }

    @Test
    void aReadsObjectCanComeFromAnotherRead() throws Exception {
        assertThat(dependences("chain")).containsEntry("GETFIELD value", List.of("GETFIELD next")).doesNotContainKey("GETFIELD next");
    }

    @Test
    void callsAreNotFollowed() throws Exception {
        assertThat(dependences("throughCall")).containsEntry("IALOAD", List.of("GETSTATIC a")); // not subscript: it went through Math.abs
    }

    @Test
    void arithmeticAndLocalsAreFollowed() throws Exception {
        assertThat(dependences("arithmetic")).containsEntry("IALOAD", List.of("GETSTATIC subscript", "GETSTATIC a"));
    }

    @Test
    void arraysAreNamedByTheFieldTheyCameFrom() throws Exception {
        assertThat(holderFields("gridCell")).containsExactly("AALOAD=Subjects.grid", "DALOAD=Subjects.grid");
        assertThat(holderFields("rowStore")).containsExactly("DASTORE=Subjects.row");
        assertThat(holderFields("throughCall")).containsExactly("IALOAD=Subjects.a");
    }

    @Test
    void collectionsAreNamedByTheFieldTheirReceiverCameFrom() throws Exception {
        assertThat(holderFields("remember")).containsExactly("INVOKEINTERFACE=Subjects.cache");
        assertThat(holderFields("logValue")).containsExactly("INVOKEVIRTUAL=Subjects.log");
    }

    private static List<String> holderFields(String method) throws Exception {
        ClassNode cn = subjects();
        MethodNode m = cn.methods.stream().filter(x -> x.name.equals(method)).findFirst().orElseThrow();
        List<String> names = new ArrayList<>();
        for (AbstractInsnNode n : m.instructions) if (n.getOpcode() >= 0) names.add(Printer.OPCODES[n.getOpcode()]);
        List<String> out = new ArrayList<>();
        new java.util.TreeMap<>(AccessSources.of(cn.name, m).holderFields()).forEach((i, f) -> out.add(names.get(i) + "=" + f));
        return out;
    }

    @Test
    void accessAndReadOpcodes() {
        assertThat(AccessSources.isRead(Opcodes.GETFIELD)).isTrue();
        assertThat(AccessSources.isRead(Opcodes.DALOAD)).isTrue();
        assertThat(AccessSources.isRead(Opcodes.PUTFIELD)).isFalse();
        assertThat(AccessSources.isAccess(Opcodes.SASTORE)).isTrue();
        assertThat(AccessSources.isAccess(Opcodes.INVOKEVIRTUAL)).isFalse();
    }
}
