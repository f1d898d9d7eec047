package dev.wholetrace.simulate.egraph;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LoopAccessesTest {
    private static ExecutionGraph graph() throws EgraphException {
        return new GraphBuilder(ClassSource.read(GraphBuilderTest.CLASSES)).build("dev.wholetrace.simulate.egraph.sample.Walks");
    }

    private static MethodGraph method(ExecutionGraph g, String name) {
        return g.methods().stream().filter(m -> m.id().contains("Walks." + name + "(")).findFirst().orElseThrow();
    }

    private static List<Walk> walks(ExecutionGraph g, String name) {
        return method(g, name).vertices().stream().flatMap(v -> Arrays.stream(v.walks)).collect(Collectors.toList());
    }

    /** The control vertices' end bcis of the method's loops, innermost (last in the bytecode of a javac loop nest) first. */
    private static List<Integer> loops(ExecutionGraph g, String name) {
        return method(g, name).vertices().stream().filter(v -> v.loopStay >= 0).map(v -> v.end).sorted((a, b) -> b - a).collect(Collectors.toList());
    }

    @Test
    void sequentialWalkMovesOneElementPerIteration() throws Exception {
        ExecutionGraph g = graph();
        assertThat(walks(g, "sequential")).containsExactly(new Walk(1, 8, false, loops(g, "sequential")));
    }

    @Test
    void columnWalkIsFarAndCountsBothLoops() throws Exception {
        ExecutionGraph g = graph();
        List<Integer> loops = loops(g, "column");
        assertThat(loops).hasSize(2);
        // a new line per access, but the next column is the next double: the columns share their lines
        assertThat(walks(g, "column")).containsExactly(new Walk(1, 8, true, loops));
    }

    @Test
    void columnsShareLinesOnlyWhenTheNextStartsWithinALine() throws Exception {
        ExecutionGraph g = graph();
        assertThat(walks(g, "columnsALineApart")).containsExactly(new Walk(1, Walk.LINE, true, loops(g, "columnsALineApart")));
        // a pointer started at 2h and moved a row on per access, (re, im) read together: 16 bytes per column
        assertThat(walks(g, "transpose")).containsExactly(new Walk(1, 16, true, loops(g, "transpose")));
    }

    @Test
    void neighboursShareTheirLine() throws Exception {
        ExecutionGraph g = graph();
        assertThat(walks(g, "pairs")).containsExactly(new Walk(2, 16, false, loops(g, "pairs"))); // a[i], a[i+1], 2 doubles per iteration
        assertThat(walks(g, "columnPairs")).containsExactly(new Walk(1, Walk.LINE, true, loops(g, "columnPairs"))); // a[i+1]: a[i]'s line
    }

    @Test
    void aCompoundAssignmentWalksOnceForItsLoadAndOnceForItsStore() throws Exception {
        ExecutionGraph g = graph();
        assertThat(walks(g, "compound")).containsExactly(new Walk(2, 8, false, loops(g, "compound")));
    }

    @Test
    void compoundAssignmentsSeeThroughTheCopyOfTheirPair() throws Exception {
        ExecutionGraph g = graph();
        assertThat(walks(g, "offsetCompound")).containsExactly(new Walk(2, 8, false, loops(g, "offsetCompound"))); // a[off + i]
        assertThat(walks(g, "rowsCompound")).containsExactly(new Walk(2, 8, false, loops(g, "rowsCompound"))); // a[i][j]: row a[i] invariant
        assertThat(walks(g, "longCompound")).containsExactly(new Walk(2, 8, false, loops(g, "longCompound")));
        // a[idx[i]]: neither its load nor its store walks; idx[i] does, 4 bytes an iteration
        assertThat(walks(g, "indirectCompound")).containsExactly(new Walk(1, 4, false, loops(g, "indirectCompound")));
        // a[i + 1] += a[i] with a far stride: a[i]'s line, not one for a[i + 1]'s load and another for its store
        assertThat(walks(g, "farCompound")).containsExactly(new Walk(1, Walk.LINE, true, loops(g, "farCompound")));
    }

    @Test
    void anIndexTheAnalysisCannotFollowHasNoWalk() throws Exception {
        assertThat(walks(graph(), "masked")).isEmpty();
    }

    @Test
    void loopInvariantFieldReadsCountAsLocals() throws Exception {
        ExecutionGraph g = graph();
        long fieldLoads = method(g, "invariantBound").vertices().stream().filter(v -> v.loopStay >= 0 || v.walks.length > 0)
                .mapToLong(v -> v.ops[OpClass.FIELD_LOAD.ordinal()]).sum();
        assertThat(fieldLoads).isZero(); // n and data: hoisted
        assertThat(walks(g, "invariantBound")).hasSize(1);
        long written = method(g, "writtenField").vertices().stream().mapToLong(v -> v.ops[OpClass.FIELD_LOAD.ordinal()]).sum();
        assertThat(written).isEqualTo(2); // count (read for the sum) and count (return): written in the loop, not hoisted
    }

    @Test
    void smallProgramCallsAreInlinedAndHoistingSeesThroughLeaves() throws Exception {
        ExecutionGraph g = graph();
        MethodGraph inlined = method(g, "inlinedCalls");
        Vertex call = inlined.vertices().stream().filter(v -> v.action == Action.CALL).findFirst().orElseThrow();
        assertThat(call.ops[OpClass.INVOKE.ordinal()]).isZero(); // twice's call is inlined
        assertThat(call.ops[OpClass.SQRT.ordinal()]).isEqualTo(1); // Math.sqrt: a square root on the divider, not a call
        assertThat(inlined.vertices().stream().mapToLong(v -> v.ops[OpClass.FIELD_LOAD.ordinal()]).sum()).isZero(); // n, data hoisted
        MethodGraph writing = method(g, "writingCalls");
        assertThat(writing.vertices().stream().mapToLong(v -> v.ops[OpClass.INVOKE.ordinal()]).sum()).isZero(); // bump is inlined too
        assertThat(writing.vertices().stream().mapToLong(v -> v.ops[OpClass.FIELD_LOAD.ordinal()]).sum()).isEqualTo(2); // but it writes count: n, data reread
        MethodGraph main = g.methods().stream().filter(m -> m.id().contains("Walks.main(")).findFirst().orElseThrow();
        assertThat(main.vertices().stream().filter(v -> v.action == Action.CALL).mapToLong(v -> v.ops[OpClass.INVOKE.ordinal()]).sum())
                .isEqualTo(0); // main's calls of the small sample methods: inlined
    }

    @Test
    void walksRoundTripThroughTheFile() throws Exception {
        ExecutionGraph g = graph();
        StringWriter w = new StringWriter();
        EgraphFile.write(g, w);
        assertThat(w.toString()).contains(" walks=1x64f@");
        ExecutionGraph back = EgraphFile.parse(new StringReader(w.toString()), "x.egraph");
        assertThat(walks(back, "column")).isEqualTo(walks(g, "column"));
        assertThat(walks(back, "pairs")).isEqualTo(walks(g, "pairs"));
    }
}
