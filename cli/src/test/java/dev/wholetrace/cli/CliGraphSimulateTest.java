package dev.wholetrace.cli;

import static dev.wholetrace.cli.CliErrorTest.badInput;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.egraph.JdkBodies;
import dev.wholetrace.simulate.machine.MachineFile;
import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.workloads.kernels.Kernels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wholetrace graph}, {@code simulate} and {@code calibrate} as a user runs them. */
class CliGraphSimulateTest {
    @TempDir
    Path dir;

    /** main starts two threads running method 1 and joins them. */
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
            tree 1 2
            v 0 bci=0 ops=int:1000 next=1
            v 1 bci=1 ops=return:1
            """;

    static Path workloadClasses() throws Exception {
        return Path.of(Kernels.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void graphOfAKernelAndItsDot() throws Exception {
        Path out = dir.resolve("sor.egraph");
        Cli r = Cli.run("graph", workloadClasses().toString(), "--entry", "dev.wholetrace.workloads.kernels.Sor", "-o", out.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.err()).contains("methods").contains("vertices generated").doesNotContain("warning"); // Sor is all in the classes given
        String text = Files.readString(out);
        assertThat(text).startsWith("# Wholetrace execution graph").contains("\negraph " + dev.wholetrace.simulate.egraph.EgraphFile.VERSION + "\n").contains("act=barrier key=dev/wholetrace/workloads/kernels/Sor.barrier");
        Cli dot = Cli.run("graph", workloadClasses().toString(), "--entry", "dev.wholetrace.workloads.kernels.Sor", "--dot");
        assertThat(dot.exit()).isZero();
        assertThat(dot.out()).startsWith("digraph egraph {");
        Cli both = Cli.run("graph", workloadClasses().toString(), "--entry", "dev.wholetrace.workloads.kernels.Sor", "--dot", "--format", "json");
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.errLines()).singleElement().asString().contains("--dot and --format json ask for different formats");
        badInput("graph", out.toString(), "--entry", "x.Y", "-o", out.toString()); // exists, no --force
    }

    /** The simulate module's sample of an async stage, a stream and a library call (its test classes, built before this module's). */
    static final Path SAMPLES = Path.of("../simulate/target/test-classes/dev/wholetrace/simulate/egraph");

    @Test
    void graphSaysWhatItLeavesOutAndFollowsTheClassPath() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(SAMPLES), "the simulate module's test classes are built (a reactor build)");
        Cli r = Cli.run("graph", SAMPLES.resolve("sample").toString(), "--entry", "dev.wholetrace.simulate.egraph.sample.Async", "-o", dir.resolve("a.egraph").toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.errLines()).anySatisfy(l -> assertThat(l).startsWith("graph: warning: 4 call sites into 3 methods of classes not given")
                .contains("dev.wholetrace.simulate.egraph.samplelib.Scores.<init> x2").endsWith("add their jars with --classpath"));
        assertThat(r.errLines()).anySatisfy(l -> assertThat(l).startsWith("graph: warning: no simulated thread runs 3 methods of the graph")
                .contains("Async.lambda$main$"));
        Cli cp = Cli.run("graph", SAMPLES.resolve("sample").toString(), "--entry", "dev.wholetrace.simulate.egraph.sample.Async",
                "--classpath", SAMPLES.resolve("samplelib").toString(), "-o", dir.resolve("b.egraph").toString());
        assertThat(cp.exit()).as(cp.toString()).isZero();
        assertThat(cp.err()).doesNotContain("classes not given");
        assertThat(Files.readString(dir.resolve("b.egraph"))).contains("samplelib/Scores.score(I)I");
    }

    @Test
    void simulateTwoWorkersOnOneAndTwoProcessors() throws Exception {
        Path g = Files.writeString(dir.resolve("two.egraph"), TWO_WORKERS);
        Cli r = Cli.run("simulate", g.toString(), "--machine", "unit", "--procs", "1,2", "--runs", "2");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("procs").contains("speedup").contains("t/Main.work()V");
        Cli j = Cli.run("simulate", g.toString(), "--machine", "unit", "--procs", "1,2", "--runs", "1", "--format", "json");
        assertThat(j.exit()).isZero();
        assertThat(j.out()).contains("\"processors\"").contains("\"speedup\"");
    }

    @Test
    void aMainThatEndsFirstIsNotADeadlockButOneThatWaitsForEverIs() throws Exception {
        Path noJoin = Files.writeString(dir.resolve("nojoin.egraph"), TWO_WORKERS.replace("act=thread-join ", ""));
        Cli early = Cli.run("simulate", noJoin.toString(), "--machine", "unit", "--procs", "1", "--runs", "1");
        assertThat(early.exit()).as(early.toString()).isZero();
        assertThat(early.err()).contains("the main thread ended before other threads").doesNotContain("deadlock");
        Path stuck = Files.writeString(dir.resolve("stuck.egraph"), """
                egraph 1
                entry 0
                method 0 t/Main.main([Ljava/lang/String;)V
                tree 0 2
                v 0 bci=0 ops=local:1 act=queue-take key=t/Main.q next=1
                v 1 bci=1 ops=return:1
                """);
        Cli never = Cli.run("simulate", stuck.toString(), "--machine", "unit", "--procs", "1", "--runs", "1");
        assertThat(never.exit()).as(never.toString()).isZero();
        assertThat(never.err()).contains("the main thread never ended (a deadlock in the model").doesNotContain("ended before");
        // the table itself says so: its time is the deadlocked model's, not the program's
        assertThat(never.out()).contains("main never ended (a deadlock in the model): not the program's time");
        Cli fine = Cli.run("simulate", Files.writeString(dir.resolve("two.egraph"), TWO_WORKERS).toString(), "--machine", "unit", "--procs", "1", "--runs", "1");
        assertThat(fine.err()).doesNotContain("warning");
        assertThat(fine.out()).doesNotContain("never ended").doesNotContain("lower bound");
        Cli cut = Cli.run("simulate", dir.resolve("two.egraph").toString(), "--machine", "unit", "--procs", "1", "--runs", "1", "--max-steps", "3");
        assertThat(cut.err()).contains("stopped after --max-steps 3").doesNotContain("deadlock").doesNotContain("ended before"); // cut short, not stuck
        assertThat(cut.out()).contains("stopped by --max-steps: a lower bound");
    }

    @Test
    void aDeadlockInSomeRunsIsCountedOverAllRunsNotJudgedByTheLast() throws Exception {
        // main waits for ever on one branch of a coin: with 12 seeds some runs deadlock and some do not, and the
        // mean includes both; the row and the warning count them instead of showing only what the last run did
        Path coin = Files.writeString(dir.resolve("coin.egraph"), """
                egraph 1
                entry 0
                method 0 t/Main.main([Ljava/lang/String;)V
                tree 0 3
                v 0 bci=0 ops=branch:1 next=1,2 w=1,1
                v 1 bci=1 ops=local:1 act=queue-take key=t/Main.q next=2
                v 2 bci=2 ops=return:1
                """);
        Cli j = Cli.run("simulate", coin.toString(), "--machine", "unit", "--procs", "1", "--runs", "12", "--format", "json");
        assertThat(j.exit()).as(j.toString()).isZero();
        Matcher m = Pattern.compile("\"deadlockedRuns\":(\\d+)").matcher(j.out().replace(" ", ""));
        assertThat(m.find()).as(j.out()).isTrue();
        int stuck = Integer.parseInt(m.group(1));
        assertThat(stuck).as("a fair coin over 12 seeds").isBetween(1, 11);
        Cli t = Cli.run("simulate", coin.toString(), "--machine", "unit", "--procs", "1", "--runs", "12");
        assertThat(t.out()).contains("main never ended in " + stuck + " of 12 runs (a deadlock in the model)");
        assertThat(t.err()).contains("in " + stuck + " of 12 runs, the main thread never ended");
    }

    @Test
    void jdkCallsArePricedByTheJdksBytecodeUnlessDepthIsZero() throws Exception {
        String sample = SAMPLES.resolve("sample").toString(), entry = "dev.wholetrace.simulate.egraph.sample.Async";
        Cli bodies = Cli.run("graph", sample, "--entry", entry);
        Cli plain = Cli.run("graph", sample, "--entry", entry, "--jdk-depth", "0");
        assertThat(bodies.exit()).isZero();
        assertThat(plain.exit()).isZero();
        assertThat(bodies.err()).contains("calls into the JDK priced by the bytecode of JDK");
        assertThat(plain.err()).doesNotContain("priced by the bytecode");
        assertThat(bodies.out().lines().filter(l -> l.startsWith("v ")).toList()).as("the JDK's instructions added to the calling vertices")
                .isNotEqualTo(plain.out().lines().filter(l -> l.startsWith("v ")).toList());
        assertThat(bodies.out().lines().filter(l -> l.startsWith("v ")).count()).as("the same vertices").isEqualTo(plain.out().lines().filter(l -> l.startsWith("v ")).count());
        assertThat(bodies.out()).as("the JDK that priced the calls, kept in the file").contains("# calls into the JDK priced by the bytecode of JDK ");
        assertThat(plain.out()).contains("# calls into the JDK priced as one jdk instruction each (--jdk-depth 0)");
        assertThat(badInput("graph", sample, "--entry", entry, "--jdk-depth", "-1")).contains("--jdk-depth");
        assertThat(badInput("graph", sample, "--entry", entry, "--jdk-depth", "" + (JdkBodies.MAX_DEPTH + 1))).contains("--jdk-depth must be 0 to " + JdkBodies.MAX_DEPTH);
        assertThat(badInput("graph", sample, "--entry", entry, "--jdk-depth", "99999999999")).contains("--jdk-depth");
    }

    /**
     * The trace-driven predictor with the JIT term (session 50): it was the graph's only ("the JIT term needs --profile"), so
     * a driver's replay predicted its compiled code alone (Math3Driver one core, one thread: 0.27 s against 1.35 s measured).
     * The compilations are planned from the graph's runs of the two recordings, the window is the replays'; a machine
     * without a JIT term adds nothing.
     */
    @Test
    void replayTakesTheJitTermOfItsRecordings() throws Exception {
        Path low = CliDepsTest.record(Files.createDirectories(dir.resolve("low")), "sor", "1", "32", "1", "cor");
        Path high = CliDepsTest.record(Files.createDirectories(dir.resolve("high")), "sor", "1", "32", "3", "cor");
        Path g = dir.resolve("w.egraph");
        Cli graph = Cli.run("graph", workloadClasses().toString(), "--entry", "dev.wholetrace.workloads.Workload", "-o", g.toString());
        assertThat(graph.exit()).as(graph.toString()).isZero();
        Path machine = Path.of("../docs/results/prediction-machine-s48-thread-exit.properties"); // a calibrated file with a JIT term
        assertThat(MachineFile.read(machine).jit().isNone()).isFalse();
        String[] jit = {"--jit-low", low.toString(), "--jit-steps", "1,3", "--jit-window", "10,100", "--format", "json", "--procs", "1,2", "--runs", "1"};
        Map<String, Object> replay = simulateJson(g, machine.toString(), "--replay", high.toString(), jit);
        Map<String, Object> walked = simulateJson(g, machine.toString(), "--profile", high.toString(), jit);
        for (int i = 0; i < 2; i++) {
            Map<String, Object> r = jitOf(replay, i), w = jitOf(walked, i);
            assertThat(((Number) r.get("addedCpuSeconds")).doubleValue()).as("point %d: %s", i, r).isPositive();
            assertThat(((Number) r.get("lo")).doubleValue()).isEqualTo(10);
            assertThat(w).as("the graph's own term is still there").containsKey("c2Seconds");
        }
        assertThat(((Number) jitOf(simulateJson(g, "unit", "--replay", high.toString(), jit), 0).get("addedSeconds")).doubleValue()).isZero();
    }

    private static Map<String, Object> simulateJson(Path g, String machine, String use, String recording, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("simulate", g.toString(), "--machine", machine, use, recording));
        args.addAll(List.of(more));
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        return JsonText.object(r.out());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> jitOf(Map<String, Object> json, int point) {
        Map<String, Object> p = ((List<Map<String, Object>>) json.get("points")).get(point);
        assertThat(p).as("point %d has a JIT term", point).containsKey("jit");
        return (Map<String, Object>) p.get("jit");
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Path g = Files.writeString(dir.resolve("bad.egraph"), "egraph 1\nentry 0\nmethod 0 a/B.c()V\ntree 0 1\nv 0 next=5\n");
        assertThat(badInput("simulate", g.toString(), "--machine", "unit")).contains("next 5");
        Path ok = Files.writeString(dir.resolve("ok.egraph"), "egraph 1\nentry 0\nmethod 0 a/B.c()V\ntree 0 1\nv 0 ops=int:3\n");
        assertThat(badInput("simulate", ok.toString(), "--machine", dir.resolve("none.properties").toString())).contains("no such machine file");
        assertThat(badInput("simulate", ok.toString(), "--machine", "unit", "--format", "xml")).contains("--format");
        assertThat(badInput("simulate", ok.toString(), "--machine", "unit", "--procs", "0")).contains("--procs");
        assertThat(badInput("simulate", ok.toString(), "--machine", "unit", "--check-profile")).contains("--check-profile needs --profile");
        assertThat(badInput("simulate", ok.toString(), "--machine", "unit", "--jit-low", "low.wtrace")).contains("--jit-window");
        String[] jit = {"simulate", ok.toString(), "--machine", "unit", "--profile", "high.wtrace", "--jit-low", "low.wtrace", "--jit-steps", "2,6", "--jit-window"};
        // an infinite window was taken: exit 0, "steps (20, 9223372036854775807]" and NaN seconds added
        assertThat(badInput(concat(jit, "20,Infinity"))).contains("--jit-window");
        assertThat(badInput(concat(jit, "20,1e400"))).contains("--jit-window");
        assertThat(badInput(concat(jit, "20,720"))).doesNotContain("--jit-window"); // a good window gets as far as the profile
        jit[9] = "-2,6";
        assertThat(badInput(concat(jit, "20,720"))).contains("--jit-steps");
        jit[9] = "2,Infinity";
        assertThat(badInput(concat(jit, "20,720"))).contains("--jit-steps");
        jit[9] = "2,6";
        // --check-profile compares block counts and stops: the JIT options were ignored without a word (exit 0)
        assertThat(badInput(concat(concat(jit, "20,720"), "--check-profile"))).contains("--check-profile").contains("--jit");
        assertThat(badInput("graph", workloadClasses().toString(), "--entry", "no.Such")).contains("no class no.Such");
        assertThat(badInput("graph", dir.resolve("none").toString(), "--entry", "a.B")).contains("no such jar or directory");
    }

    private static String[] concat(String[] a, String b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + 1);
        r[a.length] = b;
        return r;
    }

    @Test
    void calibrateWritesAMachineFileSimulateReads() throws Exception {
        Path m = dir.resolve("quick.properties");
        Cli r = Cli.run("calibrate", "-o", m.toString(), "--quick");
        assertThat(r.exit()).as(r.toString()).isZero();
        MachineModel model = MachineFile.read(m);
        assertThat(model.clockHz()).isEqualTo(1e11);
        assertThat(model.costs()).containsKeys("jvm.monitor-enter", "jvm.thread-start", "jvm.barrier", "jvm.handover");
        assertThat(model.cyclesOf(MachineModel.DEFAULT_CLASS)).isPositive();
        assertThat(model.costs()).doesNotContainKeys(MachineModel.WAKE_REMOTE, MachineModel.WAKE_REMOTE_LATENCY); // unknown: 0
        assertThat(r.err()).contains("cross-core: not measured");
        if (Files.isDirectory(Path.of("/sys/devices/system/cpu/cpu0/cache"))) { // Linux: the cache sizes and the walks' costs
            assertThat(model.caches()).containsKeys("l1", "l2");
            assertThat(model.cycles()).containsKeys("bc.walk.near.l2", "bc.walk.near.out", "bc.walk.far.l2", "bc.walk.far.out");
        }
    }

    @Test
    void theHeaderQuotesTheMachinesNameAndSaysItsFile() throws Exception {
        // calibrate without --name names the machine after its file: "machine" for machine.properties
        Path m = dir.resolve("machine.properties");
        assertThat(Cli.run("calibrate", "-o", m.toString(), "--quick").exit()).isZero();
        assertThat(MachineFile.read(m).cycles()).doesNotContainKey(MachineModel.MISPREDICT); // session 46's term: only with --branch
        assertThat(MachineFile.read(m).costs()).doesNotContainKey(MachineModel.THREAD_EXIT); // session 48's: only with --thread-exit
        Path g = Files.writeString(dir.resolve("two.egraph"), TWO_WORKERS);
        Cli r = Cli.run("simulate", g.toString(), "--machine", m.toString(), "--procs", "1", "--runs", "1");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out().lines().findFirst().orElseThrow()).startsWith("machine 'machine' (from " + m + "), ").doesNotContain("machine machine");
        Cli unit = Cli.run("simulate", g.toString(), "--machine", "unit", "--procs", "1", "--runs", "1");
        assertThat(unit.out().lines().findFirst().orElseThrow()).startsWith("machine 'unit' (built in), ");
    }

    /** {@code calibrate OPTION --base B -o OUT --quick} on a version-FORMAT base file B of one default cost and a hand-over cost; exit 0 checked. */
    private Cli calibrateOnABase(int format, String option, Path out) throws Exception {
        Path base = Files.writeString(dir.resolve("base.properties"), "machine.format=" + format + "\nprocessors=1\nclock.hz=1e11\ncycles.default=12\ncost.jvm.handover=100000\n");
        Cli r = Cli.run("calibrate", option, "--base", base.toString(), "-o", out.toString(), "--quick");
        assertThat(r.exit()).as(r.toString()).isZero();
        return r;
    }

    @Test
    void branchAddsTheMispredictedBranchToABaseFileAndKeepsTheRest() throws Exception {
        Path out = dir.resolve("branch.properties");
        Cli r = calibrateOnABase(2, "--branch", out);
        assertThat(r.err()).contains("measured only the mispredicted branch").contains("ns per misprediction");
        MachineModel m = MachineFile.read(out);
        assertThat(m.cyclesOf(MachineModel.DEFAULT_CLASS)).isEqualTo(12);
        assertThat(m.costOf("jvm.handover")).isEqualTo(100_000);
        assertThat(m.cycles()).containsKey(MachineModel.MISPREDICT).hasSize(2);
        assertThat(m.costs()).hasSize(1);
    }

    @Test
    void threadExitAddsItsCostToABaseFileAndKeepsTheRest() throws Exception {
        Path out = dir.resolve("exit.properties");
        Cli r = calibrateOnABase(2, "--thread-exit", out);
        assertThat(r.err()).contains("measured only a thread's exit").contains("µs after its body");
        MachineModel m = MachineFile.read(out);
        assertThat(m.cyclesOf(MachineModel.DEFAULT_CLASS)).isEqualTo(12);
        assertThat(m.costOf("jvm.handover")).isEqualTo(100_000);
        assertThat(m.cycles()).hasSize(1);
        assertThat(m.costs()).containsOnlyKeys("jvm.handover", MachineModel.THREAD_EXIT);
        assertThat(m.costOf(MachineModel.THREAD_EXIT)).isGreaterThanOrEqualTo(0);
    }

    @Test
    void threadExitSaysWhenTheThreadStartMeasuredWithItIsNotTheBasesAndStillWritesTheKey() throws Exception {
        // a base whose thread start costs 0.01 ns: no machine starts a thread that fast, so the one measured now is far from it
        Path base = Files.writeString(dir.resolve("fast-start.properties"),
                "machine.format=2\nprocessors=1\nclock.hz=1e11\ncycles.default=12\ncost.jvm.thread-start=1\n");
        Path out = dir.resolve("exit-state.properties");
        Cli r = Cli.run("calibrate", "--thread-exit", "--base", base.toString(), "-o", out.toString(), "--quick");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.err()).contains("WARNING: a thread's start measured now").contains("base file's cost.jvm.thread-start (0.0 µs)");
        assertThat(MachineFile.read(out).costs()).containsKey(MachineModel.THREAD_EXIT);
        // the base without a thread start (calibrateOnABase's) is not judged
        assertThat(calibrateOnABase(2, "--thread-exit", dir.resolve("exit-plain.properties")).err()).doesNotContain("WARNING");
    }

    @Test
    void coRunAddsMemoryContentionToABaseFileAndKeepsTheRest() throws Exception {
        Path out = dir.resolve("co-run.properties");
        Cli r = calibrateOnABase(2, "--co-run", out);
        assertThat(r.err()).contains("measured only memory.contention");
        MachineModel m = MachineFile.read(out);
        assertThat(m.cyclesOf(MachineModel.DEFAULT_CLASS)).isEqualTo(12);
        assertThat(m.costOf("jvm.handover")).isEqualTo(100_000);
        assertThat(m.cycles()).hasSize(1);
        if (Runtime.getRuntime().availableProcessors() >= 2) { // measured on two processors: one line per fitted loop, then the key
            assertThat(r.err()).contains("co-run: axpyLoop").contains("memory.contention");
            assertThat(m.memoryContention()).isGreaterThanOrEqualTo(0);
        } else {
            assertThat(r.err()).contains("one processor only");
            assertThat(m.memoryContention()).isZero();
        }
    }

    @Test
    void crossCoreAddsItsGroupToABaseFileAndKeepsTheRest() throws Exception {
        Path base = dir.resolve("base.properties"), out = dir.resolve("two.properties");
        Files.writeString(base, "machine.format=2\nprocessors=1\nclock.hz=1e11\ncycles.default=12\ncost.jvm.handover=100000\n");
        assertThat(Cli.run("calibrate", "--base", base.toString(), "-o", out.toString()).exit()).isEqualTo(2); // --base needs --cross-core
        Cli r = Cli.run("calibrate", "--cross-core", "--base", base.toString(), "-o", out.toString(), "--quick");
        assertThat(r.exit()).as(r.toString()).isZero();
        MachineModel m = MachineFile.read(out);
        assertThat(m.cyclesOf(MachineModel.DEFAULT_CLASS)).isEqualTo(12);
        assertThat(m.costOf("jvm.handover")).isEqualTo(100_000);
        if (Runtime.getRuntime().availableProcessors() >= 2) { // measured on two processors
            assertThat(m.costs()).containsKeys(MachineModel.WAKE_REMOTE, MachineModel.WAKE_REMOTE_LATENCY);
            assertThat(r.err()).contains("threads on cpus");
            assertThat(m.wakeIdle().idle()).containsExactly(0, 1_000_000, 100_000_000); // --quick: idle 0, 10 µs, 1 ms on the file's clock
            assertThat(m.wakeIdle().latency()).doesNotContain(0L);
            assertThat(r.err()).contains("wake-idle: waker on cpu");
        } else {
            assertThat(m.costs()).doesNotContainKey(MachineModel.WAKE_REMOTE);
            assertThat(m.wakeIdle().isEmpty()).isTrue();
            assertThat(r.err()).contains("one processor only");
        }
    }

    @Test
    void theJitOptionsHaveExamplesInTheHelp() {
        assertThat(Cli.run("calibrate", "--help").out()).contains("calibrate --jit --base").contains("--jit also measures the JIT term");
        assertThat(Cli.run("simulate", "--help").out()).contains("--jit-low m-2.wtrace --jit-steps 2,6 --jit-window 20,720");
    }

    @Test
    void jitAddsTheJitTermToABaseFileAndKeepsTheRest() throws Exception {
        Path out = dir.resolve("jit.properties");
        Cli r = calibrateOnABase(3, "--jit", out);
        MachineModel m = MachineFile.read(out);
        assertThat(m.cyclesOf(MachineModel.DEFAULT_CLASS)).isEqualTo(12);
        assertThat(m.costOf("jvm.handover")).isEqualTo(100_000);
        assertThat(Files.readString(out)).contains("machine.format=4");
        if (Files.isDirectory(Path.of("/proc/self/task"))) { // Linux: the compiler threads' CPU time is readable
            assertThat(m.jit().isNone()).as(r.err()).isFalse();
            assertThat(m.jit().c2CyclesPerByte()).isPositive();
            assertThat(m.jit().interpreterFactor()).isGreaterThan(1);
            assertThat(m.jit().tier4().invocations()).isPositive();
            assertThat(r.err()).contains("jit: compilers:");
        }
    }

    @Test
    void aBadBaseFileIsOneLineAndExitCode2() throws Exception {
        Path out = dir.resolve("two.properties");
        assertThat(badInput("calibrate", "--cross-core", "--base", dir.resolve("missing.properties").toString(), "-o", out.toString()))
                .contains("missing.properties");
        Path bad = Files.writeString(dir.resolve("bad.properties"), "machine.format=2\nprocessors=one\n");
        assertThat(badInput("calibrate", "--cross-core", "--base", bad.toString(), "-o", out.toString())).contains("bad.properties");
        Path unknown = Files.writeString(dir.resolve("unknown.properties"), "machine.format=2\nprocessors=1\nclock.hz=1e11\nspeed=3\n");
        badInput("calibrate", "--cross-core", "--base", unknown.toString(), "-o", out.toString());
        badInput("calibrate", "--cross-core", "--base", dir.toString(), "-o", out.toString()); // a directory
        Path good = Files.writeString(dir.resolve("good.properties"), "machine.format=2\nprocessors=1\nclock.hz=1e11\ncycles.default=12\n");
        assertThat(badInput("calibrate", "--cross-core", "--base", good.toString(), "--processors", "2", "-o", out.toString())).contains("--processors");
        assertThat(badInput("calibrate", "--cross-core", "--base", good.toString(), "--name", "two", "-o", out.toString())).contains("--name");
        assertThat(out).doesNotExist();
    }

    @Test
    void crossCoreOnOneAllowedProcessorLeavesTheGroupUnset() throws Exception {
        // the process's affinity, not the machine's processor count: its own JVM, pinned to one core
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/taskset")), "needs taskset");
        Path base = Files.writeString(dir.resolve("base.properties"), "machine.format=2\nprocessors=1\nclock.hz=1e11\ncycles.default=12\n");
        Path out = dir.resolve("pinned.properties");
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("/usr/bin/taskset", "-c", "0"));
        cmd.addAll(CliProcessTest.cli("calibrate", "--cross-core", "--base", base.toString(), "-o", out.toString(), "--quick"));
        CliProcessTest.Done d = CliProcessTest.finish(new ProcessBuilder(cmd).start());
        assertThat(d.exit()).as(d.toString()).isZero();
        assertThat(String.join("\n", d.errLines())).contains("one processor only");
        assertThat(MachineFile.read(out).costs()).doesNotContainKeys(MachineModel.WAKE_REMOTE, MachineModel.WAKE_REMOTE_LATENCY);
    }
}
