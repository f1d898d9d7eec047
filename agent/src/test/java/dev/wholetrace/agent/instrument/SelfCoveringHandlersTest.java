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
}
