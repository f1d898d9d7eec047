package dev.wholetrace.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Calls of {@code jdk.internal.misc.Unsafe} (Agrona 2's {@code UnsafeApi}, compiled against it with
 * {@code --add-exports}) get the probes of {@code sun.misc.Unsafe}'s: a release before a release or volatile
 * write, an acquire after an acquire, opaque or volatile read, both around a read-modify-write, the field an
 * offset names after {@code objectFieldOffset(Field)}; nothing around plain, unaligned or
 * {@code weakCompareAndSetXPlain} accesses. The class is made with ASM: javac's {@code --release 17} cannot see
 * the package, so the probes' placement is checked on the instrumented bytecode, not by running it.
 */
class InternalUnsafeTest {
    private static final String UNSAFE = "jdk/internal/misc/Unsafe";
    private static final String OBJECT_OFFSET = "(Ljava/lang/Object;J";

    @TempDir
    Path dir;

    /** One static method {@code calls(Object, long, Field)} making each call in turn, its result dropped. */
    static byte[] subject() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "InternalUnsafeCalls", null, "java/lang/Object", null);
        cw.visitField(Opcodes.ACC_STATIC, "U", "L" + UNSAFE + ";", null, null).visitEnd();
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "calls", "(Ljava/lang/Object;JLjava/lang/reflect/Field;)V", null, null);
        m.visitCode();
        call(m, "putReferenceRelease", OBJECT_OFFSET + "Ljava/lang/Object;)V", Opcodes.ACONST_NULL);
        call(m, "getReferenceVolatile", OBJECT_OFFSET + ")Ljava/lang/Object;");
        call(m, "getIntAcquire", OBJECT_OFFSET + ")I");
        call(m, "getLongOpaque", OBJECT_OFFSET + ")J");
        call(m, "putLongVolatile", OBJECT_OFFSET + "J)V", Opcodes.LCONST_0);
        call(m, "compareAndSetLong", OBJECT_OFFSET + "JJ)Z", Opcodes.LCONST_0, Opcodes.LCONST_1);
        call(m, "getAndAddIntRelease", OBJECT_OFFSET + "I)I", Opcodes.ICONST_1);
        call(m, "weakCompareAndSetIntPlain", OBJECT_OFFSET + "II)Z", Opcodes.ICONST_0, Opcodes.ICONST_1);
        call(m, "getLongUnaligned", OBJECT_OFFSET + ")J");
        call(m, "putInt", OBJECT_OFFSET + "I)V", Opcodes.ICONST_1);
        m.visitFieldInsn(Opcodes.GETSTATIC, "InternalUnsafeCalls", "U", "L" + UNSAFE + ";");
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, UNSAFE, "objectFieldOffset", "(Ljava/lang/reflect/Field;)J", false);
        m.visitInsn(Opcodes.POP2);
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** {@code U.name(object, offset, extra...)}, its result popped. */
    private static void call(MethodVisitor m, String name, String desc, int... extra) {
        m.visitFieldInsn(Opcodes.GETSTATIC, "InternalUnsafeCalls", "U", "L" + UNSAFE + ";");
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.LLOAD, 1);
        for (int op : extra) m.visitInsn(op);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, UNSAFE, name, desc, false);
        char r = desc.charAt(desc.length() - 1);
        if (r == 'J' || r == 'D') m.visitInsn(Opcodes.POP2);
        else if (r != 'V') m.visitInsn(Opcodes.POP);
    }

    @Test
    void probesSurroundTheSynchronizingAccessesOnly() throws Exception {
        byte[] instrumented;
        try (TraceRecorder rec = TraceRecorder.open(dir.resolve("u.wtrace"), RecorderConfig.defaults(TraceMode.COR))) {
            instrumented = new ClassInstrumenter(rec).instrument(subject());
            rec.thread().end();
        }
        ClassNode c = new ClassNode();
        new ClassReader(instrumented).accept(c, 0);
        MethodNode calls = c.methods.stream().filter(x -> x.name.equals("calls")).findFirst().orElseThrow();
        List<String> seen = new ArrayList<>();
        for (AbstractInsnNode n : calls.instructions) {
            if (!(n instanceof MethodInsnNode mi)) continue;
            if (mi.owner.equals(UNSAFE)) seen.add(mi.name);
            else if (mi.owner.endsWith("/SyncUnsafe")) seen.add("<" + mi.name + ">");
        }
        assertThat(seen).containsExactly(
                "<write>", "putReferenceRelease",
                "getReferenceVolatile", "<read>",
                "getIntAcquire", "<read>",
                "getLongOpaque", "<read>",
                "<write>", "putLongVolatile",
                "<write>", "compareAndSetLong", "<read>",
                "<write>", "getAndAddIntRelease", "<read>",
                "weakCompareAndSetIntPlain",
                "getLongUnaligned",
                "putInt",
                "objectFieldOffset", "<fieldOffset>");
    }
}
