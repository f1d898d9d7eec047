package dev.wholetrace.simulate.des;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.simulate.egraph.Action;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.machine.MachineModel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The trace-driven replay of a run of a deterministic graph predicts what simulating the graph does. */
class ReplayTest {
    /**
     * main starts two workers and joins them; a worker works, meets the other at a barrier, takes a
     * lock, meets again. Two vertices walk arrays (loop 99 is not in the graph: each walk's footprint is its bytes).
     */
    static final String PROGRAM = """
            egraph 3
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            method 1 t/Main.work()V
            tree 0 5
            v 0 bci=0 ops=local:1 act=thread-start calls=1 next=1
            v 1 bci=1 ops=local:1 act=thread-start calls=1 next=2
            v 2 bci=2 ops=local:1 act=thread-join next=3
            v 3 bci=3 ops=local:1 act=thread-join next=4
            v 4 bci=4 ops=return:1
            tree 1 6
            v 0 bci=0 ops=int:700,fp:300,array-load:20 chain=fp:40 walks=20x4096@99 act=barrier key=t/Main.B next=1
            v 1 bci=1 ops=int:50 act=monitor-enter key=t/Main.L next=2
            v 2 bci=2 ops=int:400,array-load:5 chain=int:100 walks=5x64f@99 act=monitor-exit key=t/Main.L next=3
            v 3 bci=3 ops=fp:90 act=barrier key=t/Main.B next=4
            v 4 bci=4 ops=int:3 next=5
            v 5 bci=5 ops=return:1
            """;

    static MachineModel machine(int procs, MachineModel.Scheduling s) {
        return new MachineModel("t", procs, 1e9, s, 64, 0, 1,
                Map.of("default", 1L, "bc.fp", 3L, "bc.chain.fp", 5L, "bc.chain.int", 2L, "bc.walk.near.l2", 3L, "bc.walk.far.l1", 1L),
                Map.of("jvm.monitor-enter", 10L, "jvm.barrier", 25L, "jvm.thread-start", 300L, "jvm.handover", 40L, "jvm.context-switch", 7L,
                        MachineModel.WAKE_REMOTE, 60L, MachineModel.WAKE_REMOTE_LATENCY, 15L),
                Map.of("l1", 1000L, "l2", 100_000L));
    }

    /** The events a run of {@code g} records: one block per vertex, its action as a sync event; thread objects 100 + thread. */
    static List<Iterator<Event>> recording(ExecutionGraph g, CodeMap code, List<int[]> blockIds) {
        for (int m = 0; m < g.methods().size(); m++) {
            MethodGraph mg = g.methods().get(m);
            int[] ids = new int[mg.vertices().size()];
            for (int v = 0; v < ids.length; v++) {
                ids[v] = code.blockCount();
                code.addBlock(new CodeEntry(ids[v], mg.id().substring(0, mg.id().indexOf('.')).replace('/', '.'),
                        mg.id().substring(mg.id().indexOf('.') + 1, mg.id().indexOf('(')), mg.id().substring(mg.id().indexOf('(')), 1, mg.vertices().get(v).bci, ""));
            }
            blockIds.add(ids);
        }
        List<List<Event>> threads = new ArrayList<>();
        threads.add(new ArrayList<>());
        walk(g, 0, 0, threads, blockIds);
        List<Iterator<Event>> out = new ArrayList<>();
        for (List<Event> t : threads) out.add(t.iterator());
        return out;
    }

    private static void walk(ExecutionGraph g, int method, int thread, List<List<Event>> threads, List<int[]> blockIds) {
        List<Event> ev = threads.get(thread);
        List<Integer> started = new ArrayList<>();
        int joins = 0, v = 0;
        List<Vertex> vs = g.methods().get(method).vertices();
        while (true) {
            Vertex x = vs.get(v);
            ev.add(Event.block(blockIds.get(method)[v]));
            long obj = x.key == null ? 0 : x.key.hashCode();
            switch (x.action) {
                case THREAD_START -> {
                    int child = threads.size();
                    threads.add(new ArrayList<>(List.of(Event.sync(SyncKind.THREAD_BEGIN, 0, 100 + child, 0))));
                    ev.add(Event.sync(SyncKind.FORK, 0, 100 + child, 0));
                    started.add(child);
                    walk(g, x.targets[0], child, threads, blockIds);
                }
                case THREAD_JOIN -> {
                    int child = started.get(joins++);
                    ev.add(Event.sync(SyncKind.THREAD_END, 0, 100 + child, 0));
                    ev.add(Event.sync(SyncKind.JOIN, 0, 100 + child, 0));
                }
                case MONITOR_ENTER -> ev.add(Event.sync(SyncKind.LOCK, 0, obj, SyncKind.LOCK_EXCLUSIVE));
                case MONITOR_EXIT -> ev.add(Event.sync(SyncKind.UNLOCK, 0, obj, SyncKind.LOCK_EXCLUSIVE));
                case BARRIER -> ev.add(Event.sync(SyncKind.BARRIER, 0, obj, 0));
                default -> {
                    if (x.action != Action.NONE) throw new IllegalStateException(x.action.label());
                }
            }
            if (x.next.length == 0) return;
            v = x.next[0];
        }
    }

    @Test
    void replayingADeterministicRunPredictsWhatSimulatingTheGraphDoes() throws Exception {
        ExecutionGraph g = SimulatorTest.graph(PROGRAM);
        CodeMap code = new CodeMap();
        List<Iterator<Event>> events = recording(g, code, new ArrayList<>());
        Replay replay = new Replay(g);
        ExecutionGraph r = replay.graphOf(code, events, Map.of(101L, 1, 102L, 2));
        assertThat(replay.unmappedBlocks()).isZero();
        assertThat(r.methods()).hasSize(3);
        for (MachineModel.Scheduling s : MachineModel.Scheduling.values()) {
            for (int p = 1; p <= 3; p++) {
                SimResult sim = new Simulator(g, machine(p, s), 1_000_000).run();
                SimResult rep = new Simulator(r, machine(p, s), 1_000_000).run();
                assertThat(rep.cycles()).as(s + " on " + p).isEqualTo(sim.cycles());
                assertThat(rep.blockedAtEnd()).isZero();
                double simBusy = sim.threads().stream().mapToDouble(SimResult.ThreadTime::executing).sum();
                double repBusy = rep.threads().stream().mapToDouble(SimResult.ThreadTime::executing).sum();
                assertThat(repBusy).as(s + " on " + p).isEqualTo(simBusy);
            }
        }
        // the cross-core wake-ups are the replay's too: on two processors they cost, on one they do not
        MachineModel two = machine(2, MachineModel.Scheduling.FIFO), twoLocal = two.withCosts(Map.of(MachineModel.WAKE_REMOTE, 0L, MachineModel.WAKE_REMOTE_LATENCY, 0L));
        assertThat(new Simulator(r, two, 1_000_000).run().cycles()).isGreaterThan(new Simulator(r, twoLocal, 1_000_000).run().cycles());
        assertThat(new Simulator(r, two.withProcessors(1), 1_000_000).run().cycles())
                .isEqualTo(new Simulator(r, twoLocal.withProcessors(1), 1_000_000).run().cycles());
        // the costs are the vertices' costs: the machine's chain cycles count (a worker's 40 fp and 100 int chain
        // instructions), and so do its walks (20 near reads of a 4096-byte footprint in L2, 5 far ones of 64 bytes in L1)
        SimResult one = new Simulator(r, machine(1, MachineModel.Scheduling.FIFO), 1_000_000).run();
        SimResult noChains = new Simulator(r, new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 64, 0, 1, Map.of("default", 1L, "bc.fp", 3L),
                Map.of("jvm.monitor-enter", 10L, "jvm.barrier", 25L, "jvm.thread-start", 300L, "jvm.handover", 40L, "jvm.context-switch", 7L)), 1_000_000).run();
        assertThat(one.cycles() - noChains.cycles()).isEqualTo(2 * (40 * 5 + 100 * 2 + 20 * 3 + 5 * 1));
    }
}
