package dev.wholetrace.analysis.deps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.SequiturGrammar;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The grammar descents counted recovery rests on, against the expansion: {@link
 * WeightedGrammar#selectTerminals} (one shared descent for many ranks: sorted, with repeats,
 * spread over several of the start rule's symbols, and a sub-range of the array) must give what
 * {@link WeightedGrammar#selectTerminal} gives rank by rank, and both the expansion's k-th picked
 * terminal; {@link PickedWalk} must return the picked terminals in order, each with its position
 * and its {@link PickedWalk#rank} (the terminals another summary picks before it).
 */
class WeightedGrammarPropertiesTest {

    @Property(tries = 200)
    void selectTerminalsEqualsSelectTerminalPerRank(@ForAll("strings") int[] input, @ForAll long seed) {
        Random rnd = new Random(seed);
        Grammar g = build(input);
        boolean[] picked = picks(rnd);
        WeightedGrammar w = new WeightedGrammar(g, picked);
        int[] pickedTerminals = Arrays.stream(g.expand()).filter(t -> t < picked.length && picked[t]).toArray();
        assertThat(w.total()).isEqualTo(pickedTerminals.length);
        if (w.total() == 0) return;
        int n = 1 + rnd.nextInt(40);
        long[] ks = new long[n];
        for (int i = 0; i < n; i++) ks[i] = rnd.nextInt(4) == 0 && i > 0 ? ks[i - 1] : rnd.nextInt(pickedTerminals.length); // repeats
        if (rnd.nextBoolean()) { // every rank once: spans every symbol of the start rule that holds one
            ks = new long[pickedTerminals.length];
            for (int i = 0; i < ks.length; i++) ks[i] = i;
        }
        Arrays.sort(ks);
        int from = rnd.nextInt(ks.length);
        int to = from + rnd.nextInt(ks.length - from + 1);
        int[] out = new int[ks.length];
        Arrays.fill(out, -1);
        w.selectTerminals(ks, from, to, out);
        for (int i = 0; i < ks.length; i++) {
            if (i < from || i >= to) {
                assertThat(out[i]).as("outside [%d, %d): index %d untouched", from, to, i).isEqualTo(-1);
                continue;
            }
            assertThat(out[i]).as("rank %d", ks[i]).isEqualTo(w.selectTerminal(ks[i])).isEqualTo(pickedTerminals[(int) ks[i]]);
        }
    }

    @Property(tries = 200)
    void pickedWalkRanksByTheCountedSummary(@ForAll("strings") int[] input, @ForAll long seed) {
        Random rnd = new Random(seed);
        Grammar g = build(input);
        boolean[] walked = picks(rnd);
        boolean[] counted = picks(rnd);
        PickedWalk walk = new PickedWalk(g, new WeightedGrammar(g, walked), new WeightedGrammar(g, counted));
        int[] expansion = g.expand();
        long before = 0;
        for (int p = 0; p < expansion.length; p++) {
            int t = expansion[p];
            if (t < walked.length && walked[t]) {
                assertThat(walk.next()).as("terminal at %d", p).isEqualTo(t);
                assertThat(walk.position()).isEqualTo(p);
                assertThat(walk.rank()).as("counted terminals before %d", p).isEqualTo(before);
            }
            if (t < counted.length && counted[t]) before++;
        }
        assertThat(walk.next()).isEqualTo(-1);
    }

    private static Grammar build(int[] input) {
        SequiturGrammar b = new SequiturGrammar();
        for (int t : input) b.append(t);
        return b.toGrammar();
    }

    /** A random choice of picked terminals among 0..5; the array is sometimes shorter (terminals past it are not picked). */
    private static boolean[] picks(Random rnd) {
        boolean[] picked = new boolean[rnd.nextInt(7)];
        for (int t = 0; t < picked.length; t++) picked[t] = rnd.nextBoolean();
        return picked;
    }

    @Provide
    Arbitrary<int[]> strings() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(0, 5).array(int[].class).ofMinSize(1).ofMaxSize(300),
                // repetitive: deep rules, so descents go several levels down
                Arbitraries.integers().between(0, 2).array(int[].class).ofMinSize(1).ofMaxSize(8)
                        .map(p -> {
                            int[] out = new int[p.length * 40];
                            for (int i = 0; i < out.length; i++) out[i] = p[i % p.length];
                            return out;
                        }));
    }
}
