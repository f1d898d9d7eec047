package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.SequiturGrammar;
import dev.wholetrace.model.util.Alphabet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** read(write(g)) == g for grammars and alphabets. */
class GrammarCodecRoundTripTest {

    static byte[] encode(Grammar g) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.write(g, w);
        return w.toByteArray();
    }

    static Grammar decode(byte[] b) throws FormatException {
        return GrammarCodec.read(new VarIntReader(b, "grammar block"));
    }

    static Grammar roundTrip(Grammar g) {
        byte[] b = encode(g);
        try {
            VarIntReader r = new VarIntReader(b, "grammar block");
            Grammar back = GrammarCodec.read(r);
            assertThat(r.remaining()).as("bytes left after reading").isZero();
            return back;
        } catch (FormatException e) {
            throw new AssertionError("valid grammar failed to decode: " + e.getMessage() + "\n" + g, e);
        }
    }

    static Grammar sequitur(int[] input) {
        SequiturGrammar s = new SequiturGrammar();
        for (int t : input) s.append(t);
        return s.toGrammar();
    }

    /** Expansion of rule r of un-normalised bodies, by an independent recursive oracle. */
    static void expandBodies(int[][] bodies, int r, List<Integer> out) {
        for (int s : bodies[r]) {
            if (s >= 0) out.add(s);
            else expandBodies(bodies, -1 - s, out);
        }
    }

    // ---- SEQUITUR grammars ----------------------------------------------------------------

    @Property(tries = 200)
    void sequiturGrammarsOfRandomInputsRoundTrip(@ForAll("inputs") int[] input) {
        Grammar g = sequitur(input);
        Grammar back = roundTrip(g);
        assertThat(back).isEqualTo(g);
        assertThat(back.expand()).isEqualTo(input);
    }

    @Provide
    Arbitrary<int[]> inputs() {
        Arbitrary<int[]> small = Arbitraries.integers().between(0, 3).array(int[].class).ofMaxSize(2000);
        Arbitrary<int[]> wide = Arbitraries.integers().between(0, Integer.MAX_VALUE).array(int[].class).ofMaxSize(300);
        Arbitrary<int[]> repeated = Arbitraries.integers().between(0, 20).array(int[].class).ofMinSize(1).ofMaxSize(30)
                .flatMap(unit -> Arbitraries.integers().between(1, 200).map(k -> {
                    int[] x = new int[unit.length * k];
                    for (int i = 0; i < x.length; i++) x[i] = unit[i % unit.length];
                    return x;
                }));
        return Arbitraries.oneOf(small, wide, repeated);
    }

    @Test
    void emptyAndTinyGrammarsRoundTrip() {
        for (Grammar g : List.of(Grammar.empty(), sequitur(new int[] {5}), sequitur(new int[] {Integer.MAX_VALUE, 0}),
                sequitur("abcabcabcabc".chars().toArray()))) {
            assertThat(roundTrip(g)).isEqualTo(g);
        }
    }

    @Test
    void longRepetitiveInputRoundTrips() {
        int[] input = new int[200_000];
        Random rnd = new Random(7);
        for (int i = 0; i < input.length; i++) input[i] = (i % 97 < 60) ? i % 13 : rnd.nextInt(4);
        Grammar g = sequitur(input);
        assertThat(roundTrip(g)).isEqualTo(g);
    }

    // ---- arbitrary valid grammars via Grammar.fromRules -------------------------------------

    @Property(tries = 300)
    void randomValidGrammarsRoundTrip(@ForAll("ruleSets") int[][] bodies) {
        Grammar g = Grammar.fromRules(bodies);
        Grammar back = roundTrip(g);
        assertThat(back).isEqualTo(g);
        List<Integer> expected = new ArrayList<>();
        expandBodies(bodies, 0, expected);
        assertThat(back.expand()).isEqualTo(expected.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * Random DAGs: rules reference only rules later in a hidden topological order, which is then
     * scrambled, so the input numbering is arbitrary. Sub-rules are shared between parents, used
     * several times by one parent, of length one, and some are unreachable.
     */
    @Provide
    Arbitrary<int[][]> ruleSets() {
        return Arbitraries.randomValue(GrammarCodecRoundTripTest::randomBodies);
    }

    static int[][] randomBodies(Random rnd) {
        int n = 1 + rnd.nextInt(rnd.nextBoolean() ? 5 : 40);
        int[][] topo = new int[n][];
        for (int k = 0; k < n; k++) {
            int len = rnd.nextInt(10) == 0 ? 1 : 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 12);
            int[] b = new int[len];
            for (int i = 0; i < len; i++) {
                boolean ref = k < n - 1 && rnd.nextInt(3) > 0;
                if (ref) b[i] = -1 - (k + 1 + rnd.nextInt(Math.min(n - k - 1, rnd.nextBoolean() ? 2 : n)));
                else b[i] = rnd.nextInt(5) == 0 ? rnd.nextInt(Integer.MAX_VALUE) : rnd.nextInt(8);
            }
            topo[k] = b;
        }
        // scramble the numbering of rules 1..n-1
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) perm[i] = i;
        for (int i = n - 1; i > 1; i--) {
            int j = 1 + rnd.nextInt(i);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        int[][] bodies = new int[n][];
        for (int k = 0; k < n; k++) {
            int[] b = topo[k].clone();
            for (int i = 0; i < b.length; i++) if (b[i] < 0) b[i] = -1 - perm[-1 - b[i]];
            bodies[perm[k]] = b;
        }
        // keep expansions small enough to check against the oracle
        if (Grammar.fromRules(bodies).length() > 100_000) return new int[][] {{1, 2, 3}};
        return bodies;
    }

    @Test
    void grammarsWithEmptyRulesRoundTrip() {
        // Grammar.fromRules accepts empty rule bodies (SEQUITUR never makes them)
        for (int[][] bodies : new int[][][] {
                {{-2, 1, -2}, {}},
                {{-2}, {}},
                {{1, -2, -3, -2}, {-3}, {}},
                {{-2, -3}, {}, {4, -2}}}) {
            Grammar g = Grammar.fromRules(bodies);
            assertThat(roundTrip(g)).as(Arrays.deepToString(bodies)).isEqualTo(g);
        }
    }

    @Test
    void ruleUsedFromSeveralParentsAndSeveralTimesPerParent() {
        int[][] bodies = {
                {-2, -3, -2, -4},   // R0 -> A B A C
                {-5, 1, -5},        // A -> D 1 D
                {-5, -4, -5},       // B -> D C D
                {-5, -5},           // C -> D D
                {7, 8},             // D -> 7 8
        };
        Grammar g = Grammar.fromRules(bodies);
        assertThat(g.ruleCount()).isEqualTo(5);
        assertThat(roundTrip(g)).isEqualTo(g);
        assertThat(roundTrip(g).expand()).containsExactly(7, 8, 1, 7, 8, 7, 8, 7, 8, 7, 8, 7, 8, 7, 8, 1, 7, 8, 7, 8, 7, 8);
    }

    @Test
    void exponentiallySharedGrammarRoundTripsWithoutExpanding() {
        // R_k -> R_{k+1} R_{k+1}: 2^60 terminals from 61 rules
        int depth = 60;
        int[][] bodies = new int[depth + 1][];
        for (int k = 0; k < depth; k++) bodies[k] = new int[] {-1 - (k + 1), -1 - (k + 1)};
        bodies[depth] = new int[] {3};
        Grammar g = Grammar.fromRules(bodies);
        assertThat(g.length()).isEqualTo(1L << 60);
        Grammar back = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> roundTrip(g));
        assertThat(back).isEqualTo(g);
        assertThat(back.terminalAt((1L << 60) - 1)).isEqualTo(3);
    }

    /**
     * The codec walks a chain of 200,000 rules without recursing: the round trip runs on a thread of
     * {@link #SMALL_STACK_BYTES}, half the JVM's default for a new thread (1 MiB on 64-bit Linux), where a
     * recursive walk overflows long before. Until session 45 it ran under a preemptive 10 s timeout (JUnit's own
     * thread, of the default stack), which a loaded machine missed (load average 27 and more) although nothing
     * overflowed; the stack is what the test is about, and no wall-clock bound is left.
     */
    @Test
    void deepChainsDoNotOverflowTheStack() throws Exception {
        for (int depth : new int[] {10_000, 200_000}) {
            // R_k -> k R_{k+1} k: one rule per level, a derivation tree as deep as the chain
            int[][] bodies = new int[depth][];
            for (int k = 0; k < depth - 1; k++) bodies[k] = new int[] {k, -1 - (k + 1), k};
            bodies[depth - 1] = new int[] {depth - 1};
            Grammar g = Grammar.fromRules(bodies);
            assertThat(g.depth()).isEqualTo(depth);
            Grammar back = onSmallStack(() -> roundTrip(g));
            assertThat(back).isEqualTo(g);
            int[] x = back.expand();
            assertThat(x).hasSize(2 * depth - 1);
            assertThat(x[depth - 1]).isEqualTo(depth - 1);
            assertThat(x[0]).isZero();
            assertThat(x[x.length - 1]).isZero();
        }
    }

    /** The small stack is a real bound: a walk that recursed once per level of the 200,000-rule chain overflows it. */
    @Test
    void aRecursiveWalkOfTheDeepChainOverflowsTheSmallStack() throws Exception {
        assertThatThrownBy(() -> onSmallStack(() -> recurse(200_000))).isInstanceOf(StackOverflowError.class);
        assertThat(onSmallStack(() -> recurse(100))).isEqualTo(100);
    }

    private static int recurse(int levels) {
        return levels == 0 ? 0 : 1 + recurse(levels - 1);
    }

    /** Half the default stack of a new thread on 64-bit Linux (-Xss 1 MiB). */
    static final long SMALL_STACK_BYTES = 512 * 1024;

    /** {@code work}'s result, computed on a new thread of {@link #SMALL_STACK_BYTES}; what it throws (a StackOverflowError) is rethrown. */
    static <T> T onSmallStack(java.util.function.Supplier<T> work) throws InterruptedException {
        Object[] result = new Object[1];
        Throwable[] failure = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                result[0] = work.get();
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "small-stack", SMALL_STACK_BYTES);
        t.start();
        t.join();
        if (failure[0] instanceof Error e) throw e;
        if (failure[0] != null) throw new AssertionError(failure[0]);
        @SuppressWarnings("unchecked")
        T r = (T) result[0];
        return r;
    }

    @Test
    void deepChainWithSharedRulesAtEveryLevel() {
        // R_k -> S R_{k+1} S, S -> 1 2: one rule shared by all 10,000 levels
        int depth = 10_000;
        int[][] bodies = new int[depth + 1][];
        int s = depth;
        for (int k = 0; k < depth - 1; k++) bodies[k] = new int[] {-1 - s, -1 - (k + 1), -1 - s};
        bodies[depth - 1] = new int[] {-1 - s};
        bodies[s] = new int[] {1, 2};
        Grammar g = Grammar.fromRules(bodies);
        assertThat(g.ruleCount()).isEqualTo(depth + 1);
        assertThat(roundTrip(g)).isEqualTo(g);
    }

    @Test
    void canonicalNumberingMakesDecodedGrammarIndependentOfInputNumbering() {
        int[][] a = {{-2, -3, -2}, {1, 2}, {-2, 3}};
        int[][] b = {{-3, -2, -3}, {-3, 3}, {1, 2}};
        assertThat(Grammar.fromRules(a)).isEqualTo(Grammar.fromRules(b));
        assertThat(encode(Grammar.fromRules(a))).isEqualTo(encode(Grammar.fromRules(b)));
    }

    @Test
    void largestTerminalRoundTrips() {
        Grammar g = Grammar.fromRules(new int[][] {{Integer.MAX_VALUE, -2, -2}, {0, Integer.MAX_VALUE}});
        assertThat(roundTrip(g)).isEqualTo(g);
    }

    // ---- several grammars in one block ------------------------------------------------------

    static List<Grammar> roundTripAll(List<Grammar> gs) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.writeAll(gs, w);
        try {
            VarIntReader r = new VarIntReader(w.toByteArray(), "grammar block");
            List<Grammar> back = GrammarCodec.readAll(r);
            assertThat(r.remaining()).isZero();
            return back;
        } catch (FormatException e) {
            throw new AssertionError("valid grammars failed to decode: " + e.getMessage() + "\n" + gs, e);
        }
    }

    @Property(tries = 150)
    void listsOfGrammarsRoundTrip(@ForAll("grammarLists") List<Grammar> gs) {
        assertThat(roundTripAll(gs)).isEqualTo(gs);
    }

    @Provide
    Arbitrary<List<Grammar>> grammarLists() {
        Arbitrary<Grammar> seq = inputs().map(GrammarCodecRoundTripTest::sequitur);
        Arbitrary<Grammar> dag = ruleSets().map(Grammar::fromRules);
        return Arbitraries.oneOf(seq, dag, Arbitraries.just(Grammar.empty())).list().ofMaxSize(12);
    }

    @Test
    void manySmallGrammarsShareOneBlock() {
        // like the address streams of a lackey trace: thousands of tiny grammars
        List<Grammar> gs = new ArrayList<>();
        Random rnd = new Random(17);
        for (int i = 0; i < 5000; i++) {
            int[] x = new int[1 + rnd.nextInt(6)];
            for (int k = 0; k < x.length; k++) x[k] = rnd.nextInt(3) == 0 ? rnd.nextInt(1 << 20) : k % 3;
            gs.add(sequitur(x));
        }
        assertThat(roundTripAll(gs)).isEqualTo(gs);
        assertThat(roundTripAll(List.of())).isEmpty();
        assertThat(roundTripAll(List.of(Grammar.empty(), Grammar.empty()))).containsExactly(Grammar.empty(), Grammar.empty());
    }

    // ---- alphabets -----------------------------------------------------------------------

    static Alphabet alphabetRoundTrip(Alphabet a, boolean pairs) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.write(a, pairs, w);
        try {
            VarIntReader r = new VarIntReader(w.toByteArray(), "alphabet");
            Alphabet back = GrammarCodec.readAlphabet(r, pairs);
            r.expectEnd();
            return back;
        } catch (FormatException e) {
            throw new AssertionError(e);
        }
    }

    static void assertSameAlphabet(Alphabet back, Alphabet a, boolean pairs) {
        assertThat(back.size()).isEqualTo(a.size());
        for (int id = 0; id < a.size(); id++) {
            assertThat(back.first(id)).isEqualTo(a.first(id));
            assertThat(back.second(id)).isEqualTo(pairs ? a.second(id) : 0);
            assertThat(back.idOf(a.first(id), pairs ? a.second(id) : 0)).isEqualTo(id);
        }
    }

    @Property(tries = 200)
    void valueAlphabetsRoundTrip(@ForAll @Size(max = 400) List<Long> values) {
        Alphabet a = new Alphabet();
        for (long v : values) a.idOf(v);
        assertSameAlphabet(alphabetRoundTrip(a, false), a, false);
    }

    @Property(tries = 200)
    void pairAlphabetsRoundTrip(@ForAll @Size(max = 400) List<Long> firsts, @ForAll @IntRange(min = 0, max = 5) int secondRange) {
        Alphabet a = new Alphabet();
        Random rnd = new Random(firsts.hashCode());
        for (long v : firsts) a.idOf(v, secondRange == 0 ? rnd.nextLong() : rnd.nextInt(secondRange + 1));
        assertSameAlphabet(alphabetRoundTrip(a, true), a, true);
    }

    @Test
    void extremeAlphabetEntriesRoundTrip() {
        long[] vs = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1};
        Alphabet values = new Alphabet();
        Alphabet pairs = new Alphabet();
        for (long x : vs) {
            values.idOf(x);
            for (long y : vs) pairs.idOf(x, y);
        }
        assertSameAlphabet(alphabetRoundTrip(values, false), values, false);
        assertSameAlphabet(alphabetRoundTrip(pairs, true), pairs, true);
        assertSameAlphabet(alphabetRoundTrip(new Alphabet(), true), new Alphabet(), true);
    }

    @Test
    void duplicateAlphabetEntryIsRejected() {
        byte[] b = new VarIntWriter().writeVarLong(2).writeSignedVarLong(5).writeSignedVarLong(0).toByteArray();
        assertThatThrownBy(() -> GrammarCodec.readAlphabet(new VarIntReader(b, "alphabet"), false))
                .isInstanceOf(FormatException.class).hasMessageContaining("duplicate");
    }

    @Test
    void alphabetSizeBeyondTheBlockIsRejectedBeforeAllocating() {
        byte[] b = new VarIntWriter().writeVarLong(Integer.MAX_VALUE).toByteArray();
        assertThatThrownBy(() -> GrammarCodec.readAlphabet(new VarIntReader(b, "alphabet"), true))
                .isInstanceOf(FormatException.class).hasMessageContaining("alphabet size");
        byte[] c = {2, 2, 2}; // two pairs announced, one and a half present
        assertThatThrownBy(() -> GrammarCodec.readAlphabet(new VarIntReader(c, "alphabet"), true))
                .isInstanceOf(FormatException.class).hasMessageContaining("truncated");
    }
}
