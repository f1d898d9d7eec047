package dev.wholetrace.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A method that fits in 64 KB but would not with its probes is probed more coarsely until it
 * fits — without heap probes, then with one block at entry, then not at all — the rest of the
 * class is instrumented as usual, and the trace's metadata names the method and its level.
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

    /** Class Stores with fill(int[]): 5000 array stores in one block (6 bytes each, 18 with a store probe). */
    static byte[] storesClass() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "Stores", null, "java/lang/Object", null);
        MethodVisitor fill = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "fill", "([I)V", null, null);
        fill.visitCode();
        for (int k = 0; k < 5000; k++) {
            fill.visitVarInsn(Opcodes.ALOAD, 0);
            fill.visitIntInsn(Opcodes.SIPUSH, k);
            fill.visitInsn(Opcodes.ICONST_1);
            fill.visitInsn(Opcodes.IASTORE);
        }
        fill.visitInsn(Opcodes.RETURN);
        fill.visitMaxs(0, 0);
        fill.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Class Full with nops(): 65,533 NOPs and a RETURN, one byte short of the limit: no probe fits. */
    static byte[] fullClass() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "Full", null, "java/lang/Object", null);
        MethodVisitor nops = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "nops", "()V", null, null);
        nops.visitCode();
        for (int k = 0; k < 65_533; k++) nops.visitInsn(Opcodes.NOP);
        nops.visitInsn(Opcodes.RETURN);
        nops.visitMaxs(0, 0);
        nops.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Instruments {@code classFile}, defines it as {@code name} and hands the class to {@code body}, recording in {@code mode}. */
    static ParallelTrace run(Path file, TraceMode mode, String name, byte[] classFile, ThrowingConsumer<Class<?>> body) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode))) {
            byte[] instrumented = new ClassInstrumenter(rec).instrument(classFile);
            Class<?> c = new ClassLoader(HugeMethodTest.class.getClassLoader()) {
                Class<?> define() {
                    return defineClass(name, instrumented, 0, instrumented.length);
                }
            }.define();
            Probes.install(rec);
            try {
                body.accept(c);
            } finally {
                Probes.install(null);
            }
            rec.thread().end();
        }
        return ParallelTrace.open(file);
    }

    interface ThrowingConsumer<T> {
        void accept(T t) throws Exception;
    }

    static List<Event> events(ParallelTrace t) {
        List<Event> all = new ArrayList<>();
        for (int i = 0; i < t.threads().size(); i++) t.thread(i).events().forEachRemaining(all::add);
        return all;
    }

    @Test
    void aMethodTooLargeWithABlockProbeEachGetsOneBlockAtEntry() throws Exception {
        int[] result = new int[2];
        ParallelTrace t = run(dir.resolve("huge.wtrace"), TraceMode.COR, "Huge", hugeClass(), c -> {
            result[0] = (int) c.getMethod("big", int.class).invoke(null, 10_000);
            result[1] = (int) c.getMethod("big", int.class).invoke(null, 2);
            assertThat(c.getMethod("small").invoke(null)).isEqualTo(3);
        });
        assertThat(result).containsExactly(15_000, 5002);
        assertThat(t.properties()).containsEntry("coarse.Huge.big(I)I", "one block at entry and sync operations only (exceeds 64 KB with every block)");
        List<String> blocks = events(t).stream().filter(e -> e.type() == Event.Type.BLOCK)
                .map(e -> t.code().block(e.id()).method() + ": " + t.code().block(e.id()).text()).toList();
        assertThat(blocks).containsExactly("big: method entry (coarse: the method's blocks are not probed)",
                "big: method entry (coarse: the method's blocks are not probed)", "small: ICONST_3 IRETURN");
    }

    @Test
    void aMethodTooLargeWithItsStoreProbesKeepsItsBlocksButNotItsStores() throws Exception {
        int[] array = new int[5000];
        ParallelTrace t = run(dir.resolve("stores.wtrace"), TraceMode.CDR, "Stores", storesClass(),
                c -> c.getMethod("fill", int[].class).invoke(null, (Object) array));
        assertThat(array).containsOnly(1);
        assertThat(t.properties()).containsEntry("coarse.Stores.fill([I)V",
                "blocks and sync operations only: no loads and stores (exceeds 64 KB with them)");
        List<Event> events = events(t);
        assertThat(events).filteredOn(e -> e.type() == Event.Type.STORE).isEmpty();
        assertThat(events).filteredOn(e -> e.type() == Event.Type.BLOCK).hasSize(1);
    }

    @Test
    void aMethodWithNoRoomForAnyProbeStaysAsItWasAndIsListed() throws Exception {
        ParallelTrace t = run(dir.resolve("full.wtrace"), TraceMode.COR, "Full", fullClass(), c -> c.getMethod("nops").invoke(null));
        assertThat(t.properties()).containsEntry("uninstrumented.Full.nops()V",
                "uninstrumented (exceeds 64 KB even with entry and sync probes only)");
        assertThat(events(t)).filteredOn(e -> e.type() == Event.Type.BLOCK).isEmpty();
    }
}
