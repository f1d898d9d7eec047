package dev.wholetrace.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Which plain field accesses a fence pairs with: the flag it publishes or reads, in its own basic block only. */
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

        long noFence() {
            seq = 4;
            return seq;
        }
    }

    @Test
    void pairsEachFenceWithTheFlagInItsBlock() throws IOException {
        assertThat(fenced("get")).containsExactly("GET seq");
        assertThat(fenced("set")).containsExactly("PUT seq");
        assertThat(fenced("setVolatile")).containsExactly("PUT seq");
        assertThat(fenced("publishThenWriteData")).containsExactly("PUT seq");
        assertThat(fenced("readDataThenFlag")).containsExactly("GET seq");
        assertThat(fenced("unsafeStoreFence")).containsExactly("PUT data");
    }

    @Test
    void pairsNothingAcrossBlocksOrWithoutAFence() throws IOException {
        assertThat(fenced("storeInAnotherBlock")).isEmpty();
        assertThat(fenced("loadInAnotherBlock")).isEmpty();
        assertThat(fenced("noFence")).isEmpty();
    }

    private static List<String> fenced(String method) throws IOException {
        ClassNode c = new ClassNode();
        try (InputStream in = Shapes.class.getResourceAsStream("FencedAccessesTest$Shapes.class")) {
            new ClassReader(in).accept(c, 0);
        }
        MethodNode m = c.methods.stream().filter(x -> x.name.equals(method)).findFirst().orElseThrow();
        return FencedAccesses.of(m).stream().map(n -> (FieldInsnNode) n)
                .map(f -> (f.getOpcode() == org.objectweb.asm.Opcodes.GETFIELD ? "GET " : "PUT ") + f.name)
                .sorted().collect(Collectors.toList());
    }
}
