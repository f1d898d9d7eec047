package dev.wholetrace.agent.instrument;

import dev.wholetrace.bytecode.BytecodeOffsets;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.agent.InstrumentingLoader;
import dev.wholetrace.agent.heap.HeapSubject;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.agent.sync.LocksSubject;
import dev.wholetrace.agent.sync.SyncMethodsSubject;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The instruction offsets BytecodeOffsets decodes from a class file are javap's, for javac's code
 * and for generated code with every variable-length or unusual instruction (switches at every
 * padding, wide, ldc_w, goto_w, jsr_w); ClassReader makes exactly one node of each of them, so
 * the i-th real node is the i-th offset; and the code map of an instrumented class gives every
 * block and site the original offset of its instruction, also after a retry for the 64 KB limit.
 */
class BytecodeOffsetsTest {
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        Probes.install(null);
    }

    static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getClassLoader().getResourceAsStream(c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    /**
     * Checks {@code classFile} against javap: the same methods have code, with the same offsets; each
     * method's real nodes are javap's instructions one for one (same opcodes); the index maps each
     * node to its offset. Returns javap's view.
     */
    private Map<String, List<Javap.Insn>> matchesJavap(String name, byte[] classFile) throws IOException {
        Path file = dir.resolve(name + ".class");
        Files.write(file, classFile);
        Map<String, List<Javap.Insn>> javap = Javap.methods(file);
        ClassReader reader = new ClassReader(classFile);
        Map<String, int[]> offsets = BytecodeOffsets.of(reader);
        assertThat(offsets.keySet()).as(name).containsExactlyInAnyOrderElementsOf(javap.keySet());
        ClassNode cn = new ClassNode();
        reader.accept(cn, 0);
        for (MethodNode m : cn.methods) {
            String key = m.name + m.desc;
            List<Javap.Insn> expected = javap.get(key);
            if (expected == null) {
                assertThat(m.instructions.size()).as(name + "." + key).isZero();
                continue;
            }
            assertThat(offsets.get(key)).as(name + "." + key).containsExactly(Javap.offsets(expected));
            List<AbstractInsnNode> real = new ArrayList<>();
            for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
                if (n.getOpcode() >= 0) real.add(n);
            }
            assertThat(real.stream().map(n -> OpcodeNames.of(n.getOpcode())).toList()).as(name + "." + key)
                    .containsExactlyElementsOf(expected.stream().map(Javap.Insn::asmName).toList());
            BytecodeOffsets.Index index = BytecodeOffsets.index(m, offsets.get(key));
            for (int i = 0; i < real.size(); i++) assertThat(index.of(real.get(i))).isEqualTo(expected.get(i).offset());
        }
        return javap;
    }

    private static Set<String> mnemonics(Map<String, List<Javap.Insn>> javap) {
        return javap.values().stream().flatMap(List::stream).map(Javap.Insn::mnemonic).collect(Collectors.toSet());
    }

    /** The paddings (0-3 bytes) in front of the operands of every {@code switchName} in {@code javap}. */
    private static Set<Integer> paddings(Map<String, List<Javap.Insn>> javap, String switchName) {
        return javap.values().stream().flatMap(List::stream).filter(i -> i.mnemonic().equals(switchName))
                .map(i -> 3 - (i.offset() & 3)).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void javacsClassesDecodeAsJavapPrintsThem() throws Exception {
        Map<String, List<Javap.Insn>> subject = matchesJavap("OffsetsSubject", bytesOf(OffsetsSubject.class));
        assertThat(paddings(subject, "tableswitch")).containsExactly(0, 1, 2, 3);
        assertThat(paddings(subject, "lookupswitch")).containsExactly(0, 1, 2, 3);
        assertThat(mnemonics(subject)).contains("iinc_w", "ldc", "ldc2_w", "sipush", "bipush", "invokeinterface", "invokedynamic",
                "multianewarray", "newarray", "anewarray", "checkcast", "instanceof", "ifnonnull", "monitorenter", "athrow");
        Map<String, List<Javap.Insn>> noCode = matchesJavap("NoCode", bytesOf(OffsetsSubject.NoCode.class));
        assertThat(noCode.keySet()).containsExactlyInAnyOrder("<init>()V", "some()I"); // not nothing()V, outside()I
        matchesJavap("WithDefault", bytesOf(OffsetsSubject.WithDefault.class));
        for (Class<?> c : List.of(Subject.class, HeapSubject.class, HeapSubject.Inner.class, SyncMethodsSubject.class, LocksSubject.class,
                BytecodeOffsets.class, SyncCallTable.class, MethodInstrumenter.class)) {
            matchesJavap(c.getSimpleName(), bytesOf(c));
        }
    }

    @Test
    void switchesAtEveryPaddingDecode() throws Exception {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC, "Switches", null, "java/lang/Object", null);
        for (int pad = 0; pad < 4; pad++) {
            for (int kind = 0; kind < 4; kind++) {
                MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "s" + pad + "_" + kind, "(I)I", null, null);
                mv.visitCode();
                for (int i = 0; i < pad; i++) mv.visitInsn(Opcodes.NOP);
                mv.visitVarInsn(Opcodes.ILOAD, 0);
                Label a = new Label();
                Label b = new Label();
                Label dflt = new Label();
                switch (kind) {
                    case 0 -> mv.visitTableSwitchInsn(-2, 0, dflt, a, b, a);
                    case 1 -> mv.visitTableSwitchInsn(7, 7, dflt, b); // one entry
                    case 2 -> mv.visitLookupSwitchInsn(dflt, new int[] {-100000, 3, 1 << 20}, new Label[] {a, b, a});
                    default -> mv.visitLookupSwitchInsn(dflt, new int[0], new Label[0]); // no pairs
                }
                mv.visitLabel(a);
                mv.visitInsn(Opcodes.ICONST_1);
                mv.visitInsn(Opcodes.IRETURN);
                mv.visitLabel(b);
                mv.visitIntInsn(Opcodes.BIPUSH, 2);
                mv.visitInsn(Opcodes.IRETURN);
                mv.visitLabel(dflt);
                mv.visitIntInsn(Opcodes.SIPUSH, 300);
                mv.visitInsn(Opcodes.IRETURN);
                mv.visitMaxs(1, 1);
                mv.visitEnd();
            }
        }
        cw.visitEnd();
        Map<String, List<Javap.Insn>> javap = matchesJavap("Switches", cw.toByteArray());
        assertThat(paddings(javap, "tableswitch")).containsExactly(0, 1, 2, 3);
        assertThat(paddings(javap, "lookupswitch")).containsExactly(0, 1, 2, 3);
    }

    @Test
    void wideLocalsAndWideConstantsDecode() throws Exception {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC, "Wide", null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "locals", "(I)V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitVarInsn(Opcodes.ISTORE, 300);
        mv.visitIincInsn(300, 1); // wide: high local
        mv.visitIincInsn(2, 1000); // wide: big increment
        mv.visitIincInsn(3, -5); // not wide
        mv.visitVarInsn(Opcodes.ILOAD, 300);
        mv.visitInsn(Opcodes.I2L);
        mv.visitVarInsn(Opcodes.LSTORE, 400);
        mv.visitVarInsn(Opcodes.LLOAD, 400);
        mv.visitInsn(Opcodes.L2D);
        mv.visitVarInsn(Opcodes.DSTORE, 500);
        mv.visitVarInsn(Opcodes.DLOAD, 500);
        mv.visitInsn(Opcodes.D2F);
        mv.visitVarInsn(Opcodes.FSTORE, 600);
        mv.visitVarInsn(Opcodes.FLOAD, 600);
        mv.visitInsn(Opcodes.POP);
        mv.visitInsn(Opcodes.ACONST_NULL);
        mv.visitVarInsn(Opcodes.ASTORE, 700);
        mv.visitVarInsn(Opcodes.ALOAD, 700);
        mv.visitInsn(Opcodes.POP);
        mv.visitVarInsn(Opcodes.ILOAD, 3);
        mv.visitInsn(Opcodes.POP);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(2, 701);
        mv.visitEnd();
        mv = cw.visitMethod(Opcodes.ACC_STATIC, "constants", "()V", null, null);
        mv.visitCode();
        for (int i = 0; i < 300; i++) { // past 256 constant-pool entries: ldc_w
            mv.visitLdcInsn("constant " + i);
            mv.visitInsn(Opcodes.POP);
        }
        mv.visitLdcInsn(1L << 40);
        mv.visitInsn(Opcodes.POP2);
        mv.visitLdcInsn(2.5);
        mv.visitInsn(Opcodes.POP2);
        mv.visitLdcInsn(1 << 20);
        mv.visitInsn(Opcodes.POP);
        mv.visitLdcInsn(1.5f);
        mv.visitInsn(Opcodes.POP);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(2, 0);
        mv.visitEnd();
        cw.visitEnd();
        Map<String, List<Javap.Insn>> javap = matchesJavap("Wide", cw.toByteArray());
        assertThat(mnemonics(javap)).contains("iinc_w", "iinc", "ldc", "ldc_w", "ldc2_w");
        assertThat(javap.get("locals(I)V").stream().filter(i -> i.mnemonic().endsWith("_w")).count()).isEqualTo(12);
    }

    @Test
    void longJumpsAndSubroutinesDecode() throws Exception {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC, "Jumps", null, "java/lang/Object", null); // jsr/ret: before Java 7
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "far", "(I)V", null, null);
        mv.visitCode();
        Label sub = new Label();
        Label body = new Label();
        Label loop = new Label();
        Label end = new Label();
        mv.visitJumpInsn(Opcodes.GOTO, body);
        mv.visitLabel(sub);
        mv.visitVarInsn(Opcodes.ASTORE, 300);
        mv.visitVarInsn(Opcodes.RET, 300); // wide ret
        mv.visitLabel(body);
        mv.visitLabel(loop);
        for (int i = 0; i < 40_000; i++) mv.visitInsn(Opcodes.NOP);
        mv.visitJumpInsn(Opcodes.JSR, sub); // backward, beyond 32 KB: jsr_w
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitJumpInsn(Opcodes.IFEQ, end);
        mv.visitIincInsn(0, -1);
        mv.visitJumpInsn(Opcodes.GOTO, loop); // backward, beyond 32 KB: goto_w
        mv.visitLabel(end);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(1, 301);
        mv.visitEnd();
        mv = cw.visitMethod(Opcodes.ACC_STATIC, "forward", "()V", null, null);
        mv.visitCode();
        Label after = new Label();
        mv.visitJumpInsn(Opcodes.GOTO, after); // forward, beyond 32 KB: ASM rewrites it as goto_w
        for (int i = 0; i < 40_000; i++) mv.visitInsn(Opcodes.NOP);
        mv.visitLabel(after);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        Map<String, List<Javap.Insn>> javap = matchesJavap("Jumps", cw.toByteArray());
        assertThat(mnemonics(javap)).contains("goto_w", "jsr_w", "ret_w", "goto");
        assertThat(javap.get("forward()V").get(0).mnemonic()).isEqualTo("goto_w");
    }

    @Test
    void anUndefinedOpcodeOrAMismatchedMethodGivesNoOffsets() throws Exception {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC, "Bad", null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "m", "()V", null, null);
        mv.visitCode();
        mv.visitInsn(Opcodes.NOP);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        byte[] bytes = cw.toByteArray();
        ClassReader reader = new ClassReader(bytes);
        ClassNode cn = new ClassNode();
        reader.accept(cn, 0);
        MethodNode m = cn.methods.get(0);
        assertThat(BytecodeOffsets.of(reader).get("m()V")).containsExactly(0, 1);
        // The index refuses offsets that do not fit the method's nodes one for one.
        assertThat(BytecodeOffsets.index(m, new int[] {0}).of(m.instructions.getLast())).isEqualTo(-1);
        assertThat(BytecodeOffsets.index(m, new int[] {0, 1, 2}).of(m.instructions.getLast())).isEqualTo(-1);
        assertThat(BytecodeOffsets.index(m, new int[] {0, 1}).of(m.instructions.getLast())).isEqualTo(1);
        // code_length 2, then NOP (0x00) and RETURN (0xB1): make the NOP the undefined opcode 0xCB.
        int code = indexOf(bytes, new byte[] {0, 0, 0, 2, 0, (byte) 0xB1}) + 4;
        bytes[code] = (byte) 0xCB;
        ClassReader bad = new ClassReader(bytes);
        assertThatThrownBy(() -> BytecodeOffsets.of(bad)).isInstanceOf(IllegalArgumentException.class);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) if (haystack[i + j] != needle[j]) continue outer;
            return i;
        }
        throw new AssertionError("not found");
    }

    // ---- the code map of instrumented classes -----------------------------------------------------

    /**
     * Every code-map entry of {@code className} names the original offset of its instruction,
     * checked against javap: a block's text begins with the opcode at its bci; a site's text names
     * its opcode, or it is a call (an invoke), a class-init use (a static access), an exit before a
     * return (the return); a body's entry is 0 and its exceptional exit -1. Returns the entries.
     */
    private static List<CodeEntry> checkCodeMap(ParallelTrace trace, String className, Map<String, List<Javap.Insn>> javap) {
        List<CodeEntry> checked = new ArrayList<>();
        for (boolean blocks : new boolean[] {true, false}) {
            List<CodeEntry> entries = blocks ? trace.code().blocksFrom(0) : trace.code().instructionsFrom(0);
            for (CodeEntry e : entries) {
                if (!e.className().equals(className)) continue;
                checked.add(e);
                String where = e + "";
                String text = e.text();
                if (text.startsWith("method entry") || text.endsWith(" entry")) {
                    assertThat(e.bci()).as(where).isZero();
                    continue;
                }
                if (text.endsWith("exit (exception)")) {
                    assertThat(e.bci()).as(where).isEqualTo(-1);
                    continue;
                }
                Map<Integer, Javap.Insn> at = new HashMap<>();
                for (Javap.Insn i : javap.get(e.method() + e.descriptor())) at.put(i.offset(), i);
                Javap.Insn insn = at.get(e.bci());
                assertThat(insn).as(where).isNotNull();
                String first = text.split(" ")[0];
                if (blocks || first.equals(OpcodeNames.of(opcode(first)))) {
                    assertThat(insn.asmName()).as(where).isEqualTo(first);
                } else if (text.endsWith(" exit") || text.equals("class init end")) {
                    assertThat(insn.mnemonic()).as(where).endsWith("return");
                } else if (text.startsWith("catch ")) {
                    assertThat(insn.mnemonic()).as(where).isNotEmpty(); // a handler's first instruction, whichever it is
                } else if (text.startsWith("class init use")) {
                    assertThat(insn.mnemonic()).as(where).isIn("getstatic", "putstatic");
                } else {
                    assertThat(insn.mnemonic()).as(where).startsWith("invoke");
                }
            }
        }
        return checked;
    }

    /** The opcode named {@code name}, or -1. */
    private static int opcode(String name) {
        for (int op = 0; op < 256; op++) if (OpcodeNames.of(op).equals(name)) return op;
        return -1;
    }

    @Test
    void instrumentedAccessesAndBlocksCarryTheirOriginalOffsets() throws Exception {
        Path file = dir.resolve("heap.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            Class<?> c = new InstrumentingLoader(rec, HeapSubject.class.getName()).loadClass(HeapSubject.class.getName());
            Object subject = c.getDeclaredConstructor().newInstance();
            Probes.install(rec);
            c.getMethod("sweep").invoke(subject);
            Probes.install(null);
            rec.thread().end();
        }
        ParallelTrace trace = ParallelTrace.open(file);
        Path classFile = dir.resolve("HeapSubject.class");
        Files.write(classFile, bytesOf(HeapSubject.class));
        Map<String, List<Javap.Insn>> javap = Javap.methods(classFile);
        List<CodeEntry> entries = checkCodeMap(trace, HeapSubject.class.getName(), javap);
        // The accesses of sweep(): exactly javap's offsets of those instructions.
        List<Javap.Insn> sweep = javap.get("sweep()D");
        for (String[] access : new String[][] {{"getfield", "Field row:", "GETFIELD", ".row"}, {"daload", "", "DALOAD", ""},
                {"putfield", "Field hits:", "PUTFIELD", ".hits"}, {"getfield", "Field hits:", "GETFIELD", ".hits"},
                {"getstatic", "Field counter:", "GETSTATIC", ".counter"}, {"putstatic", "Field counter:", "PUTSTATIC", ".counter"}}) {
            List<Integer> expected = sweep.stream().filter(i -> i.mnemonic().equals(access[0]) && i.rest().contains(access[1]))
                    .map(Javap.Insn::offset).toList();
            List<Integer> recorded = entries.stream().filter(e -> e.method().equals("sweep") && e.text().startsWith(access[2])
                    && e.text().endsWith(access[3])).map(CodeEntry::bci).toList();
            assertThat(expected).as(access[2] + access[3]).isNotEmpty();
            assertThat(recorded).as(access[2] + access[3]).containsExactlyInAnyOrderElementsOf(expected);
        }
        assertThat(entries.stream().filter(e -> e.method().equals("sweep") && e.text().startsWith("DALOAD")).map(CodeEntry::bci).toList())
                .hasSize(1);
        // Every method's first block starts at offset 0.
        assertThat(trace.code().blocksFrom(0).stream().filter(e -> e.className().equals(HeapSubject.class.getName()) && e.bci() == 0)
                .map(e -> e.method() + e.descriptor()).toList()).containsExactlyInAnyOrderElementsOf(javap.keySet());
    }

    @Test
    void syncSitesAndEveryOtherSiteCarryTheirOriginalOffsets() throws Exception {
        Path file = dir.resolve("sync.wtrace");
        List<Class<?>> classes = List.of(OffsetsSubject.class, SyncMethodsSubject.class, LocksSubject.class);
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.ALL))) {
            InstrumentingLoader loader = new InstrumentingLoader(rec, classes.stream().map(Class::getName).toArray(String[]::new));
            for (Class<?> c : classes) loader.loadClass(c.getName());
        }
        ParallelTrace trace = ParallelTrace.open(file);
        List<CodeEntry> all = new ArrayList<>();
        for (Class<?> c : classes) {
            Path classFile = dir.resolve(c.getSimpleName() + ".class");
            Files.write(classFile, bytesOf(c));
            all.addAll(checkCodeMap(trace, c.getName(), Javap.methods(classFile)));
        }
        Set<String> texts = all.stream().map(CodeEntry::text).collect(Collectors.toSet());
        assertThat(texts).contains("MONITORENTER", "MONITOREXIT", "synchronized method entry", "synchronized method exit",
                "synchronized method exit (exception)", "class init end", "Lock.lockInterruptibly", "ReentrantLock.lock",
                "class init use " + OffsetsSubject.class.getName());
        assertThat(all.stream().filter(e -> e.bci() < 0).map(CodeEntry::text).collect(Collectors.toSet()))
                .containsExactly("synchronized method exit (exception)");
    }

    /** Class Mixed with fill(int[], int): 5,000 array stores in 101 blocks, too large with store probes, not without. */
    static byte[] mixedClass() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "Mixed", null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "fill", "([II)V", null, null);
        mv.visitCode();
        for (int k = 0; k < 5000; k++) {
            if (k % 100 == 99) {
                Label skip = new Label();
                mv.visitVarInsn(Opcodes.ILOAD, 1);
                mv.visitJumpInsn(Opcodes.IFEQ, skip);
                mv.visitIincInsn(1, -1);
                mv.visitLabel(skip);
            }
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitIntInsn(Opcodes.SIPUSH, k);
            mv.visitVarInsn(Opcodes.ILOAD, 1);
            mv.visitInsn(Opcodes.IASTORE);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void aMethodProbedAgainMoreCoarselyGetsItsOffsetsAnew() throws Exception {
        Path file = dir.resolve("mixed.wtrace");
        byte[] mixed = mixedClass();
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            assertThat(new ClassInstrumenter(rec).instrument(mixed)).isNotNull();
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.properties()).containsKey("coarse.Mixed.fill([II)V");
        Path classFile = dir.resolve("Mixed.class");
        Files.write(classFile, mixed);
        Map<String, List<Javap.Insn>> javap = Javap.methods(classFile);
        List<CodeEntry> entries = checkCodeMap(trace, "Mixed", javap);
        // Both attempts' blocks (the failed one's stay in the code map, unused): 1 + 2 per conditional.
        List<CodeEntry> blocks = trace.code().blocksFrom(0);
        assertThat(blocks).hasSize(2 * (1 + 2 * 50));
        assertThat(blocks.subList(0, 101)).extracting(CodeEntry::bci).containsExactlyElementsOf(
                blocks.subList(101, 202).stream().map(CodeEntry::bci).toList());
        assertThat(blocks.stream().mapToInt(CodeEntry::bci).distinct().count()).isEqualTo(101);
        // The stores probed in the failed attempt are named with their own offsets too.
        assertThat(entries.stream().filter(e -> e.text().equals("IASTORE")).map(CodeEntry::bci).toList()).containsExactlyElementsOf(
                javap.get("fill([II)V").stream().filter(i -> i.mnemonic().equals("iastore")).map(Javap.Insn::offset).toList());
    }
}
