package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link GrammarJoin}: the joined grammar expands to the appended grammars' expansions one after
 * another (terminals mapped), and what several grammars built alike is stored once.
 */
class GrammarJoinTest {

    private static Grammar build(GrammarAlgorithm algorithm, int[] input) {
        GrammarBuilder b = algorithm.newBuilder();
        for (int s : input) b.append(s);
        return b.toGrammar();
    }

    @Test
    void identicalChunksShareTheirRules() {
        int[] loop = IntStream.range(0, 4000).map(i -> i % 7 == 6 ? 9 : i % 3).toArray();
        Grammar one = build(GrammarAlgorithm.SEQUITUR, loop);
        GrammarJoin join = new GrammarJoin();
        for (int k = 0; k < 10; k++) join.append(one, t -> t);
        Grammar joined = join.toGrammar();
        int[] expected = new int[loop.length * 10];
        for (int k = 0; k < 10; k++) System.arraycopy(loop, 0, expected, k * loop.length, loop.length);
        assertThat(joined.expand()).isEqualTo(expected);
        // the ten copies of the start rule become a few rules over one copy of the chunk's rules
        assertThat(joined.symbolCount()).isLessThan(one.symbolCount() + 3 * one.bodyLength(0));
    }

    @Test
    void mapsTerminalsAndSkipsEmptyGrammars() {
        Grammar g = build(GrammarAlgorithm.REPAIR, new int[] {1, 2, 1, 2, 1, 2, 3, 1, 2, 1, 2});
        GrammarJoin join = new GrammarJoin();
        join.append(g, t -> t + 10);
        join.append(Grammar.empty(), t -> t);
        join.append(build(GrammarAlgorithm.SEQUITUR, new int[] {5}), t -> t);
        assertThat(join.toGrammar().expand()).containsExactly(11, 12, 11, 12, 11, 12, 13, 11, 12, 11, 12, 5);
        assertThat(new GrammarJoin().toGrammar().length()).isZero();
        assertThatThrownBy(() -> join.append(g, t -> -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void terminalsAtTheEndOfTheIntRangeAreJoinedWithoutRePair() {
        Grammar g = build(GrammarAlgorithm.SEQUITUR, new int[] {Integer.MAX_VALUE, 0, Integer.MAX_VALUE, 0, Integer.MAX_VALUE, 0});
        GrammarJoin join = new GrammarJoin();
        join.append(g, t -> t);
        join.append(g, t -> t);
        assertThat(join.toGrammar().expand()).containsExactly(Integer.MAX_VALUE, 0, Integer.MAX_VALUE, 0, Integer.MAX_VALUE, 0,
                Integer.MAX_VALUE, 0, Integer.MAX_VALUE, 0, Integer.MAX_VALUE, 0);
    }

    @Test
    void differentlyMappedCopiesKeepTheirOwnRules() {
        int[] loop = IntStream.range(0, 16384).map(i -> i % 5).toArray();
        Grammar one = build(GrammarAlgorithm.SEQUITUR, loop);
        GrammarJoin join = new GrammarJoin();
        join.append(one, t -> t);
        join.append(one, t -> t + 1);
        Grammar joined = join.toGrammar();
        int[] expected = new int[2 * loop.length];
        for (int i = 0; i < loop.length; i++) {
            expected[i] = loop[i];
            expected[loop.length + i] = loop[i] + 1;
        }
        assertThat(joined.expand()).isEqualTo(expected);
        assertThat(joined.symbolCount()).isLessThan(3 * one.symbolCount());
    }

    @Property(tries = 200)
    void expandsToTheConcatenation(@ForAll("chunks") List<int[]> chunks, @ForAll boolean repair) {
        GrammarJoin join = new GrammarJoin();
        List<Integer> expected = new ArrayList<>();
        for (int[] c : chunks) {
            Grammar g = build(repair ? GrammarAlgorithm.REPAIR : GrammarAlgorithm.SEQUITUR, c);
            assertThat(g.expand()).isEqualTo(c);
            join.append(g, t -> 2 * t);
            for (int s : c) expected.add(2 * s);
        }
        Grammar joined = join.toGrammar();
        int[] want = expected.stream().mapToInt(Integer::intValue).toArray();
        assertThat(joined.expand()).as("%s", chunks.stream().map(Arrays::toString).toList()).isEqualTo(want);
        for (int i = 0; i < want.length; i += Math.max(1, want.length / 13)) assertThat(joined.terminalAt(i)).isEqualTo(want[i]);
    }

    @Provide
    Arbitrary<List<int[]>> chunks() {
        Arbitrary<int[]> chunk = Arbitraries.oneOf(
                GrammarInputs.smallAlphabet(),
                Arbitraries.integers().between(1, 40).flatMap(times -> Arbitraries.integers().between(0, 3)
                        .array(int[].class).ofMinSize(1).ofMaxSize(6)
                        .map(p -> GrammarInputs.repeatedWithNoise(p, times, times))));
        return chunk.list().ofMinSize(0).ofMaxSize(8);
    }
}
