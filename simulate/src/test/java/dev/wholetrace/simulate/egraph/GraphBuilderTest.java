package dev.wholetrace.simulate.egraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class GraphBuilderTest {
    static final Path CLASSES = Path.of("target/test-classes");
    static final String SAMPLE = "dev.wholetrace.simulate.egraph.sample.Workers";

    static ExecutionGraph sample() throws EgraphException {
        return new GraphBuilder(ClassSource.read(CLASSES)).build(SAMPLE);
    }

    private static List<Vertex> vertices(ExecutionGraph g, String methodPrefix) {
        return g.methods().stream().filter(m -> m.id().contains(methodPrefix)).flatMap(m -> m.vertices().stream()).collect(Collectors.toList());
    }

    @Test
    void findsTheThreadsAndTheirSynchronization() throws Exception {
        ExecutionGraph g = sample();
        assertThat(g.methods().get(g.entry()).id()).endsWith("Workers.main([Ljava/lang/String;)V");
        List<Vertex> main = vertices(g, "Workers.main(");
        List<Vertex> starts = main.stream().filter(v -> v.action == Action.THREAD_START).collect(Collectors.toList());
        assertThat(starts).hasSize(2);
        assertThat(g.methods().get(starts.get(0).targets[0]).id()).contains("lambda$main$");
        assertThat(g.methods().get(starts.get(1).targets[0]).id()).endsWith("Workers$Helper.run()V");
        assertThat(main.stream().filter(v -> v.action == Action.THREAD_JOIN)).hasSize(2);
        List<Vertex> work = vertices(g, "Workers.work(");
        assertThat(work.stream().filter(v -> v.action == Action.BARRIER).map(v -> v.key)).containsExactly("dev/wholetrace/simulate/egraph/sample/Workers.barrier");
        assertThat(work.stream().filter(v -> v.action == Action.MONITOR_ENTER).map(v -> v.key)).containsExactly("dev/wholetrace/simulate/egraph/sample/Workers.LOCK");
        assertThat(work.stream().filter(v -> v.loopStay >= 0)).hasSize(2); // the step loop and the inner loop
        List<Vertex> fib = vertices(g, "Workers.fib(");
        assertThat(fib.stream().filter(v -> v.action == Action.CALL)).hasSize(2); // recursion: two CALL vertices to itself
        assertThat(fib.stream().filter(v -> v.action == Action.CALL)).allMatch(v -> v.ops[OpClass.INVOKE.ordinal()] == 1); // not inlined away
        assertThat(fib.stream().filter(v -> v.next.length > 1)).hasSize(1);
    }

    @Test
    void fileRoundTripsAndRejectsBadInput() throws Exception {
        ExecutionGraph g = sample();
        StringWriter w = new StringWriter();
        EgraphFile.write(g, w);
        ExecutionGraph back = EgraphFile.parse(new StringReader(w.toString()), "x.egraph");
        StringWriter w2 = new StringWriter();
        EgraphFile.write(back, w2);
        assertThat(w2.toString()).isEqualTo(w.toString());
        assertThatThrownBy(() -> EgraphFile.parse(new StringReader("hello\n"), "x.egraph")).isInstanceOf(EgraphException.class)
                .hasMessageContaining("not an execution graph");
        assertThatThrownBy(() -> EgraphFile.parse(new StringReader("egraph 9\n"), "x.egraph")).hasMessageContaining("newer");
        assertThatThrownBy(() -> EgraphFile.parse(new StringReader("egraph 1\nentry 0\nmethod 0 a.b()V\ntree 0 1\nv 0 next=3\n"), "x.egraph"))
                .hasMessageContaining("next 3");
        StringWriter dot = new StringWriter();
        DotWriter.write(g, dot);
        assertThat(dot.toString()).startsWith("digraph").contains("style=dashed").contains("barrier");
    }

    static final Path SAMPLE_DIR = CLASSES.resolve("dev/wholetrace/simulate/egraph/sample");
    static final Path LIBRARY_DIR = CLASSES.resolve("dev/wholetrace/simulate/egraph/samplelib");
    static final String ASYNC = "dev.wholetrace.simulate.egraph.sample.Async";

    @Test
    void asyncStagesRunOnAThreadLambdasHandedToStreamsAreCalledBackAndWhatIsLeftOutIsSaid() throws Exception {
        GraphBuilder builder = new GraphBuilder(ClassSource.read(SAMPLE_DIR));
        ExecutionGraph g = builder.build(ASYNC);
        List<Vertex> submits = vertices(g, "Async.main(").stream().filter(v -> v.action == Action.SUBMIT).collect(Collectors.toList());
        assertThat(submits).hasSize(1); // supplyAsync(task, pool) starts its task
        assertThat(g.methods().get(submits.get(0).targets[0]).id()).contains("Async.lambda$main$");
        GraphLimits limits = builder.limits();
        assertThat(limits.outsideCalls()).containsOnlyKeys("dev/wholetrace/simulate/egraph/samplelib/Scores.<init>",
                "dev/wholetrace/simulate/egraph/samplelib/Scores.score", "dev/wholetrace/simulate/egraph/samplelib/Scores.each");
        assertThat(limits.outsideCalls()).containsEntry("dev/wholetrace/simulate/egraph/samplelib/Scores.<init>", 2);
        List<Vertex> callbacks = vertices(g, "Async.main(").stream().filter(v -> v.action == Action.CALLBACK).collect(Collectors.toList());
        // map(i -> work(i)); Stream.iterate's two lambdas (static, neither the last argument); LongStream.iterate's after a long
        assertThat(callbacks).extracting(v -> v.targets.length).containsExactly(1, 2, 1);
        assertThat(callbacks).allMatch(v -> v.trips == 1); // once without a profile
        String calledBack = g.methods().get(callbacks.get(0).targets[0]).id();
        assertThat(calledBack).contains("Async.lambda$main$");
        assertThat(g.methods().get(g.indexOf(calledBack)).vertices()).anySatisfy(v -> assertThat(v.action).isEqualTo(Action.CALL)); // work(i), big enough not to inline
        // the lambda kept in a variable, the one handed to a library not given, and comparing's key
        assertThat(limits.neverRun()).hasSize(3).allMatch(id -> id.contains("Async.lambda$main$"))
                .doesNotContain(calledBack, g.methods().get(submits.get(0).targets[0]).id());
    }

    @Test
    void callbacksRoundTripAndOnlyFromVersion5() throws Exception {
        ExecutionGraph g = new GraphBuilder(ClassSource.read(SAMPLE_DIR)).build(ASYNC);
        g.methods().get(g.entry()).vertices().stream().filter(v -> v.action == Action.CALLBACK).findFirst().orElseThrow().trips = 2.5;
        StringWriter w = new StringWriter();
        EgraphFile.write(g, w);
        assertThat(w.toString()).contains("act=callback").contains("trips=2.5");
        StringWriter again = new StringWriter();
        EgraphFile.write(EgraphFile.parse(new StringReader(w.toString()), "a.egraph"), again);
        assertThat(again.toString()).isEqualTo(w.toString());
        String one = "entry 0\nmethod 0 a/B.c()V\nmethod 1 a/B.lambda$c$0()V\ntree 0 2\nv 0 act=callback calls=1 trips=2 next=1\nv 1 ops=return:1\n"
                + "tree 1 1\nv 0 ops=return:1\n";
        assertThat(EgraphFile.parse(new StringReader("egraph 5\n" + one), "x.egraph").methods()).hasSize(2);
        assertThatThrownBy(() -> EgraphFile.parse(new StringReader("egraph 4\n" + one), "x.egraph")).hasMessageContaining("callbacks came in version 5");
        assertThatThrownBy(() -> EgraphFile.parse(new StringReader("egraph 5\n" + one.replace("next=1", "next=1,0 loop=1")), "x.egraph"))
                .hasMessageContaining("cannot also control a loop");
    }

    @Test
    void theClassPathsLibrariesAreFollowed() throws Exception {
        GraphBuilder builder = new GraphBuilder(ClassSource.read(SAMPLE_DIR, List.of(LIBRARY_DIR)));
        ExecutionGraph g = builder.build(ASYNC);
        int score = g.indexOf("dev/wholetrace/simulate/egraph/samplelib/Scores.score(I)I");
        assertThat(score).isNotNegative();
        assertThat(vertices(g, "Async.main(")).anySatisfy(v -> assertThat(v.targets).contains(score));
        assertThat(builder.limits().outsideCalls()).isEmpty();
        assertThat(builder.limits().neverRun()).hasSize(2); // Scores.each calls its lambda: followed through the class path
        assertThatThrownBy(() -> ClassSource.read(SAMPLE_DIR, List.of(Path.of("no/such.jar")))).hasMessageContaining("no such jar or directory");
    }

    @Test
    void aLibraryClassThatCannotBeReadIsLeftOutButNotAProgramClass(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.nio.file.Files.write(dir.resolve("Broken.class"), new byte[] {(byte) 0xCA, (byte) 0xFE, 1, 2, 3});
        ClassSource.Program p = ClassSource.read(SAMPLE_DIR, List.of(dir, LIBRARY_DIR));
        assertThat(p.unreadable()).singleElement().asString().endsWith("Broken.class");
        assertThat(p.classes()).containsKey("dev/wholetrace/simulate/egraph/samplelib/Scores");
        assertThat(new GraphBuilder(p).build(ASYNC).indexOf("dev/wholetrace/simulate/egraph/samplelib/Scores.score(I)I")).isNotNegative();
        assertThatThrownBy(() -> ClassSource.read(dir)).isInstanceOf(EgraphException.class).hasMessageContaining("Broken.class: not a class file");
    }

    @Test
    void aRunnableKeptInAFieldAndStartedThroughAFactoryRunsItsOneImplementation() throws Exception {
        ExecutionGraph g = new GraphBuilder(ClassSource.read(SAMPLE_DIR)).build("dev.wholetrace.simulate.egraph.sample.Stages");
        List<Vertex> viaFactory = vertices(g, "Stages$Info.start(").stream().filter(v -> v.action == Action.THREAD_START).collect(Collectors.toList());
        assertThat(viaFactory).singleElement().satisfies(v -> assertThat(g.methods().get(v.targets[0]).id()).endsWith("Stages$Worker.run()V"));
        // two threads made before either starts: each start runs its own thread's Runnable, not the nearest one's
        List<String> both = vertices(g, "Stages$Info.startBoth(").stream().filter(v -> v.action == Action.THREAD_START)
                .map(v -> g.methods().get(v.targets[0]).id()).collect(Collectors.toList());
        assertThat(both).hasSize(2);
        assertThat(both.get(0)).endsWith("Stages$Worker.run()V");
        assertThat(both.get(1)).endsWith("Stages$Drain.run()V");
        // two lambdas' threads made before either starts: each start runs its own thread's lambda, not the last one made
        List<String> lambdas = vertices(g, "Stages.twoLambdas(").stream().filter(v -> v.action == Action.THREAD_START)
                .map(v -> g.methods().get(v.targets[0]).id()).collect(Collectors.toList());
        assertThat(lambdas).hasSize(2).doesNotHaveDuplicates().allSatisfy(id -> assertThat(id).contains("lambda$twoLambdas$"));
        // a Runnable field, and two Runnables in the program (the Worker and a lambda): which one runs is not known
        List<Vertex> ambiguous = vertices(g, "Stages$Info.startAny(").stream().filter(v -> v.action == Action.THREAD_START).collect(Collectors.toList());
        assertThat(ambiguous).singleElement().satisfies(v -> assertThat(v.targets).isEmpty());
    }

    @Test
    void unknownEntryIsOneLine() {
        assertThatThrownBy(() -> new GraphBuilder(ClassSource.read(CLASSES)).build("no.Such")).isInstanceOf(EgraphException.class)
                .hasMessage("no class no.Such in the input");
        assertThatThrownBy(() -> ClassSource.read(Path.of("no/such/dir"))).hasMessageContaining("no such jar or directory");
    }
}
