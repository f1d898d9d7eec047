package dev.wholetrace.simulate.des;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.egraph.ClassSource;
import dev.wholetrace.simulate.egraph.EgraphFile;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.GraphBuilder;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SimulatorTest {
    /** main starts two threads running method 1 (1000 int instructions, a lock around 100 more) and joins them. */
    static final String TWO_WORKERS = """
            egraph 1
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            method 1 t/Main.work()V
            tree 0 5
            v 0 bci=0 ops=local:1 act=thread-start calls=1 next=1
            v 1 bci=1 ops=local:1 act=thread-start calls=1 next=2
            v 2 bci=2 ops=local:1 act=thread-join next=3
            v 3 bci=3 ops=local:1 act=thread-join next=4
            v 4 bci=4 ops=return:1
            tree 1 4
            v 0 bci=0 ops=int:1000 act=monitor-enter key=t/Main.LOCK next=1
            v 1 bci=1 ops=int:100 act=monitor-exit key=t/Main.LOCK next=2
            v 2 bci=2 ops=int:1 next=3
            v 3 bci=3 ops=return:1
            """;

    static ExecutionGraph graph(String text) throws Exception {
        return EgraphFile.parse(new StringReader(text), "test");
    }

    static MachineModel machine(int procs, MachineModel.Scheduling s) {
        return new MachineModel("t", procs, 1e9, s, 50, 0, 1, Map.of("default", 1L), Map.of("jvm.monitor-enter", 10L));
    }

    @Test
    void twoProcessorsOverlapTheWorkButNotTheLock() throws Exception {
        ExecutionGraph g = graph(TWO_WORKERS);
        SimResult one = new Simulator(g, machine(1, MachineModel.Scheduling.FIFO), 1_000_000).run();
        SimResult two = new Simulator(g, machine(2, MachineModel.Scheduling.FIFO), 1_000_000).run();
        // a worker: 1000 + 10 (the lock's cost) + 100 + 1 + 1 (return) = 1112 cycles; main: 5
        assertThat(one.cycles()).isEqualTo(2 * 1112 + 5);
        assertThat(two.cycles()).isLessThan(one.cycles()).isGreaterThan(1113);
        assertThat(one.blockedAtEnd()).isZero();
        assertThat(two.threads()).hasSize(3);
        assertThat(two.waitCycles()).containsKey("join");
    }

    @Test
    void roundRobinSlicesStillDoTheSameWork() throws Exception {
        ExecutionGraph g = graph(TWO_WORKERS);
        SimResult fifo = new Simulator(g, machine(1, MachineModel.Scheduling.FIFO), 1_000_000).run();
        SimResult rr = new Simulator(g, machine(1, MachineModel.Scheduling.ROUND_ROBIN), 1_000_000).run();
        assertThat(rr.cycles()).isEqualTo(fifo.cycles()); // no context-switch cost set: one processor stays busy
        double busy = rr.threads().stream().mapToDouble(SimResult.ThreadTime::executing).sum();
        assertThat(busy).isEqualTo(rr.cycles());
        assertThat(rr.threads().get(1).ready()).isPositive(); // the workers took turns
    }

    @Test
    void barrierWorkersFromBytecodeRunToTheEndAndScale() throws Exception {
        ExecutionGraph g = new GraphBuilder(ClassSource.read(Path.of("target/test-classes"))).build("dev.wholetrace.simulate.egraph.sample.Workers");
        List<Prediction.Point> points = Prediction.sweep(g, machine(1, MachineModel.Scheduling.ROUND_ROBIN), new int[] {1, 2, 4}, 3, 10_000_000);
        for (Prediction.Point p : points) {
            assertThat(p.last().truncated()).isFalse();
            assertThat(p.last().blockedAtEnd()).isZero();
        }
        assertThat(points.get(2).meanSeconds()).isLessThan(points.get(0).meanSeconds());
        assertThat(points.get(2).speedup()).isGreaterThan(1.5);
        assertThat(points.get(2).last().waitCycles().keySet()).anyMatch(k -> k.startsWith("barrier "));
    }
}
