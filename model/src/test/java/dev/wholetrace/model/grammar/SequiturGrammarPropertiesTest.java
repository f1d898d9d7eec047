package dev.wholetrace.model.grammar;

import static dev.wholetrace.model.grammar.GrammarTestSupport.assertSoundAfterEveryAppend;
import static dev.wholetrace.model.grammar.GrammarTestSupport.assertSoundAtEnd;
import static dev.wholetrace.model.grammar.GrammarTestSupport.log2;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * Online SEQUITUR on generated inputs: the frozen grammar always expands back to the input and
 * {@link GrammarInvariants} finds nothing, both after the whole input and, for short inputs,
 * after every single append. The frozen grammar is also checked independently of the invariants
 * checker (see {@link GrammarTestSupport#frozenViolations}).
 */
class SequiturGrammarPropertiesTest {

    /** Terminals that sit next to interesting bit patterns, e.g. the 2^30 rule limit. */
    private static final int[] SPECIAL_TERMINALS = {
        0, 1, 2, (1 << 30) - 1, 1 << 30, (1 << 30) + 1, Integer.MAX_VALUE - 1, Integer.MAX_VALUE
    };

    // ---- random strings ----------------------------------------------------------------------

    @Property(tries = 300)
    void smallAlphabetWholeInput(@ForAll("smallAlphabetLong") int[] input) {
        assertSoundAtEnd(input);
    }

    @Property(tries = 200)
    void smallAlphabetEveryAppend(@ForAll("smallAlphabetShort") int[] input) {
        assertSoundAfterEveryAppend(input);
    }

    @Property(tries = 150)
    void hugeAlphabetWholeInput(@ForAll("hugeAlphabetLong") int[] input) {
        assertSoundAtEnd(input);
    }

    @Property(tries = 100)
    void hugeAlphabetEveryAppend(@ForAll("hugeAlphabetShort") int[] input) {
        assertSoundAfterEveryAppend(input);
    }

    @Property(tries = 50)
    void distinctHugeTerminalsAreKeptVerbatim(@ForAll("distinctHuge") int[] input) {
        Grammar g = assertSoundAtEnd(input);
        // Nothing repeats, so there is nothing to factor out.
        assertThat(g.ruleCount()).isEqualTo(1);
        assertThat(g.body(0)).isEqualTo(input);
    }

    // ---- periodic strings --------------------------------------------------------------------

    @Property(tries = 200)
    void periodicWholeInputIsSoundAndLogarithmic(
            @ForAll("pattern") int[] pattern, @ForAll @IntRange(min = 1, max = 400) int repetitions) {
        int[] input = repeat(pattern, repetitions);
        Grammar g = assertSoundAtEnd(input);
        // Measured: symbolCount - p <= ~4.1 * log2(k + 1) on random patterns of length <= 12.
        assertThat(g.symbolCount())
                .as("grammar size of a pattern of length %d repeated %d times", pattern.length, repetitions)
                .isLessThanOrEqualTo((int) (2 * pattern.length + 4 * log2(repetitions + 1) + 4));
    }

    @Property(tries = 100)
    void periodicEveryAppend(@ForAll("shortPattern") int[] pattern, @ForAll @IntRange(min = 1, max = 40) int repetitions) {
        assertSoundAfterEveryAppend(truncate(repeat(pattern, repetitions), 160));
    }

    @Property(tries = 100)
    void periodicWithOnePerturbation(
            @ForAll("pattern") int[] pattern,
            @ForAll @IntRange(min = 2, max = 200) int repetitions,
            @ForAll @IntRange(min = 0, max = 100_000) int where,
            @ForAll @IntRange(min = 0, max = 5) int noise) {
        int[] periodic = repeat(pattern, repetitions);
        int at = where % (periodic.length + 1);
        int[] input = new int[periodic.length + 1];
        System.arraycopy(periodic, 0, input, 0, at);
        input[at] = noise;
        System.arraycopy(periodic, at, input, at + 1, periodic.length - at);
        if (input.length <= 160) assertSoundAfterEveryAppend(input);
        else assertSoundAtEnd(input);
    }

    // ---- nested loops ------------------------------------------------------------------------

    /** {@code for i < A { x; for j < B { y; z }; w }} with distinct x, y, z, w. */
    @Property(tries = 200)
    void nestedLoopWithDistinctStatementsIsSoundAndSmall(
            @ForAll @IntRange(min = 1, max = 60) int a,
            @ForAll @IntRange(min = 1, max = 60) int b,
            @ForAll("fourDistinct") int[] xyzw) {
        int[] input = nestedLoop(a, b, xyzw);
        Grammar g = assertSoundAtEnd(input);
        // Measured over every A, B <= 60: symbolCount <= 6.76 * (log2 A + log2 B + 1).
        assertThat(g.symbolCount())
                .as("grammar size for A=%d, B=%d", a, b)
                .isLessThanOrEqualTo((int) (7 * (log2(a) + log2(b) + 1)));
    }

    /** Same loop shape, but statements may coincide (x == y, z == w, ...): runs inside loops. */
    @Property(tries = 200)
    void nestedLoopWithArbitraryStatements(
            @ForAll @IntRange(min = 1, max = 60) int a,
            @ForAll @IntRange(min = 1, max = 60) int b,
            @ForAll("fourFromSmallPool") int[] xyzw) {
        assertSoundAtEnd(nestedLoop(a, b, xyzw));
    }

    @Property(tries = 150)
    void nestedLoopEveryAppend(
            @ForAll @IntRange(min = 1, max = 8) int a,
            @ForAll @IntRange(min = 1, max = 8) int b,
            @ForAll("fourFromSmallPool") int[] xyzw) {
        assertSoundAfterEveryAppend(nestedLoop(a, b, xyzw));
    }

    @Property(tries = 150)
    void randomLoopProgramTraces(@ForAll("loopProgram") Stmt program) {
        assertSoundAtEnd(trace(program, 20_000));
    }

    @Property(tries = 100)
    void randomLoopProgramTracesEveryAppend(@ForAll("loopProgram") Stmt program) {
        assertSoundAfterEveryAppend(trace(program, 150));
    }

    // ---- adversarial inputs ------------------------------------------------------------------

    @Property(tries = 60)
    void longRunOfOneSymbol(@ForAll @IntRange(min = 1, max = 5000) int length, @ForAll("terminal") int symbol) {
        int[] input = new int[length];
        Arrays.fill(input, symbol);
        Grammar g = assertSoundAtEnd(input);
        // Measured: symbolCount <= 2.77 * log2(n) for n in [2, 5000].
        assertThat(g.symbolCount()).isLessThanOrEqualTo((int) (3 * log2(length)) + 2);
    }

    @Property(tries = 60)
    void runOfOneSymbolEveryAppend(@ForAll @IntRange(min = 1, max = 400) int length, @ForAll("terminal") int symbol) {
        int[] input = new int[length];
        Arrays.fill(input, symbol);
        assertSoundAfterEveryAppend(input);
    }

    @Property(tries = 60)
    void alternation(
            @ForAll @IntRange(min = 1, max = 5000) int length,
            @ForAll("terminal") int first,
            @ForAll("terminal") int second) {
        int[] input = new int[length];
        for (int i = 0; i < length; i++) input[i] = i % 2 == 0 ? first : second;
        if (length <= 200) assertSoundAfterEveryAppend(input);
        else assertSoundAtEnd(input);
    }

    /** {@code (a^p b^q)^k}: runs of runs. */
    @Property(tries = 150)
    void runsOfRuns(
            @ForAll @IntRange(min = 1, max = 12) int p,
            @ForAll @IntRange(min = 1, max = 12) int q,
            @ForAll @IntRange(min = 1, max = 150) int k,
            @ForAll("terminal") int a,
            @ForAll("terminal") int b) {
        List<Integer> out = new ArrayList<>();
        for (int r = 0; r < k; r++) {
            for (int i = 0; i < p; i++) out.add(a);
            for (int i = 0; i < q; i++) out.add(b);
        }
        int[] input = out.stream().mapToInt(Integer::intValue).toArray();
        if (input.length <= 160) assertSoundAfterEveryAppend(input);
        else assertSoundAtEnd(input);
    }

    /** A random sequence of runs whose lengths come from a small set: irregular runs of runs. */
    @Property(tries = 150)
    void irregularRunsOfRuns(@ForAll("runList") List<Tuple.Tuple2<Integer, Integer>> runs) {
        List<Integer> out = new ArrayList<>();
        for (Tuple.Tuple2<Integer, Integer> run : runs) {
            for (int i = 0; i < run.get2(); i++) out.add(run.get1());
        }
        int[] input = out.stream().mapToInt(Integer::intValue).toArray();
        if (input.length <= 160) assertSoundAfterEveryAppend(input);
        else assertSoundAtEnd(input);
    }

    // ---- arbitraries -------------------------------------------------------------------------

    @Provide
    Arbitrary<int[]> smallAlphabetLong() {
        return Arbitraries.integers().between(1, 4).flatMap(k ->
                Arbitraries.integers().between(0, k - 1).array(int[].class).ofMaxSize(3000));
    }

    @Provide
    Arbitrary<int[]> smallAlphabetShort() {
        return Arbitraries.integers().between(1, 4).flatMap(k ->
                Arbitraries.integers().between(0, k - 1).array(int[].class).ofMaxSize(120));
    }

    /** Few distinct terminals with values anywhere up to Integer.MAX_VALUE, so they repeat. */
    private static Arbitrary<int[]> hugeAlphabet(int maxSize) {
        return terminalArbitrary().array(int[].class).ofMinSize(1).ofMaxSize(6).flatMap(pool ->
                Arbitraries.integers().between(0, pool.length - 1)
                        .map(i -> pool[i])
                        .array(int[].class)
                        .ofMaxSize(maxSize));
    }

    @Provide
    Arbitrary<int[]> hugeAlphabetLong() {
        return hugeAlphabet(2000);
    }

    @Provide
    Arbitrary<int[]> hugeAlphabetShort() {
        return hugeAlphabet(100);
    }

    @Provide
    Arbitrary<int[]> distinctHuge() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).set().ofMaxSize(500)
                .map(s -> s.stream().mapToInt(Integer::intValue).toArray());
    }

    @Provide
    Arbitrary<Integer> terminal() {
        return terminalArbitrary();
    }

    private static Arbitrary<Integer> terminalArbitrary() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(0, Integer.MAX_VALUE),
                Arbitraries.of(Arrays.stream(SPECIAL_TERMINALS).boxed().toList()));
    }

    @Provide
    Arbitrary<int[]> pattern() {
        return Arbitraries.integers().between(1, 5).flatMap(k ->
                Arbitraries.integers().between(0, k - 1).array(int[].class).ofMinSize(1).ofMaxSize(12));
    }

    @Provide
    Arbitrary<int[]> shortPattern() {
        return Arbitraries.integers().between(1, 4).flatMap(k ->
                Arbitraries.integers().between(0, k - 1).array(int[].class).ofMinSize(1).ofMaxSize(6));
    }

    @Provide
    Arbitrary<int[]> fourDistinct() {
        return terminalArbitrary().set().ofSize(4).map(s -> s.stream().mapToInt(Integer::intValue).toArray());
    }

    @Provide
    Arbitrary<int[]> fourFromSmallPool() {
        return Arbitraries.integers().between(0, 3).array(int[].class).ofSize(4);
    }

    @Provide
    Arbitrary<List<Tuple.Tuple2<Integer, Integer>>> runList() {
        Arbitrary<Tuple.Tuple2<Integer, Integer>> run = Combinators.combine(
                        Arbitraries.integers().between(0, 2), Arbitraries.of(1, 2, 3, 4, 7, 8))
                .as(Tuple::of);
        return run.list().ofMaxSize(120);
    }

    /** Programs of nested loops with small trip counts, three levels deep at most. */
    @Provide
    Arbitrary<Stmt> loopProgram() {
        return loop(3);
    }

    private static Arbitrary<Stmt> statement(int depth) {
        Arbitrary<Stmt> emit = Arbitraries.integers().between(0, 5).map(Emit::new);
        if (depth == 0) return emit;
        return Arbitraries.frequencyOf(Tuple.of(2, emit), Tuple.of(1, loop(depth)));
    }

    private static Arbitrary<Stmt> loop(int depth) {
        return Combinators.combine(
                        Arbitraries.integers().between(1, 12),
                        Arbitraries.lazy(() -> statement(depth - 1)).list().ofMinSize(1).ofMaxSize(4))
                .as(Loop::new);
    }

    // ---- input construction ------------------------------------------------------------------

    sealed interface Stmt permits Emit, Loop {}

    record Emit(int id) implements Stmt {}

    record Loop(int trips, List<Stmt> body) implements Stmt {}

    /** The statement trace of a loop program, cut after {@code limit} statements. */
    static int[] trace(Stmt program, int limit) {
        int[] out = new int[limit];
        int n = run(program, out, 0);
        return Arrays.copyOf(out, n);
    }

    private static int run(Stmt s, int[] out, int n) {
        if (n == out.length) return n;
        if (s instanceof Emit e) {
            out[n] = e.id();
            return n + 1;
        }
        Loop l = (Loop) s;
        for (int i = 0; i < l.trips() && n < out.length; i++) {
            for (Stmt child : l.body()) n = run(child, out, n);
        }
        return n;
    }

    static int[] nestedLoop(int a, int b, int[] xyzw) {
        int[] out = new int[a * (2 * b + 2)];
        int n = 0;
        for (int i = 0; i < a; i++) {
            out[n++] = xyzw[0];
            for (int j = 0; j < b; j++) {
                out[n++] = xyzw[1];
                out[n++] = xyzw[2];
            }
            out[n++] = xyzw[3];
        }
        return out;
    }

    static int[] repeat(int[] pattern, int times) {
        int[] out = new int[pattern.length * times];
        for (int i = 0; i < times; i++) System.arraycopy(pattern, 0, out, i * pattern.length, pattern.length);
        return out;
    }

    static int[] truncate(int[] input, int max) {
        return input.length <= max ? input : Arrays.copyOf(input, max);
    }
}
