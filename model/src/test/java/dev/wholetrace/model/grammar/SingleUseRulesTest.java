package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** {@link SingleUseRules}: the expansion is unchanged and no rule but the start rule is referenced once. */
class SingleUseRulesTest {

    /** Random rule DAGs: rule k references only rules above k, each reference count 0..3. */
    private static Grammar randomDag(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = r.nextInt(1, 40);
        int[][] bodies = new int[n][];
        for (int k = n - 1; k >= 0; k--) {
            int len = r.nextInt(1, 6);
            bodies[k] = new int[len];
            for (int i = 0; i < len; i++) {
                bodies[k][i] = k + 1 < n && r.nextInt(3) > 0 ? Grammar.ref(r.nextInt(k + 1, n)) : r.nextInt(20);
            }
        }
        return Grammar.fromRules(bodies);
    }

    @Property(tries = 500)
    void keepsTheExpansionAndLeavesNoRuleUsedOnce(@ForAll long seed) {
        Grammar g = randomDag(seed);
        Grammar inlined = SingleUseRules.inline(g);
        assertThat(inlined.expand()).isEqualTo(g.expand());
        int[] uses = inlined.referenceCounts();
        for (int r = 1; r < uses.length; r++) assertThat(uses[r]).as("rule %d", r).isGreaterThan(1);
        assertThat(inlined.symbolCount()).isLessThanOrEqualTo(g.symbolCount());
    }

    @Test
    void aChainOfSingleUsesBecomesTheStartRule() {
        // S -> A x, A -> B y, B -> C z, C -> w: all used once.
        Grammar g = Grammar.fromRules(new int[][] {{Grammar.ref(1), 9}, {Grammar.ref(2), 8}, {Grammar.ref(3), 7}, {6}});
        Grammar inlined = SingleUseRules.inline(g);
        assertThat(inlined.ruleCount()).isEqualTo(1);
        assertThat(inlined.body(0)).containsExactly(6, 7, 8, 9);
    }

    @Test
    void aGrammarWithoutSingleUsesIsKept() {
        Grammar g = Grammar.fromRules(new int[][] {{Grammar.ref(1), Grammar.ref(1)}, {1, 2}});
        assertThat(SingleUseRules.inline(g)).isSameAs(g);
    }
}
