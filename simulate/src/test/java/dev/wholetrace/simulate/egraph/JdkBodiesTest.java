package dev.wholetrace.simulate.egraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodInsnNode;
import org.junit.jupiter.api.Test;

/**
 * A call into the JDK priced by the JDK's own bytecode (session 40): the expected instructions of
 * the callee's body under the default branch probabilities and loop trips, its calls followed to a
 * depth, and the calls it cannot follow left at one {@code jdk} price.
 */
class JdkBodiesTest {
    /** The fixture's class under a JDK name, so that calls into it count as calls into the JDK. */
    private static final String OWNER = "java/fixture/Bodies";

    private static JdkBodies bodies(int depth) {
        String real = JdkBodiesFixture.class.getName().replace('.', '/'); // the name its own calls use
        JdkClasses classes = new JdkClasses(name -> name.equals(OWNER) || name.equals(real) ? fixtureBytes() : null, "test");
        return new JdkBodies(classes, depth);
    }

    private static byte[] fixtureBytes() {
        try (InputStream in = JdkBodiesFixture.class.getResourceAsStream("JdkBodiesFixture.class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MethodInsnNode call(String name, String desc) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, OWNER, name, desc, false);
    }

    private static double n(double[] counts, OpClass c) {
        return counts[c.ordinal()];
    }

    @Test
    void straightLineCodeCountsEachInstructionOnce() {
        double[] c = bodies(1).of(call("straight", "(I)I"));
        assertThat(n(c, OpClass.LOCAL)).isEqualTo(1); // iload_0
        assertThat(n(c, OpClass.CONST)).isEqualTo(1); // iconst_3
        assertThat(n(c, OpClass.INT)).isEqualTo(1); // imul
        assertThat(n(c, OpClass.RETURN)).isEqualTo(1);
        assertThat(n(c, OpClass.JDK) + n(c, OpClass.INVOKE)).isZero();
    }

    @Test
    void aDecisionTakesEachWayHalfTheTime() {
        double[] c = bodies(1).of(call("decision", "(I)I"));
        assertThat(n(c, OpClass.INT)).isCloseTo(0.5, offset(1e-9)); // imul on one side
        assertThat(n(c, OpClass.DIV)).isCloseTo(0.5, offset(1e-9)); // idiv on the other
        assertThat(n(c, OpClass.BRANCH)).isCloseTo(1, offset(1e-9));
        assertThat(n(c, OpClass.RETURN)).isCloseTo(1, offset(1e-9));
    }

    @Test
    void aLoopRunsTheDefaultTripsPerEntry() {
        double[] c = bodies(1).of(call("loop", "([I)I"));
        // the body runs TRIPS times per entry; the test (arraylength, if_icmpge) once more
        assertThat(n(c, OpClass.ARRAY_LOAD)).isCloseTo(JdkBodies.TRIPS, offset(1e-9));
        assertThat(n(c, OpClass.CHECK)).isCloseTo(JdkBodies.TRIPS + 1, offset(1e-9));
        assertThat(n(c, OpClass.RETURN)).isCloseTo(1, offset(1e-9));
    }

    @Test
    void codeThatCanOnlyThrowIsNeverCounted() {
        double[] c = bodies(1).of(call("checked", "(I)I"));
        assertThat(n(c, OpClass.NEW)).isZero();
        assertThat(n(c, OpClass.INT)).isCloseTo(1, offset(1e-9));
        assertThat(n(c, OpClass.RETURN)).isCloseTo(1, offset(1e-9));
    }

    @Test
    void callsAreFollowedToTheDepthAndThenCostOneJdkPrice() {
        double[] deep = bodies(2).of(call("caller", "(I)I"));
        // straight's body, its call inlined (a local), caller's own iadd
        assertThat(n(deep, OpClass.INT)).isEqualTo(2);
        assertThat(n(deep, OpClass.JDK)).isZero();
        assertThat(n(deep, OpClass.RETURN)).isEqualTo(2);
        double[] shallow = bodies(1).of(call("caller", "(I)I"));
        assertThat(n(shallow, OpClass.INT)).isEqualTo(1);
        assertThat(n(shallow, OpClass.JDK)).as("straight() not followed below depth 1").isEqualTo(1);
        assertThat(bodies(0).of(call("caller", "(I)I"))).as("depth 0: nothing followed").isNull();
    }

    @Test
    void aMethodCountedAtTwoLevelsIsOneBodyRead() {
        JdkBodies b = bodies(2);
        b.of(call("caller", "(I)I")); // caller at level 1, straight inside it at level 2
        b.of(call("straight", "(I)I")); // straight again, at level 1
        assertThat(b.methodsRead()).as("caller and straight, not three (method, level) counts").isEqualTo(2);
    }

    @Test
    void recursionNativeAndUnknownMethodsAreNotFollowed() {
        double[] r = bodies(3).of(call("recursive", "(I)I"));
        assertThat(n(r, OpClass.JDK)).as("the recursive call: one JDK price").isCloseTo(0.5, offset(1e-9));
        assertThat(bodies(3).of(call("nativeOne", "(I)I"))).isNull();
        assertThat(bodies(3).of(call("missing", "()V"))).isNull();
        assertThat(bodies(3).of(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/fixture/Other", "straight", "(I)I", false))).isNull();
        assertThat(bodies(3).of(new MethodInsnNode(Opcodes.INVOKESTATIC, JdkBodiesFixture.class.getName().replace('.', '/'), "straight", "(I)I", false)))
                .as("a call into the program is not the JDK's").isNull();
    }

    @Test
    void aBranchIntoAThrowStaysUnlikelyWhenItsMessageCallsTheJdk() throws Exception {
        byte[] bytes;
        try (InputStream in = JdkBodiesFixture.Checked.class.getResourceAsStream("JdkBodiesFixture$Checked.class")) {
            bytes = in.readAllBytes();
        }
        for (JdkBodies b : new JdkBodies[] {null, JdkBodies.running(3)}) {
            MethodGraph main = new GraphBuilder(ClassSource.of(bytes), b).build(JdkBodiesFixture.Checked.class.getName()).methods().get(0);
            Vertex decision = main.vertices().stream().filter(v -> v.next.length == 2).findFirst().orElseThrow();
            assertThat(decision.weights).as(b == null ? "without bodies" : "with bodies").contains(0.0);
        }
    }

    @Test
    void theRunningJdkIsReadFromItsImage() {
        JdkBodies running = JdkBodies.running(1);
        assertThat(running).isNotNull();
        double[] c = running.of(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, "java/lang/Integer", "intValue", "()I", false));
        assertThat(n(c, OpClass.LOCAL)).isEqualTo(1);
        assertThat(n(c, OpClass.FIELD_LOAD)).isEqualTo(1);
        assertThat(n(c, OpClass.RETURN)).isEqualTo(1);
        assertThat(JdkBodies.running(0)).isNull();
    }
}
