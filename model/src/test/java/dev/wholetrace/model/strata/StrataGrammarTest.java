package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link StrataGrammar} as a grammar builder ({@code GrammarAlgorithm.STRATA}): the unfolded grammar
 * expands to exactly the input, also when it is frozen part way and the builder goes on, and its
 * stored form has the paths and runs the paper's algorithm gives.
 */
class StrataGrammarTest {

    @Provide
    Arbitrary<int[]> loops() {
        // Loop-shaped strings (what strata are for) mixed with noise: a body of 1..6 blocks repeated 1..40 times, many times.
        return Arbitraries.longs().map(seed -> {
            SplittableRandom r = new SplittableRandom(seed);
            int[] out = new int[r.nextInt(0, 3000)];
            int at = 0;
            while (at < out.length) {
                if (r.nextInt(5) == 0) {
                    out[at++] = r.nextInt(50);
                    continue;
                }
                int base = r.nextInt(40);
                int len = r.nextInt(1, 7);
                int trips = r.nextInt(1, 41);
                for (int t = 0; t < trips && at < out.length; t++) for (int k = 0; k < len && at < out.length; k++) out[at++] = base + k;
            }
            return out;
        });
    }

    private static void assertExpandsTo(Grammar g, int[] input) {
        assertThat(g.length()).isEqualTo(input.length);
        assertThat(g.expand()).isEqualTo(input);
    }

    @Property(tries = 300)
    void unfoldsToTheInput(@ForAll("loops") int[] input) {
        GrammarBuilder b = GrammarAlgorithm.STRATA.newBuilder();
        b.append(input, 0, input.length);
        assertThat(b.length()).isEqualTo(input.length);
        assertExpandsTo(b.toGrammar(), input);
    }

    /**
     * A recording's terminals start at 2^30 (path and word ids; {@code record --grammar strata}): the
     * builder maps them to dense ids, so its tables stay small (indexed by the terminals themselves
     * they took gigabytes), and the grammar is the dense input's with its terminals renamed.
     */
    @Property(tries = 100)
    void takesSparseTerminals(@ForAll("loops") int[] input) {
        // one to one: a third of the terminals far beyond the array-mapped range, a third just beyond it, a third within it
        int[] sparse = Arrays.stream(input).map(t -> t % 3 == 0 ? (1 << 30) + 7 * t : t % 3 == 1 ? t : (1 << 16) + t).toArray();
        GrammarBuilder b = GrammarAlgorithm.STRATA.newBuilder();
        b.append(sparse, 0, sparse.length);
        Grammar g = b.toGrammar();
        assertExpandsTo(g, sparse);
        assertThat(b.peakFootprintBytes()).isLessThan(4L << 20);
        GrammarBuilder dense = GrammarAlgorithm.STRATA.newBuilder();
        dense.append(input, 0, input.length);
        Grammar d = dense.toGrammar();
        assertThat(g.symbolCount()).isEqualTo(d.symbolCount());
        assertThat(g.ruleCount()).isEqualTo(d.ruleCount());
    }

    @Property(tries = 200)
    void staysUsableAfterFreezing(@ForAll("loops") int[] input, @ForAll @IntRange(min = 0, max = 3000) int cut) {
        int at = Math.min(cut, input.length);
        GrammarBuilder b = GrammarAlgorithm.STRATA.newBuilder();
        b.append(input, 0, at);
        assertExpandsTo(b.toGrammar(), Arrays.copyOf(input, at));
        b.append(input, at, input.length);
        assertExpandsTo(b.toGrammar(), input);
    }

    @Property(tries = 200)
    void pathsAndRunsAreThePapers(@ForAll("loops") int[] input) {
        StrataGrammar b = new StrataGrammar(GrammarAlgorithm.SEQUITUR.newBuilder(), StrataPipeline.DEFAULT_MAX_LENGTH);
        b.append(input, 0, input.length);
        StrataStream s = b.storedForm();
        // Every path is a cycle of distinct blocks, and the strata's elements, expanded, give back the input.
        long elements = 0;
        for (int p = 0; p < s.pathCount(); p++) {
            int[] blocks = new int[s.pathLength(p)];
            for (int i = 0; i < blocks.length; i++) blocks[i] = s.pathSymbol(p, i);
            assertThat(Arrays.stream(blocks).distinct().count()).isEqualTo(blocks.length);
        }
        for (int st = 0; st < s.stratumCount(); st++) elements += s.stratumLength(st);
        assertThat(elements).isEqualTo(b.symbolCount() - s.grammar().symbolCount() - pathElements(s));
        assertExpandsTo(s.unfold(), input);
    }

    private static long pathElements(StrataStream s) {
        long n = 0;
        for (int p = 0; p < s.pathCount(); p++) n += s.pathLength(p);
        return n;
    }

    @Test
    void aLoopIsOnePathWithATripCount() {
        int[] loop = new int[3 * 1000];
        for (int i = 0; i < loop.length; i++) loop[i] = i % 3;
        StrataGrammar b = new StrataGrammar(GrammarAlgorithm.SEQUITUR.newBuilder(), StrataPipeline.DEFAULT_MAX_LENGTH);
        b.append(loop, 0, loop.length);
        StrataStream s = b.storedForm();
        assertThat(s.pathCount()).isEqualTo(1);
        assertThat(s.stratumCount()).isEqualTo(1);
        assertThat(s.runCount()).isEqualTo(1);
        assertThat(Runs.trip(s.stratumElement(0, 0))).isEqualTo(1000);
        // The unfolded grammar is logarithmic in the trip count, not linear.
        Grammar g = s.unfold();
        assertThat(g.symbolCount()).isLessThan(40);
        assertExpandsTo(g, loop);
    }

    /**
     * Irregular strings: a random walk over 12 blocks, two successors each (branchy code in a
     * small loop nest). Paths come again often but rarely in a row, so layer 0's strata are
     * nearly all new: the lackey traces' case.
     */
    private static int[] irregular(long seed, int length) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] out = new int[length];
        int block = 0;
        for (int i = 0; i < length; i++) {
            block = (block * 7 + 1 + r.nextInt(2)) % 12;
            out[i] = block;
        }
        return out;
    }

    @Property(tries = 30)
    void bothLevelsUnfoldToTheInputAcrossTheDecision(@ForAll long seed, @ForAll @IntRange(min = 0, max = 200_000) int cut) {
        // Long enough that the level is chosen part way (DECIDE_AFTER path runs), frozen before or after that.
        int[] input = irregular(seed, 200_000);
        GrammarBuilder b = GrammarAlgorithm.STRATA.newBuilder();
        b.append(input, 0, cut);
        assertExpandsTo(b.toGrammar(), Arrays.copyOf(input, cut));
        b.append(input, cut, input.length);
        assertExpandsTo(b.toGrammar(), input);
    }

    @Test
    void irregularCodeStoresThePathsAndLoopsLayerZero() {
        int[] input = irregular(42, 400_000);
        StrataGrammar both = new StrataGrammar(GrammarAlgorithm.SEQUITUR.newBuilder(), GrammarAlgorithm.SEQUITUR.newBuilder(),
                StrataPipeline.DEFAULT_MAX_LENGTH);
        both.append(input, 0, input.length);
        StrataStream chosen = both.storedForm();
        StrataGrammar layer0 = new StrataGrammar(GrammarAlgorithm.SEQUITUR.newBuilder(), StrataPipeline.DEFAULT_MAX_LENGTH);
        layer0.append(input, 0, input.length);
        StrataStream layer = layer0.storedForm();
        // The paths: every stratum one [path, trip] pair, run once per use; fewer symbols than layer 0 holds.
        for (int s = 0; s < chosen.stratumCount(); s++) assertThat(chosen.stratumLength(s)).isEqualTo(1);
        for (int t = 0; t < chosen.runCount(); t++) assertThat(Runs.trip(chosen.run(t))).isEqualTo(1);
        assertThat((long) chosen.grammar().symbolCount() + chosen.stratumCount())
                .isLessThan(layer.grammar().symbolCount() + storedElements(layer));
        assertExpandsTo(chosen.unfold(), input);

        int[] loop = new int[100_000];
        for (int i = 0; i < loop.length; i++) loop[i] = i % 5 == 4 && i % 1000 >= 500 ? 9 : i % 5;
        StrataGrammar onLoops = new StrataGrammar(GrammarAlgorithm.SEQUITUR.newBuilder(), GrammarAlgorithm.SEQUITUR.newBuilder(),
                StrataPipeline.DEFAULT_MAX_LENGTH);
        onLoops.append(loop, 0, loop.length);
        StrataStream loops = onLoops.storedForm();
        assertThat(loops.stratumLength(0)).isGreaterThan(1); // layer 0's strata: cycles of several paths
        assertExpandsTo(loops.unfold(), loop);
    }

    private static long storedElements(StrataStream s) {
        long n = 0;
        for (int k = 0; k < s.stratumCount(); k++) n += s.stratumLength(k);
        return n;
    }

    @Test
    void emptyInput() {
        GrammarBuilder b = GrammarAlgorithm.STRATA.newBuilder();
        assertExpandsTo(b.toGrammar(), new int[0]);
        b.append(7);
        assertExpandsTo(b.toGrammar(), new int[] {7});
    }
}
