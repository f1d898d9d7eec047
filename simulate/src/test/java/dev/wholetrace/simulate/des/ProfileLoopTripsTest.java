package dev.wholetrace.simulate.des;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.egraph.ClassSource;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.GraphBuilder;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.machine.MachineModel;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A do-while loop at a method's first instruction ({@code sample.DoWhile.halve}): its body is the
 * method's START vertex, reached from the caller as well as by the loop's back edge. Its block's
 * count holds both (each entry's first trip and every trip after it), so the back edge takes START's
 * count less the method's entries; taken whole, every entry looped once more than recorded (session
 * 42's finding). The same with the loop's test in a later vertex ({@code sample.DoWhileCall.walk}: a
 * call ends the START vertex), whose back edge goes to START. Session 44's first fix made START a
 * merge, which split a loop's exits by block counts (CallTargetWeightsTest's loop of 900 trips became
 * 22.5) and was reverted.
 */
class ProfileLoopTripsTest {
    private static final String MAIN = "dev/wholetrace/simulate/egraph/sample/DoWhile.main([Ljava/lang/String;)V";
    private static final String HALVE = "dev/wholetrace/simulate/egraph/sample/DoWhile.halve(I)I";
    private static final String CALL_MAIN = "dev/wholetrace/simulate/egraph/sample/DoWhileCall.main([Ljava/lang/String;)V";
    private static final String WALK = "dev/wholetrace/simulate/egraph/sample/DoWhileCall.walk(I)I";
    private static final String STEP = "dev/wholetrace/simulate/egraph/sample/DoWhileCall.step(I)I";

    @Test
    void aDoWhileAtAMethodsStartLoopsAsOftenAsRecorded() throws Exception {
        ExecutionGraph g = new GraphBuilder(ClassSource.read(Path.of("target/test-classes"))).build("dev.wholetrace.simulate.egraph.sample.DoWhile");
        MethodGraph halve = g.methods().stream().filter(m -> m.id().equals(HALVE)).findFirst().orElseThrow();
        Vertex body = halve.vertices().get(0);
        assertThat(body.loopStay).as("the loop's test is in the START vertex, its back edge to itself").isGreaterThanOrEqualTo(0);
        assertThat(body.next[body.loopStay]).isZero();
        int exit = halve.vertices().get(body.next[1 - body.loopStay]).bci;
        // halve(8), halve(16), ... halve(128) as main calls them: 3 + 4 + 5 + 6 + 7 = 25 trips in 5 entries, 20 back edges
        Map<String, TreeMap<Integer, Long>> counts = Map.of(
                HALVE, new TreeMap<>(Map.of(0, 25L, exit, 5L)),
                MAIN, new TreeMap<>(Map.of(0, 1L, 4, 6L, 9, 5L, 18, 5L, 26, 1L))); // its for loop: 6 tests, 5 calls
        Profile p = new Profile(counts, Map.of(), 25 + 5 + 18);
        p.applyTo(g);
        assertThat(body.trips).as("back edges per entry").isEqualTo(4.0);
        assertThat(body.weights[body.loopStay]).isEqualTo(20.0);
        assertThat(body.weights[1 - body.loopStay]).isEqualTo(5.0);
        ProfileCheck.Result c = ProfileCheck.run(g, p, SimulatorTest.machine(1, MachineModel.Scheduling.FIFO), 1_000_000);
        assertThat(c.worst()).isEmpty();
        assertThat(c.simulatedTotal()).isEqualTo(c.recordedTotal());
    }

    @Test
    void aLoopBackToStartFromALaterTestLoopsAsOftenAsRecorded() throws Exception {
        ExecutionGraph g = new GraphBuilder(ClassSource.read(Path.of("target/test-classes"))).build("dev.wholetrace.simulate.egraph.sample.DoWhileCall");
        MethodGraph walk = g.methods().stream().filter(m -> m.id().equals(WALK)).findFirst().orElseThrow();
        Vertex test = walk.vertices().stream().filter(v -> v.next.length == 2 && v.loopStay >= 0).findFirst().orElseThrow();
        assertThat(walk.vertices().get(test.next[test.loopStay]).bci).as("the back edge goes to START").isZero();
        assertThat(test.bci).as("the test is not START").isPositive();
        int exit = walk.vertices().get(test.next[1 - test.loopStay]).bci;
        // walk(8), walk(16), ... walk(128): 25 trips (25 calls of step) in 5 entries, 20 back edges; the test is in the
        // block at bci 0 (a call does not end a block), so it counts 25 as well
        Map<String, TreeMap<Integer, Long>> counts = Map.of(
                WALK, new TreeMap<>(Map.of(0, 25L, exit, 5L)),
                STEP, new TreeMap<>(Map.of(0, 25L)),
                CALL_MAIN, new TreeMap<>(Map.of(0, 1L, 4, 6L, 9, 5L, 18, 5L, 26, 1L)));
        Profile p = new Profile(counts, Map.of(), 25 + 5 + 25 + 18);
        p.applyTo(g);
        assertThat(test.weights[test.loopStay]).as("back edges").isEqualTo(20.0);
        assertThat(test.weights[1 - test.loopStay]).as("exits").isEqualTo(5.0);
        assertThat(test.trips).as("back edges per entry").isEqualTo(4.0);
        ProfileCheck.Result c = ProfileCheck.run(g, p, SimulatorTest.machine(1, MachineModel.Scheduling.FIFO), 1_000_000);
        assertThat(c.worst()).isEmpty();
        assertThat(c.simulatedTotal()).isEqualTo(c.recordedTotal());
    }
}
