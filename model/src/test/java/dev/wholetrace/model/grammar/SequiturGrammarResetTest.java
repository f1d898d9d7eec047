package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link SequiturGrammar#reset}: after any first string (long ones grow the arrays, a short next
 * string makes them shrink), the next string gives exactly the grammar a new builder gives, and
 * the builder's invariants hold; nothing of the first string leaks into the second.
 */
class SequiturGrammarResetTest {

    @Property(tries = 200)
    void resetBuilderBuildsWhatANewOneBuilds(@ForAll("strings") int[] first, @ForAll("strings") int[] second) {
        SequiturGrammar reused = GrammarTestSupport.build(first);
        reused.toGrammar();
        assertThat(reused.reset()).isTrue();
        assertThat(reused.length()).isZero();
        assertThat(reused.symbolCount()).isZero();
        assertThat(reused.ruleCount()).isEqualTo(1);
        reused.append(second, 0, second.length);
        assertThat(GrammarInvariants.violations(reused)).isEmpty();
        assertThat(reused.toGrammar()).isEqualTo(GrammarTestSupport.build(second).toGrammar());
        assertThat(reused.toGrammar().expand()).containsExactly(second);
    }

    @Property(tries = 30)
    void manyResetsInARow(@ForAll("strings") int[] a, @ForAll("strings") int[] b) {
        SequiturGrammar reused = new SequiturGrammar();
        for (int round = 0; round < 6; round++) {
            int[] s = round % 2 == 0 ? a : b;
            reused.append(s, 0, s.length);
            assertThat(reused.toGrammar()).isEqualTo(GrammarTestSupport.build(s).toGrammar());
            reused.reset();
        }
    }

    /** Short and long strings over small and large alphabets, so both the in-place and the shrinking reset run. */
    @Provide
    Arbitrary<int[]> strings() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(0, 3).array(int[].class).ofMaxSize(40),
                Arbitraries.integers().between(0, 5).array(int[].class).ofMinSize(500).ofMaxSize(4000),
                Arbitraries.integers().between(0, 1 << 20).array(int[].class).ofMaxSize(2000));
    }
}
