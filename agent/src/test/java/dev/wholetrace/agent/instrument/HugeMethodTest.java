package dev.wholetrace.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.core.event.TraceMode;
import dev.wholetrace.core.record.RecorderConfig;
import dev.wholetrace.core.record.TraceRecorder;
import dev.wholetrace.core.trace.ParallelTrace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A method that fits in 64 KB but would not with its probes is left as it was, the rest of the
 * class is instrumented, and the trace's metadata names the method.
 */
class HugeMethodTest {
    @TempDir
    Path dir;

    /** Class Huge with big(int): thousands of tiny blocks (x += k if x > k), and small(). */
    static byte[] hugeClass() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "Huge", null, "java/lang/Object", null);
        MethodVisitor big = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "big", "(I)I", null, null);
        big.visitCode();
        for (int k = 0; k < 5000; k++) { // 10 bytes each without probes, about 16 with
            Label skip = new Label();
            big.visitVarInsn(Opcodes.ILOAD, 0);
            big.visitIntInsn(Opcodes.SIPUSH, k);
            big.visitJumpInsn(Opcodes.IF_ICMPLE, skip);
            big.visitIincInsn(0, 1);
            big.visitLabel(skip);
        }
        big.visitVarInsn(Opcodes.ILOAD, 0);
        big.visitInsn(Opcodes.IRETURN);
        big.visitMaxs(0, 0);
        big.visitEnd();
        MethodVisitor small = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "small", "()I", null, null);
        small.visitCode();
        small.visitInsn(Opcodes.ICONST_3);
        small.visitInsn(Opcodes.IRETURN);
        small.visitMaxs(0, 0);
        small.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void aMethodTooLargeWithProbesStaysAsItWasAndIsListed() throws Exception {
        Path file = dir.resolve("huge.wtrace");
        byte[] original = hugeClass();
        byte[] instrumented;
        int big;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            instrumented = new ClassInstrumenter(rec).instrument(original);
            Class<?> c = new ClassLoader(getClass().getClassLoader()) {
                Class<?> define() {
                    return defineClass("Huge", instrumented, 0, instrumented.length);
                }
            }.define();
            big = (int) c.getMethod("big", int.class).invoke(null, 10_000);
            assertThat(c.getMethod("small").invoke(null)).isEqualTo(3);
        }
        assertThat(big).isEqualTo(15_000);
        assertThat(instrumented.length).isGreaterThan(original.length); // small() got its probe
        ParallelTrace t = ParallelTrace.open(file);
        assertThat(t.properties()).containsKey("uninstrumented.Huge.big(I)I");
    }
}
