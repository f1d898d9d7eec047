package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link TerminalCounts} — how a segment finds where an instruction's address stream stands —
 * against counting occurrences in the expansion, for every terminal (and one that never occurs)
 * and every position, including those before the start and past the end.
 */
class TerminalCountsPropertiesTest {

    @Property(tries = 150)
    void countBeforeEqualsCountingTheExpansion(@ForAll("strings") int[] input) {
        Grammar g = GrammarTestSupport.build(input).toGrammar();
        int[] w = g.expand();
        for (int terminal = 0; terminal <= 6; terminal++) { // 6 never occurs
            TerminalCounts c = new TerminalCounts(g, terminal);
            long seen = 0;
            for (int p = 0; p <= w.length; p++) {
                assertThat(c.countBefore(p)).as("terminal %d before %d", terminal, p).isEqualTo(seen);
                if (p < w.length && w[p] == terminal) seen++;
            }
            assertThat(c.total()).isEqualTo(seen);
            assertThat(c.countBefore(-1)).isZero();
            assertThat(c.countBefore(w.length + 10L)).isEqualTo(seen);
        }
    }

    @Provide
    Arbitrary<int[]> strings() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(0, 5).array(int[].class).ofMaxSize(150),
                Arbitraries.integers().between(0, 2).array(int[].class).ofMinSize(1).ofMaxSize(12)
                        .map(p -> {
                            int[] out = new int[p.length * 9];
                            for (int i = 0; i < out.length; i++) out[i] = p[i % p.length];
                            return out;
                        }));
    }
}
