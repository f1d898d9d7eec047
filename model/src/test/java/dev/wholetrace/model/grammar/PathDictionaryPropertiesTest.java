package dev.wholetrace.model.grammar;

import dev.wholetrace.model.util.SequenceHash;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Example;

/**
 * Folding a terminal string into paths before SEQUITUR and unfolding the grammar afterwards gives a
 * grammar of exactly the original string, whatever the cuts; each distinct path is stored once.
 */
class PathDictionaryPropertiesTest {

    @Property(tries = 300)
    void unfoldingGivesBackTheString(@ForAll("strings") int[] terminals, @ForAll("cuts") int[] cutLengths) {
        PathDictionary paths = new PathDictionary();
        SequiturGrammar sequitur = new SequiturGrammar();
        int at = 0;
        for (int k = 0; at < terminals.length; k++) {
            int length = Math.min(cutLengths[k % cutLengths.length], terminals.length - at);
            int[] path = java.util.Arrays.copyOfRange(terminals, at, at + length);
            sequitur.append(length == 1 ? path[0] : PathDictionary.terminal(paths.intern(path, length)));
            at += length;
        }
        Grammar g = paths.unfold(sequitur.toGrammar());
        assertThat(g.expand()).containsExactly(terminals);
        assertThat(g.maxTerminal()).isLessThan(PathDictionary.BASE);
        for (int use : java.util.Arrays.copyOfRange(g.referenceCounts(), 1, g.ruleCount())) {
            assertThat(use).as("a rule used once is spliced in").isGreaterThanOrEqualTo(2);
        }
    }

    @Example
    void aRepeatedPathIsInternedOnceAndBecomesOneRule() {
        PathDictionary paths = new PathDictionary();
        int loop = paths.intern(new int[] {4, 5, 6}, 3);
        assertThat(paths.intern(new int[] {4, 5, 6, 99}, 3)).isEqualTo(loop);
        int other = paths.intern(new int[] {4, 5}, 2);
        assertThat(other).isNotEqualTo(loop);
        assertThat(paths.size()).isEqualTo(2);
        assertThat(paths.symbolCount()).isEqualTo(5);

        SequiturGrammar sequitur = new SequiturGrammar();
        for (int i = 0; i < 1000; i++) sequitur.append(PathDictionary.terminal(loop));
        sequitur.append(PathDictionary.terminal(other));
        Grammar g = paths.unfold(sequitur.toGrammar());
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 1000; i++) expected.addAll(List.of(4, 5, 6));
        expected.addAll(List.of(4, 5));
        assertThat(g.expand()).containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
        // The loop body is one rule; the path used once is spliced into the start rule.
        long loopRules = java.util.stream.IntStream.range(0, g.ruleCount())
                .filter(r -> java.util.Arrays.equals(g.body(r), new int[] {4, 5, 6})).count();
        assertThat(loopRules).isEqualTo(1);
        assertThat(g.body(0)).endsWith(4, 5);
    }

    /** A hash kept symbol by symbol, as the recorder's control encoder keeps it, interns as the content's own hash. */
    @Property(tries = 300)
    void theKeptHashIsTheHashOfTheContent(@ForAll("strings") int[] terminals, @ForAll("cuts") int[] cutLengths) {
        PathDictionary kept = new PathDictionary();
        PathDictionary fresh = new PathDictionary();
        int at = 0;
        for (int k = 0; at < terminals.length; k++) {
            int length = Math.min(cutLengths[k % cutLengths.length], terminals.length - at);
            int[] path = java.util.Arrays.copyOfRange(terminals, at, at + length);
            long h = SequenceHash.SEED;
            for (int s : path) h = SequenceHash.step(h, s);
            assertThat(h).isEqualTo(SequenceHash.hash(path, length));
            assertThat(kept.intern(path, length, h)).isEqualTo(fresh.intern(path, length));
            at += length;
        }
        assertThat(kept.size()).isEqualTo(fresh.size());
    }

    /** A caller's wrong hash would give a path a second index: refused (assertions on, as in the tests). */
    @Example
    void aWrongKeptHashIsCaught() {
        PathDictionary paths = new PathDictionary();
        int[] path = {1, 2, 3};
        paths.intern(path, 3);
        assertThatThrownBy(() -> paths.intern(path, 3, SequenceHash.hash(path, 2))).isInstanceOf(AssertionError.class).hasMessageContaining("kept hash");
    }

    @Example
    void clearForgetsEveryPath() {
        PathDictionary paths = new PathDictionary();
        for (int i = 0; i < 500; i++) paths.intern(new int[] {i, i + 1}, 2);
        assertThat(paths.size()).isEqualTo(500);
        paths.clear();
        assertThat(paths.size()).isZero();
        assertThat(paths.intern(new int[] {7, 8}, 2)).isZero();
    }

    @Provide
    Arbitrary<int[]> strings() {
        // Small alphabets and loops, so that paths repeat.
        return Arbitraries.integers().between(0, 5).array(int[].class).ofMinSize(1).ofMaxSize(400);
    }

    @Provide
    Arbitrary<int[]> cuts() {
        return Arbitraries.integers().between(1, 9).array(int[].class).ofMinSize(1).ofMaxSize(7);
    }
}
