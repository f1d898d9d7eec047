package dev.wholetrace.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * SelfCoveringHandlers takes only the agent's probes out of a handler's own range: a handler of hand-made
 * bytecode (no javac shape) whose own code before its ASTORE calls the program keeps covering that call,
 * as without the agent.
 */
class SelfCoveringHandlersTest {
    @TempDir
    Path dir;

    /** What the hand-made method calls: its body throws when asked to, its handler's first call throws once. */
    public static final class Helper {
        public static int handled;

        public static void maybeThrow(boolean b) {
            if (b) throw new IllegalArgumentException("body");
        }

        public static Throwable onHandler(Throwable t) {
            if (++handled == 1) throw new IllegalStateException("handler, once");
            return t;
        }
    }

    /**
     * {@code static int run(boolean)}: the body calls maybeThrow and returns 0; the handler, covering the body and
     * itself, calls onHandler before it stores the exception and returns 1. The handler's first onHandler throws,
     * which the handler catches itself: run(true) returns 1 after two calls of onHandler.
     */
    static byte[] handMade(String name) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "(Z)I", null, null);
        String helper = Helper.class.getName().replace('.', '/');
        Label start = new Label(), handler = new Label(), end = new Label();
        mv.visitTryCatchBlock(start, end, handler, null);
        mv.visitCode();
        mv.visitLabel(start);
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, helper, "maybeThrow", "(Z)V", false);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitLabel(handler);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, helper, "onHandler", "(Ljava/lang/Throwable;)Ljava/lang/Throwable;", false);
        mv.visitVarInsn(Opcodes.ASTORE, 1);
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitLabel(end);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void aProgramCallAtTheStartOfAHandlerThatCoversItselfStaysCovered() throws Exception {
        String name = "dev.wholetrace.agent.instrument.HandMadeSelfCovering";
        Helper.handled = 0;
        int[] result = new int[1];
        HugeMethodTest.run(dir.resolve("h.wtrace"), TraceMode.COR, name, handMade(name.replace('.', '/')), c -> {
            try {
                result[0] = (int) c.getMethod("run", boolean.class).invoke(null, true);
            } catch (InvocationTargetException e) {
                throw new AssertionError("the handler's own call escaped its handler", e.getCause());
            }
        });
        assertThat(result[0]).isEqualTo(1);
        assertThat(Helper.handled).isEqualTo(2);
    }
    /**
     * {@code static int run(Object lock, boolean)}: javac's synchronized block, but its handler (covering the body and
     * itself, as javac's) catches IllegalArgumentException only: the release handler appended for the probes before its
     * store catches any Throwable, so its frame must say Throwable (it said IllegalArgumentException: VerifyError).
     */
    static byte[] typedRelease(String name) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "(Ljava/lang/Object;Z)I", null, null);
        String helper = Helper.class.getName().replace('.', '/');
        Label start = new Label(), endBody = new Label(), handler = new Label(), afterExit = new Label();
        mv.visitTryCatchBlock(start, endBody, handler, "java/lang/IllegalArgumentException");
        mv.visitTryCatchBlock(handler, afterExit, handler, "java/lang/IllegalArgumentException");
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ASTORE, 2);
        mv.visitInsn(Opcodes.MONITORENTER);
        mv.visitLabel(start);
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, helper, "maybeThrow", "(Z)V", false);
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitInsn(Opcodes.MONITOREXIT);
        mv.visitLabel(endBody);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitLabel(handler);
        mv.visitVarInsn(Opcodes.ASTORE, 3);
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitInsn(Opcodes.MONITOREXIT);
        mv.visitLabel(afterExit);
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void aTypedHandlerThatReleasesAMonitorStillVerifies() throws Exception {
        String name = "dev.wholetrace.agent.instrument.HandMadeTypedRelease";
        int[] result = new int[2];
        HugeMethodTest.run(dir.resolve("t.wtrace"), TraceMode.COR, name, typedRelease(name.replace('.', '/')), c -> {
            var run = c.getMethod("run", Object.class, boolean.class);
            result[0] = (int) run.invoke(null, new Object(), false);
            result[1] = (int) run.invoke(null, new Object(), true);
        });
        assertThat(result).containsExactly(0, 1);
    }
}
