package dev.wholetrace.simulate.des;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.egraph.ClassSource;
import dev.wholetrace.simulate.egraph.EgraphFile;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.GraphBuilder;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /** One loop of TRIPS iterations whose body walks an array 8 bytes per iteration (a walk of the loop whose control ends at bci 1). */
    static final String WALK = """
            egraph 3
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            tree 0 4
            v 0 bci=0 ops=local:1 next=1
            v 1 bci=1 ops=branch:1 next=2,3 loop=0 trips=TRIPS
            v 2 bci=2 ops=array-load:1 walks=1x8@1 next=1
            v 3 bci=3 ops=return:1
            """;

    @Test
    void aWalkCostsTheLevelItsFootprintFitsIn() throws Exception {
        MachineModel m = new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1,
                Map.of("default", 1L, "bc.walk.near.l1", 0L, "bc.walk.near.l2", 5L, "bc.walk.near.out", 50L), Map.of(), Map.of("l1", 1000L, "l2", 10_000L));
        double small = new Simulator(graph(WALK.replace("TRIPS", "100")), m, 1_000_000).run().cycles(); // 800 bytes: L1
        double mid = new Simulator(graph(WALK.replace("TRIPS", "1000")), m, 1_000_000).run().cycles(); // 8000: L2
        double big = new Simulator(graph(WALK.replace("TRIPS", "2000")), m, 10_000_000).run().cycles(); // 16000: out
        // local 1 + (trips + 1) tests + trips loads + return 1, each 1 cycle, plus the walk's extra per load
        assertThat(small).isEqualTo(1 + 101 + 100 + 1.0);
        assertThat(mid).isEqualTo(1 + 1001 + 1000 * (1 + 5) + 1.0);
        assertThat(big).isEqualTo(1 + 2001 + 2000 * (1 + 50) + 1.0);
        MachineModel noCaches = new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1, m.cycles(), Map.of());
        assertThat(new Simulator(graph(WALK.replace("TRIPS", "2000")), noCaches, 10_000_000).run().cycles())
                .isEqualTo(1 + 2001 + 2000 + 1.0); // a machine without cache sizes: every walk hits
    }

    @Test
    void threadsRunningOneWalkShareItsDataSet() throws Exception {
        MachineModel m = new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1,
                Map.of("default", 1L, "bc.walk.near.l1", 0L, "bc.walk.near.l2", 5L, "bc.walk.near.out", 50L), Map.of(), Map.of("l1", 1000L, "l2", 10_000L));
        String main = "t/Main.main([Ljava/lang/String;)V";
        Map<String, java.util.TreeMap<Integer, Long>> counts = Map.of(main, new java.util.TreeMap<>(Map.of(0, 1L, 1, 1001L, 2, 1000L, 3, 1L)));
        double[] cycles = new double[3];
        for (int threads = 1; threads <= 2; threads++) {
            // the recording: the loop's 1000 iterations of 8 bytes (8000 bytes: L2), its body run by THREADS threads
            ExecutionGraph g = graph(WALK.replace("TRIPS", "1"));
            new Profile(counts, Map.of(main, new java.util.TreeMap<>(Map.of(0, 1L, 1, 1L, 2, (long) threads, 3, 1L))), 2003).applyTo(g);
            assertThat(g.methods().get(0).vertices().get(2).sharers).isEqualTo(threads);
            cycles[threads] = new Simulator(g, m, 10_000_000).run().cycles();
        }
        assertThat(cycles[1]).isEqualTo(1 + 1001 + 1000 * (1 + 5) + 1.0);
        assertThat(cycles[2]).isEqualTo(1 + 1001 + 1000 * (1 + 50) + 1.0); // two threads' 8000 bytes: out of L2
    }

    @Test
    void leavingALoopCostsOncePerEntry() throws Exception {
        // an outer loop of 3 iterations around an inner loop of 4: the inner loop is left 3 times, the outer once
        ExecutionGraph g = graph("""
                egraph 1
                entry 0
                method 0 t/Main.main([Ljava/lang/String;)V
                tree 0 6
                v 0 bci=0 ops=local:1 next=1
                v 1 bci=1 ops=branch:1 next=2,5 loop=0 trips=3
                v 2 bci=2 ops=local:1 next=3
                v 3 bci=3 ops=branch:1 next=4,1 loop=0 trips=4
                v 4 bci=4 ops=int:1 next=3
                v 5 bci=5 ops=return:1
                """);
        MachineModel plain = machine(1, MachineModel.Scheduling.FIFO);
        MachineModel exits = new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1, Map.of("default", 1L, MachineModel.LOOP_EXIT, 100L), Map.of());
        // v0 + 4 outer tests + 3 × (v2 + 5 inner tests + 4 bodies) + return
        assertThat(new Simulator(g, plain, 1_000_000).run().cycles()).isEqualTo(1 + 4 + 3 * (1 + 5 + 4) + 1.0);
        assertThat(new Simulator(g, exits, 1_000_000).run().cycles()).isEqualTo(36 + 4 * 100.0);
    }

    /** Divisions (v0), other work (v1, v1's action ACTION), a division on a chain (v2), other work (v3). */
    static final String DIVIDER = """
            egraph 4
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            tree 0 5
            v 0 bci=0 ops=div:3,fp:10 next=1
            v 1 bci=1 ops=fp:10 ACTION next=2
            v 2 bci=2 ops=div:1,fp:40 chain=div:1 next=3
            v 3 bci=3 ops=fp:5 act=monitor-exit key=t/L next=4
            v 4 bci=4 ops=return:1
            """;

    @Test
    void divisionsOverlapTheOtherInstructionsAfterThem() throws Exception {
        MachineModel m = new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1,
                Map.of("default", 1L, "bc.div", 20L, "bc.fp", 2L, "bc.chain.div", 7L), Map.of());
        // v0: 20 of other work while its 60 divider cycles run, 40 left; v1: 20 more, 20 left; v2 has divisions
        // of its own: the 20 left first, then its 80 (its 20 divider cycles overlap them), its chain's 7 overlap
        // nothing; v3, v4: 10 + 1. Summed per class it was 80 + 20 + 107 + 11, the max per vertex 60 + 20 + 87 + 11.
        assertThat(new Simulator(graph(DIVIDER.replace("ACTION", "")), m, 1_000).run().cycles()).isEqualTo(20 + 20 + (20 + 80 + 7) + 11.0);
        // an action that orders memory (a lock) waits for the divider: v1 pays the 20 left at once
        assertThat(new Simulator(graph(DIVIDER.replace("ACTION", "act=monitor-enter key=t/L")), m, 1_000).run().cycles())
                .isEqualTo(20 + (20 + 20) + 87 + 11.0);
    }

    /** main hands a lambda (method 1, 100 int instructions) to a stream that calls it back TRIPS times. */
    static final String CALLBACK = """
            egraph 5
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            method 1 t/Main.lambda$main$0(I)I
            tree 0 2
            v 0 bci=0 ops=local:1,invoke:1 act=callback calls=1 trips=TRIPS next=1
            v 1 bci=5 ops=return:1
            tree 1 2
            v 0 bci=0 ops=int:100 next=1
            v 1 bci=3 ops=return:1
            """;

    @Test
    void aCallbackRunsItsLambdaTripsTimes() throws Exception {
        MachineModel m = new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1, Map.of("default", 1L), Map.of("jvm.call", 3L));
        // main: 2 instructions and one call's cost (3), then each run of the lambda 101, then the return
        assertThat(new Simulator(graph(CALLBACK.replace("TRIPS", "4")), m, 1_000).run().cycles()).isEqualTo(2 + 3 + 4 * 101 + 1.0);
        assertThat(new Simulator(graph(CALLBACK.replace("TRIPS", "0")), m, 1_000).run().cycles()).isEqualTo(2 + 3 + 1.0);
        double[] fractional = new double[40];
        for (int seed = 0; seed < fractional.length; seed++) {
            MachineModel s = new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1 + seed, Map.of("default", 1L), Map.of("jvm.call", 3L));
            fractional[seed] = (new Simulator(graph(CALLBACK.replace("TRIPS", "2.5")), s, 1_000).run().cycles() - 6) / 101;
        }
        assertThat(fractional).containsOnly(2.0, 3.0).contains(2.0, 3.0); // 2.5 runs: 2 or 3, drawn
    }

    @Test
    void aProfileGivesACallbackItsLambdasRunsPerCall() throws Exception {
        ExecutionGraph g = graph(CALLBACK.replace("TRIPS", "1"));
        Map<String, java.util.TreeMap<Integer, Long>> counts = new java.util.HashMap<>();
        counts.put("t/Main.main([Ljava/lang/String;)V", new java.util.TreeMap<>(Map.of(0, 2L, 5, 2L)));
        counts.put("t/Main.lambda$main$0(I)I", new java.util.TreeMap<>(Map.of(0, 14L, 3, 14L)));
        new Profile(counts, Map.of(), 32).applyTo(g);
        assertThat(g.methods().get(0).vertices().get(0).trips).isEqualTo(7.0);
        ExecutionGraph reference = graph(CALLBACK.replace("TRIPS", "1").replace("lambda$main$0", "work")); // a method reference's target
        counts.put("t/Main.work(I)I", counts.get("t/Main.lambda$main$0(I)I"));
        new Profile(counts, Map.of(), 32).applyTo(reference);
        assertThat(reference.methods().get(0).vertices().get(0).trips).isEqualTo(1.0); // its count also has direct calls: kept
        counts.put("t/Main.main([Ljava/lang/String;)V", new java.util.TreeMap<>(Map.of(0, 0L)));
        new Profile(counts, Map.of(), 14).applyTo(g);
        assertThat(g.methods().get(0).vertices().get(0).trips).isEqualTo(7.0); // a call that never ran keeps what it had
    }

    /** Method 1 calls itself through an interface (a proxy's delegate call, resolved to the proxy) or recurses for real. */
    static final String SELF = """
            egraph 5
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            method 1 t/P.close()V
            tree 0 2
            v 0 bci=0 ops=local:1 act=call calls=1 next=1
            v 1 bci=1 ops=return:1
            tree 1 3
            v 0 bci=0 ops=int:10 next=1,2
            v 1 bci=4 ops=local:1,invoke:1 act=call calls=1 next=2
            v 2 bci=9 ops=return:1
            """;

    @Test
    void aRecordingNarrowedByIncludeOrExcludeDoesNotShowWhichClassesWereLoaded() {
        assertThat(Profile.blocksEveryClass(null)).isTrue(); // a recording without the property: as before
        assertThat(Profile.blocksEveryClass("")).isTrue();
        assertThat(Profile.blocksEveryClass("out=/tmp/a.wtrace,mode=cor,interval=500")).isTrue();
        assertThat(Profile.blocksEveryClass("out=/tmp/a.wtrace,mode=cor,include=")).isTrue(); // no pattern: every class
        assertThat(Profile.blocksEveryClass("out=/tmp/a.wtrace,mode=cor,include=t.Main:t.Q*")).isFalse();
        assertThat(Profile.blocksEveryClass("out=/tmp/a.wtrace,mode=cor,exclude=t.P")).isFalse();
        assertThat(Profile.blocksEveryClass("out=/tmp/include=x.wtrace,mode=cor")).isTrue(); // a key, not a value
    }

    @Test
    void aProfileDropsASelfCallThatCannotHaveHappened() throws Exception {
        Map<String, java.util.TreeMap<Integer, Long>> counts = new java.util.HashMap<>();
        counts.put("t/Main.main([Ljava/lang/String;)V", new java.util.TreeMap<>(Map.of(0, 1L)));
        // the proxy: entered 5 times, its delegate call ran 5 times (each went to the driver, not to itself)
        counts.put("t/P.close()V", new java.util.TreeMap<>(Map.of(0, 5L, 4, 5L, 9, 5L)));
        ExecutionGraph proxy = graph(SELF);
        new Profile(counts, Map.of(), 16).applyTo(proxy);
        Vertex call = proxy.methods().get(1).vertices().get(1);
        assertThat(call.action).isEqualTo(dev.wholetrace.simulate.egraph.Action.NONE);
        assertThat(call.targets).isEmpty();
        assertThat(new Simulator(proxy, machine(1, MachineModel.Scheduling.FIFO), 1_000_000).run().steps()).isLessThan(20);
        // a real recursion: entered 5 times, 4 of them by its own call
        counts.put("t/P.close()V", new java.util.TreeMap<>(Map.of(0, 5L, 4, 4L, 9, 5L)));
        ExecutionGraph recursion = graph(SELF);
        new Profile(counts, Map.of(), 15).applyTo(recursion);
        assertThat(recursion.methods().get(1).vertices().get(1).action).isEqualTo(dev.wholetrace.simulate.egraph.Action.CALL);
        // a visitor: the site calls itself or a leaf (2 targets); entered 3 times, the leaf 4, the site ran 6: recursion stays
        ExecutionGraph tree = graph(SELF.replace("method 1 t/P.close()V", "method 1 t/P.close()V\nmethod 2 t/Leaf.close()V")
                .replace("act=call calls=1 next=2", "act=call calls=1,2 next=2") + "tree 2 1\nv 0 bci=0 ops=return:1\n");
        counts.put("t/P.close()V", new java.util.TreeMap<>(Map.of(0, 3L, 4, 6L, 9, 3L)));
        counts.put("t/Leaf.close()V", new java.util.TreeMap<>(Map.of(0, 4L)));
        new Profile(counts, Map.of(), 16).applyTo(tree);
        assertThat(tree.methods().get(1).vertices().get(1).targets).containsExactly(1, 2);
        counts.remove("t/Leaf.close()V");
        // main's call ran, but its one target was instrumented and never entered: the call went elsewhere
        counts.put("t/P.close()V", new java.util.TreeMap<>(Map.of(0, 0L, 4, 0L, 9, 0L)));
        ExecutionGraph elsewhere = graph(SELF);
        new Profile(counts, Map.of(), 1).applyTo(elsewhere);
        assertThat(elsewhere.methods().get(0).vertices().get(0).action).isEqualTo(dev.wholetrace.simulate.egraph.Action.NONE);
        // no block of its class, in a package the recording instrumented (t/Main): the class was never loaded
        counts.remove("t/P.close()V");
        ExecutionGraph neverLoaded = graph(SELF);
        new Profile(counts, Map.of(), 1).applyTo(neverLoaded);
        assertThat(neverLoaded.methods().get(0).vertices().get(0).action).isEqualTo(dev.wholetrace.simulate.egraph.Action.NONE);
        // the same, recorded with include=/exclude=: t/P may have been loaded with sync probes only, no blocks: kept
        ExecutionGraph excluded = graph(SELF);
        new Profile(counts, Map.of(), 1, false).applyTo(excluded);
        assertThat(excluded.methods().get(0).vertices().get(0).action).isEqualTo(dev.wholetrace.simulate.egraph.Action.CALL);
        // not instrumented (no count of its class nor of its package): kept
        ExecutionGraph unknown = graph(SELF.replace("t/P.close", "u/P.close"));
        new Profile(counts, Map.of(), 1).applyTo(unknown);
        assertThat(unknown.methods().get(0).vertices().get(0).action).isEqualTo(dev.wholetrace.simulate.egraph.Action.CALL);
        // its class was loaded (another method of it ran) but the method has no count: kept, as before
        counts.put("t/P.open()V", new java.util.TreeMap<>(Map.of(0, 1L)));
        ExecutionGraph loaded = graph(SELF);
        new Profile(counts, Map.of(), 2).applyTo(loaded);
        assertThat(loaded.methods().get(0).vertices().get(0).action).isEqualTo(dev.wholetrace.simulate.egraph.Action.CALL);
    }

    @Test
    void aThreadEndsOnlyWhenItsDividerWorkIsDone() throws Exception {
        MachineModel m = new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1,
                Map.of("default", 1L, "bc.div", 20L, "bc.fp", 2L), Map.of());
        String tail = """
                egraph 4
                entry 0
                method 0 t/Main.main([Ljava/lang/String;)V
                tree 0 2
                v 0 bci=0 ops=div:3,fp:10 next=1
                v 1 bci=1 ops=return:1
                """;
        // v0: 20 of other work beside 60 on the divider; v1: 1 more; the thread's end waits for the other 39
        assertThat(new Simulator(graph(tail), m, 1_000).run().cycles()).isEqualTo(60.0);
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
        List<Integer> runsDone = new ArrayList<>();
        List<Prediction.Point> points = Prediction.sweep(g, machine(1, MachineModel.Scheduling.ROUND_ROBIN), new int[] {1, 2, 4}, 3, 10_000_000,
                runsDone::add);
        assertThat(runsDone).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9);
        for (Prediction.Point p : points) {
            assertThat(p.last().truncated()).isFalse();
            assertThat(p.last().blockedAtEnd()).isZero();
        }
        assertThat(points.get(2).meanSeconds()).isLessThan(points.get(0).meanSeconds());
        assertThat(points.get(2).speedup()).isGreaterThan(1.5);
        assertThat(points.get(2).last().waitCycles().keySet()).anyMatch(k -> k.startsWith("barrier "));
    }

    /**
     * Two workers call a body through an interface with two implementations, each looping around a
     * barrier of its own; main, whose code reaches both (class-hierarchy targets), joins them. No
     * profile: the call is a draw. Every seed must end: both workers draw the same body (one receiver),
     * and main, waiting to join, is not a party of their barrier.
     */
    static final String TWO_KERNELS = """
            egraph 1
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            method 1 t/Main.worker()V
            method 2 t/A.run()V
            method 3 t/B.run()V
            tree 0 5
            v 0 bci=0 ops=local:1 act=thread-start calls=1 next=1
            v 1 bci=1 ops=local:1 act=thread-start calls=1 next=2
            v 2 bci=2 ops=local:1 act=thread-join next=3
            v 3 bci=3 ops=local:1 act=thread-join next=4
            v 4 bci=4 ops=return:1
            tree 1 2
            v 0 bci=0 ops=local:1 act=call calls=2,3 next=1
            v 1 bci=1 ops=return:1
            tree 2 4
            v 0 bci=0 ops=int:5 next=1
            v 1 bci=1 ops=local:1,branch:1 next=2,3 loop=0 trips=3
            v 2 bci=2 ops=int:100 act=barrier key=t/A.barrier next=1
            v 3 bci=3 ops=return:1
            tree 3 4
            v 0 bci=0 ops=int:5 next=1
            v 1 bci=1 ops=local:1,branch:1 next=2,3 loop=0 trips=3
            v 2 bci=2 ops=int:200 act=barrier key=t/B.barrier next=1
            v 3 bci=3 ops=return:1
            """;

    @Test
    void workersOfOneBodyWithoutAProfileDoNotDeadlock() throws Exception {
        ExecutionGraph g = graph(TWO_KERNELS);
        for (long seed = 1; seed <= 20; seed++) {
            for (int procs = 1; procs <= 2; procs++) {
                SimResult r = new Simulator(g, machine(procs, MachineModel.Scheduling.ROUND_ROBIN).withSeed(seed), 1_000_000).run();
                assertThat(r.blockedAtEnd()).as("seed %d, %d processors", seed, procs).isZero();
                assertThat(r.truncated()).isFalse();
                assertThat(r.waitCycles().keySet()).as("seed %d", seed).anyMatch(k -> k.startsWith("barrier "));
            }
        }
    }

    @Test
    void aProfiledRunEntersEachVertexAsOftenAsTheRecordingRanItsBlock() throws Exception {
        // "recorded" counts of a run of TWO_KERNELS whose workers ran A.run with 3 stays per entry
        ExecutionGraph g = graph(TWO_KERNELS);
        Map<String, java.util.TreeMap<Integer, Long>> counts = Map.of(
                "t/Main.main([Ljava/lang/String;)V", new java.util.TreeMap<>(Map.of(0, 1L, 1, 1L, 2, 1L, 3, 1L, 4, 1L)),
                "t/Main.worker()V", new java.util.TreeMap<>(Map.of(0, 2L, 1, 2L)),
                "t/A.run()V", new java.util.TreeMap<>(Map.of(0, 2L, 1, 8L, 2, 6L, 3, 2L)),
                "t/B.run()V", new java.util.TreeMap<>(Map.of(0, 0L, 1, 0L, 2, 0L, 3, 0L)));
        Profile p = new Profile(counts, Map.of(), 35);
        p.applyTo(g);
        ProfileCheck.Result c = ProfileCheck.run(g, p, machine(2, MachineModel.Scheduling.ROUND_ROBIN), 1_000_000);
        assertThat(c.worst()).isEmpty();
        assertThat(c.equal()).isEqualTo(c.compared()).isEqualTo(15);
        assertThat(c.simulatedTotal()).isEqualTo(c.recordedTotal()).isEqualTo(27);
    }

    @Test
    void anIfThatAlwaysHoldsStaysTakenWhenItsJoinIsAMerge() throws Exception {
        // v1 decides: v2 (the if's body) or straight to v3, the join; the recording always took v2
        ExecutionGraph g = graph("""
                egraph 1
                entry 0
                method 0 t/Main.main([Ljava/lang/String;)V
                tree 0 5
                v 0 bci=0 ops=const:1 next=1
                v 1 bci=1 ops=local:1,branch:1 next=2,3
                v 2 bci=2 ops=int:10 next=3
                v 3 bci=3 ops=local:1,branch:1 next=1,4 loop=0 trips=1
                v 4 bci=4 ops=return:1
                """);
        Map<String, java.util.TreeMap<Integer, Long>> counts = Map.of("t/Main.main([Ljava/lang/String;)V",
                new java.util.TreeMap<>(Map.of(0, 1L, 1, 50L, 2, 50L, 3, 50L, 4, 1L)));
        Profile p = new Profile(counts, Map.of(), 152);
        p.applyTo(g);
        assertThat(g.methods().get(0).vertices().get(1).weights).containsExactly(50.0, 0.0);
        assertThat(ProfileCheck.run(g, p, machine(1, MachineModel.Scheduling.FIFO), 1_000_000).worst()).isEmpty();
    }

    @Test
    void aWorkerThatArrivesBeforeItsSiblingExistsWaitsForIt() throws Exception {
        // thread starts cost 500 cycles: worker 1 reaches the barrier (after a 10-cycle phase) before
        // main has started worker 2. Main's code reaches the barrier only through the threads it
        // starts; it must count as a party until it joins, else worker 1 trips the barrier alone and
        // runs one phase ahead of worker 2 from then on (their 10- and 1000-cycle phases alternate)
        ExecutionGraph g = graph("""
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
                tree 1 5
                v 0 bci=0 ops=int:1 next=1
                v 1 bci=1 ops=local:1 next=2,4 loop=0 trips=3
                v 2 bci=2 ops=int:10 act=barrier key=t/Main.barrier next=3
                v 3 bci=3 ops=int:1000 act=barrier key=t/Main.barrier next=1
                v 4 bci=4 ops=return:1
                """);
        MachineModel m = new MachineModel("t", 2, 1e9, MachineModel.Scheduling.FIFO, 50, 0, 1, Map.of("default", 1L), Map.of("jvm.thread-start", 500L));
        SimResult two = new Simulator(g, m, 1_000_000).run();
        SimResult one = new Simulator(g, m.withProcessors(1), 1_000_000).run();
        assertThat(one.cycles()).isGreaterThan(7000); // 2 × 500 + 2 × 3 × 1011 and a little
        assertThat(two.cycles()).isLessThan(4200); // 1000 to start both, then 3 × 1011 side by side
        assertThat(two.blockedAtEnd()).isZero();
    }
}
