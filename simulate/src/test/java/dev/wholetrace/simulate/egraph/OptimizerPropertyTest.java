package dev.wholetrace.simulate.egraph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.des.SimResult;
import dev.wholetrace.simulate.des.Simulator;
import dev.wholetrace.simulate.machine.MachineModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** §3.3's promise for the non-degenerative optimizations: every simulated time stays identical. */
class OptimizerPropertyTest {
    private static final Action[] ACTIONS = {Action.NONE, Action.NONE, Action.NONE, Action.NONE, Action.CALL, Action.MONITOR_ENTER, Action.MONITOR_EXIT,
        Action.BARRIER, Action.THREAD_START, Action.THREAD_JOIN, Action.QUEUE_PUT, Action.QUEUE_TAKE, Action.LOCK, Action.UNLOCK};

    /** A random program: methods of random vertices; forward edges, loops with trip counts, calls only to later methods (no endless recursion). */
    static ExecutionGraph randomGraph(long seed) {
        Random r = new Random(seed);
        int methods = 1 + r.nextInt(4);
        List<MethodGraph> ms = new ArrayList<>();
        for (int m = 0; m < methods; m++) {
            int n = 2 + r.nextInt(9);
            List<Vertex> vs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Vertex v = new Vertex(i * 3);
                v.end = i * 3 + 2;
                for (int k = 0; k < 3; k++) v.ops[r.nextInt(OpClass.values().length)] += 1 + r.nextInt(20);
                Action a = ACTIONS[r.nextInt(ACTIONS.length)];
                if ((a == Action.CALL || a == Action.THREAD_START) && m == methods - 1) a = Action.NONE;
                v.action = a;
                if (a == Action.CALL || a == Action.THREAD_START) v.setTargets(new int[] {m + 1 + r.nextInt(methods - m - 1)});
                if (a.category != Action.Category.EXECUTION) v.key = "k" + r.nextInt(2);
                vs.add(v);
            }
            for (int i = 0; i < n - 1; i++) {
                Vertex v = vs.get(i);
                int kind = r.nextInt(5);
                if (kind == 0 && i + 2 < n) { // a decision forward
                    int a = i + 1, b = i + 1 + r.nextInt(n - i - 1);
                    v.setNext(a == b ? new int[] {a} : new int[] {a, b});
                    if (v.next.length == 2) v.weights = new double[] {1 + r.nextInt(3), r.nextInt(3)};
                } else if (kind == 1 && i > 0 && v.action == Action.NONE) { // a loop back to an earlier vertex
                    int h = r.nextInt(i + 1);
                    v.setNext(new int[] {i + 1, h});
                    v.loopStay = 1;
                    v.trips = r.nextInt(4) + r.nextInt(2) * 0.5;
                } else {
                    v.setNext(new int[] {i + 1});
                }
            }
            // copies of a vertex as both arms of a decision, for branch elimination
            if (n >= 3 && r.nextBoolean()) {
                Vertex d = vs.get(0);
                Vertex a = new Vertex(100), b = new Vertex(103);
                a.ops[OpClass.INT.ordinal()] = b.ops[OpClass.INT.ordinal()] = 7;
                a.setNext(new int[] {n - 1});
                b.setNext(new int[] {n - 1});
                vs.add(a);
                vs.add(b);
                d.setNext(new int[] {n, n + 1});
                d.weights = new double[] {1, 2};
                d.loopStay = -1;
            }
            ms.add(new MethodGraph("p/C.m" + m + "()V", vs));
        }
        return new ExecutionGraph(0, ms);
    }

    @Property(tries = 150)
    void optimizedGraphsSimulateToIdenticalTimes(@ForAll @LongRange(min = 0, max = 1_000_000) long graphSeed, @ForAll @IntRange(min = 1, max = 4) int processors,
            @ForAll @IntRange(min = 0, max = 2) int scheduling, @ForAll @IntRange(min = 1, max = 200) int slice, @ForAll @LongRange(min = 1, max = 99) long seed) {
        ExecutionGraph g = randomGraph(graphSeed);
        ExecutionGraph o = g.copy();
        Optimizer.Stats stats = new Optimizer().optimize(o);
        assertThat(stats.verticesAfter()).isLessThanOrEqualTo(stats.verticesBefore());
        MachineModel m = new MachineModel("p", processors, 1e9, MachineModel.Scheduling.values()[scheduling], slice, 0, seed,
                Map.of("default", 1L, "bc.int", 3L, "bc.fp", 4L, "bc.div", 30L, /* the divider binds some vertices, not others */ MachineModel.LOOP_EXIT, 11L), Map.of("jvm.monitor-enter", 20L, "jvm.thread-start", 500L, "jvm.context-switch", 7L, "jvm.handover", 5L));
        SimResult a = new Simulator(g, m, 200_000).run();
        SimResult b = new Simulator(o, m, 200_000).run();
        // a run cut at the step limit ends at a different vertex count in each form: only whole runs compare
        Assume.that(!a.truncated());
        assertThat(b.cycles()).isEqualTo(a.cycles());
        assertThat(b.blockedAtEnd()).isEqualTo(a.blockedAtEnd());
        assertThat(b.threads()).isEqualTo(a.threads());
        assertThat(b.waitCycles()).isEqualTo(a.waitCycles());
    }

    @Property(tries = 50)
    void optimizationsRemoveVertices(@ForAll @LongRange(min = 0, max = 1_000_000) long graphSeed) {
        ExecutionGraph o = randomGraph(graphSeed);
        int before = o.vertexCount();
        Optimizer.Stats s = new Optimizer().optimize(o);
        assertThat(o.vertexCount()).isEqualTo(before - s.passes() - s.merges() - s.branches());
    }
}
