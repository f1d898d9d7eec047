package dev.wholetrace.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Which plain field accesses a fence pairs with: the flag it publishes or reads, in its own basic block only, when its class does both. */
class FencedAccessesTest {
    /** The shapes javac makes of fence idioms (Disruptor 4's Sequence: get, set, setVolatile) and of near misses. */
    @SuppressWarnings("unused")
    static final class Shapes {
        static final sun.misc.Unsafe UNSAFE = null; // only compiled, never called
        long seq;
        int data;
        boolean flag;

        long get() {
            long v = seq;
            VarHandle.acquireFence();
            return v;
        }

        void set(long v) {
            VarHandle.releaseFence();
            seq = v;
        }

        void setVolatile(long v) {
            VarHandle.releaseFence();
            seq = v;
            VarHandle.fullFence();
        }

        void publishThenWriteData() {
            VarHandle.releaseFence();
            seq = 0;
            data = 1; // after the publication: stays a data access
        }

        int readDataThenFlag() {
            int d = data; // before the flag: stays a data access
            long s = seq;
            VarHandle.acquireFence();
            return d + (int) s;
        }

        void storeInAnotherBlock() {
            VarHandle.releaseFence();
            if (flag) seq = 1; // not on every path from the fence
        }

        long loadInAnotherBlock() {
            long v = flag ? seq : 0; // the fence is in a later block
            VarHandle.acquireFence();
            return v;
        }

        void unsafeStoreFence() {
            UNSAFE.storeFence();
            data = 3;
        }

        int unsafeLoadFence() {
            int d = data;
            UNSAFE.loadFence();
            return d;
        }

        static long published; // a static flag: PUTSTATIC / GETSTATIC

        static void publishStatic(long v) {
            VarHandle.releaseFence();
            published = v;
        }

        static long readStatic() {
            long v = published;
            VarHandle.acquireFence();
            return v;
        }

        long noFence() {
            seq = 4;
            return seq;
        }
    }

    /** Data stored between the release fence and the flag: the class publishes {@code data}, but reads {@code seq}. */
    @SuppressWarnings("unused")
    static final class DataAfterFence {
        long seq;
        int data;

        void publish() {
            VarHandle.releaseFence();
            data = 1;
            seq = 1;
        }

        long read() {
            long s = seq;
            VarHandle.acquireFence();
            return s;
        }
    }

    /** Data loaded between the flag and the acquire fence: the class reads {@code data}, but publishes {@code seq}. */
    @SuppressWarnings("unused")
    static final class ReadBeforeFence {
        long seq;
        int data;

        void publish() {
            data = 1;
            VarHandle.releaseFence();
            seq = 1;
        }

        long read() {
            long s = seq;
            int d = data;
            VarHandle.acquireFence();
            return s + d;
        }
    }

    @Test
    void pairsEachFenceWithTheFlagInItsBlock() throws IOException {
        assertThat(fenced(Shapes.class, "get")).containsExactly("GET seq");
        assertThat(fenced(Shapes.class, "set")).containsExactly("PUT seq");
        assertThat(fenced(Shapes.class, "setVolatile")).containsExactly("PUT seq");
        assertThat(fenced(Shapes.class, "publishThenWriteData")).containsExactly("PUT seq");
        assertThat(fenced(Shapes.class, "readDataThenFlag")).containsExactly("GET seq");
        assertThat(fenced(Shapes.class, "unsafeStoreFence")).containsExactly("PUT data");
        assertThat(fenced(Shapes.class, "unsafeLoadFence")).containsExactly("GET data");
        assertThat(fenced(Shapes.class, "publishStatic")).containsExactly("PUT published");
        assertThat(fenced(Shapes.class, "readStatic")).containsExactly("GET published");
    }

    @Test
    void pairsNothingAcrossBlocksOrWithoutAFence() throws IOException {
        assertThat(fenced(Shapes.class, "storeInAnotherBlock")).isEmpty();
        assertThat(fenced(Shapes.class, "loadInAnotherBlock")).isEmpty();
        assertThat(fenced(Shapes.class, "noFence")).isEmpty();
    }

    @Test
    void pairsNoFieldTheClassDoesNotBothPublishAndReadThroughFences() throws IOException {
        assertThat(fenced(DataAfterFence.class, "publish")).isEmpty();
        assertThat(fenced(DataAfterFence.class, "read")).isEmpty();
        assertThat(fenced(ReadBeforeFence.class, "publish")).isEmpty();
        assertThat(fenced(ReadBeforeFence.class, "read")).isEmpty();
    }

    /** The fenced accesses of {@code method}, as FencedAccesses finds them in its whole class. */
    private static List<String> fenced(Class<?> shapes, String method) throws IOException {
        ClassNode c = new ClassNode();
        try (InputStream in = shapes.getResourceAsStream(shapes.getName().substring(shapes.getName().lastIndexOf('.') + 1) + ".class")) {
            new ClassReader(in).accept(c, 0);
        }
        MethodNode m = c.methods.stream().filter(x -> x.name.equals(method)).findFirst().orElseThrow();
        return FencedAccesses.of(c.methods).stream().filter(m.instructions::contains).map(n -> (FieldInsnNode) n)
                .map(f -> (f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.GETSTATIC ? "GET " : "PUT ") + f.name)
                .sorted().collect(Collectors.toList());
    }
}
