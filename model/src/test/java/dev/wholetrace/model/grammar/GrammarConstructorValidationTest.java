package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@code new Grammar(offsets, body)} accepts exactly the valid straight-line grammars. */
class GrammarConstructorValidationTest {

    private static final int R0 = Grammar.ref(0);
    private static final int R1 = Grammar.ref(1);
    private static final int R2 = Grammar.ref(2);

    private static void rejects(int[] offsets, int[] body) {
        assertThatThrownBy(() -> new Grammar(offsets, body)).isInstanceOf(IllegalArgumentException.class);
    }

    /** {@code grammar} is {offsets, body}. */
    private static void rejects(int[][] grammar) {
        rejects(grammar[0], grammar[1]);
    }

    @Test
    void offsetsMustCoverTheBody() {
        rejects(new int[0], new int[0]);
        rejects(new int[] {0}, new int[0]);
        rejects(new int[] {1, 2}, new int[] {5, 6});
        rejects(new int[] {0, 1}, new int[] {5, 6});
        rejects(new int[] {0, 3}, new int[] {5, 6});
        rejects(new int[] {0, 2, 1, 3}, new int[] {5, 6, 7}); // rule 1 would have length -1
        rejects(new int[] {0, 5, 2}, new int[] {5, 6}); // interior offset past the end
    }

    @Test
    void negativeInteriorOffsetIsRejected() {
        rejects(new int[] {0, -1, 1}, new int[] {5});
        rejects(new int[] {0, -1, 2}, new int[] {5, 6});
    }

    @Test
    void ruleMayNotReferenceItself() {
        rejects(new int[] {0, 1}, new int[] {R0});
        rejects(new int[] {0, 1, 3}, new int[] {R1, 5, R1});
    }

    @Test
    void ruleMayNotReferenceAnEarlierRule() {
        rejects(new int[] {0, 2, 4}, new int[] {R1, R1, 7, R0});
        rejects(new int[] {0, 1, 2, 3}, new int[] {R1, R2, R1});
    }

    @Test
    void referenceMustNameAnExistingRule() {
        rejects(new int[] {0, 1}, new int[] {R1});
        rejects(new int[] {0, 2, 3}, new int[] {R1, R2, 4});
        rejects(new int[] {0, 1}, new int[] {Integer.MIN_VALUE});
        rejects(new int[] {0, 1, 2}, new int[] {Grammar.ref((1 << 30) + 5), 3});
    }

    /** rule k -> R(k+1) R(k+1), last rule -> t: rule 0 expands to 2^(rules - 1) terminals. */
    private static int[][] doubling(int rules) {
        int[] offsets = new int[rules + 1];
        int[] body = new int[2 * rules - 1];
        for (int k = 0; k < rules - 1; k++) {
            offsets[k] = 2 * k;
            body[2 * k] = Grammar.ref(k + 1);
            body[2 * k + 1] = Grammar.ref(k + 1);
        }
        offsets[rules - 1] = 2 * rules - 2;
        body[2 * rules - 2] = 9;
        offsets[rules] = 2 * rules - 1;
        return new int[][] {offsets, body};
    }

    @Test
    void expandedLengthMayNotOverflow() {
        int[][] ok = doubling(63); // 2^62 terminals
        assertThat(new Grammar(ok[0], ok[1]).length()).isEqualTo(1L << 62);
        int[][] tooLong = doubling(64); // 2^63 terminals
        rejects(tooLong[0], tooLong[1]);
        // Three copies of a 2^62 rule: the running sum passes 2^63 at the second copy.
        rejects(prepend(new int[] {R1, R1, R1}, ok));
        rejects(prepend(new int[] {R1, 3, R1}, ok));
    }

    /** A terminal in front of a rule of Long.MAX_VALUE terminals overflows. */
    @Test
    void terminalBeforeAMaximalRuleOverflows() {
        rejects(prepend(new int[] {3, R1}, GrammarDeepAndHugeTest.ruler(63)));
    }

    @Test
    void terminalAfterAMaximalRuleOverflows() {
        rejects(prepend(new int[] {R1, 3}, GrammarDeepAndHugeTest.ruler(63)));
    }

    /**
     * A new start rule with body {@code start} in front of {@code g}'s rules (renumbered up by one),
     * as {offsets, body}; {@code start} refers to g's start rule as R1.
     */
    private static int[][] prepend(int[] start, int[][] g) {
        return prepend(start, g[0], g[1]);
    }

    private static int[][] prepend(int[] start, Grammar g) {
        int[] offsets = new int[g.ruleCount() + 1];
        int[] body = new int[g.symbolCount()];
        int p = 0;
        for (int r = 0; r < g.ruleCount(); r++) {
            offsets[r] = p;
            for (int s : g.body(r)) body[p++] = s;
        }
        offsets[g.ruleCount()] = p;
        return prepend(start, offsets, body);
    }

    private static int[][] prepend(int[] start, int[] offsets, int[] body) {
        int rules = offsets.length - 1;
        int[] newOffsets = new int[rules + 2];
        int[] newBody = new int[start.length + body.length];
        System.arraycopy(start, 0, newBody, 0, start.length);
        for (int i = 0; i < body.length; i++) {
            int s = body[i];
            newBody[start.length + i] = Grammar.isRule(s) ? Grammar.ref(Grammar.ruleOf(s) + 1) : s;
        }
        for (int r = 0; r <= rules; r++) newOffsets[r + 1] = start.length + offsets[r];
        return new int[][] {newOffsets, newBody};
    }

    @Test
    void validEdgeCasesAreAccepted() {
        // the empty grammar, a rule nobody uses, an empty non-start rule, a rule used once
        assertThat(new Grammar(new int[] {0, 0}, new int[0]).length()).isZero();
        assertThat(new Grammar(new int[] {0, 1, 3}, new int[] {4, 5, 6}).expand()).containsExactly(4);
        Grammar withEmpty = new Grammar(new int[] {0, 4, 4}, new int[] {R1, 7, R1, 8});
        assertThat(withEmpty.expand()).containsExactly(7, 8);
        assertThat(withEmpty.terminalAt(0)).isEqualTo(7);
        assertThat(withEmpty.terminalAt(1)).isEqualTo(8);
        assertThat(withEmpty.expander(1).next()).isEqualTo(8);
        Grammar usedOnce = new Grammar(new int[] {0, 2, 4}, new int[] {1, R1, 2, Integer.MAX_VALUE});
        assertThat(usedOnce.expand()).containsExactly(1, 2, Integer.MAX_VALUE);
        assertThat(usedOnce.toString()).isEqualTo("R0 -> 1 R1\nR1 -> 2 " + Integer.MAX_VALUE + "\n");
    }

    @Test
    void emptyGrammar() {
        Grammar g = Grammar.empty();
        assertThat(g.length()).isZero();
        assertThat(g.ruleCount()).isEqualTo(1);
        assertThat(g.symbolCount()).isZero();
        assertThat(g.depth()).isEqualTo(1);
        assertThat(g.expand()).isEmpty();
        assertThat(g.expander().hasNext()).isFalse();
        assertThat(g.expander(0).remaining()).isZero();
        assertThat(g).isEqualTo(Grammar.empty()).hasSameHashCodeAs(Grammar.empty());
        assertThatThrownBy(() -> g.terminalAt(0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void referenceEncodingRoundTrips() {
        for (int r : new int[] {0, 1, 2, 1000, (1 << 30) - 1, Integer.MAX_VALUE}) {
            assertThat(Grammar.isRule(Grammar.ref(r))).isTrue();
            assertThat(Grammar.ruleOf(Grammar.ref(r))).isEqualTo(r);
        }
        for (int t : new int[] {0, 1, Integer.MAX_VALUE}) assertThat(Grammar.isRule(t)).isFalse();
    }
}
