package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Grammars far outside what recursion or arrays could handle: a derivation 100,000 rules deep,
 * and expansions of 2^62 and 2^63 - 1 terminals. Expansion, seeking and random access must be
 * iterative and must not materialise the expansion.
 */
class GrammarDeepAndHugeTest {
    private static final int DEEP = 100_000;

    /** Rule k -> k R(k+1) for k &lt; n-1, rule n-1 -> n-1: expands to 0, 1, ..., n-1. */
    static Grammar rightChain(int n) {
        int[] offsets = new int[n + 1];
        int[] body = new int[2 * n - 1];
        int p = 0;
        for (int k = 0; k < n; k++) {
            offsets[k] = p;
            body[p++] = k;
            if (k < n - 1) body[p++] = Grammar.ref(k + 1);
        }
        offsets[n] = p;
        return new Grammar(offsets, body);
    }

    /** Rule k -> R(k+1) k for k &lt; n-1, rule n-1 -> n-1: expands to n-1, ..., 1, 0. */
    static Grammar leftChain(int n) {
        int[] offsets = new int[n + 1];
        int[] body = new int[2 * n - 1];
        int p = 0;
        for (int k = 0; k < n; k++) {
            offsets[k] = p;
            if (k < n - 1) body[p++] = Grammar.ref(k + 1);
            body[p++] = k;
        }
        offsets[n] = p;
        return new Grammar(offsets, body);
    }

    @Test
    void deepRightChainExpandsIteratively() {
        Grammar g = rightChain(DEEP);
        assertThat(g.depth()).isEqualTo(DEEP);
        assertThat(g.length()).isEqualTo(DEEP);
        int[] all = g.expand();
        for (int i = 0; i < DEEP; i++) assertThat(all[i]).isEqualTo(i);
        GrammarExpander e = g.expander();
        for (int i = 0; i < DEEP; i++) {
            if (e.next() != i) throw new AssertionError("next() at " + i);
        }
        assertThat(e.hasNext()).isFalse();
        for (long i : new long[] {0, 1, 2, 4_999, 50_000, DEEP - 2, DEEP - 1}) {
            assertThat(g.terminalAt(i)).isEqualTo((int) i);
        }
        assertSeekReadsSuffix(g, all);
    }

    @Test
    void deepLeftChainExpandsIteratively() {
        Grammar g = leftChain(DEEP);
        assertThat(g.depth()).isEqualTo(DEEP);
        int[] all = g.expand();
        for (int i = 0; i < DEEP; i++) assertThat(all[i]).isEqualTo(DEEP - 1 - i);
        for (long i : new long[] {0, 1, 777, 50_000, DEEP - 1}) {
            assertThat(g.terminalAt(i)).isEqualTo(DEEP - 1 - (int) i);
        }
        assertSeekReadsSuffix(g, all);
    }

    @Test
    void deepGrammarSupportsTheRestOfTheApi() {
        Grammar g = rightChain(DEEP);
        Grammar same = rightChain(DEEP);
        assertThat(g).isEqualTo(same);
        assertThat(g.hashCode()).isEqualTo(same.hashCode());
        assertThat(g.toString()).startsWith("R0 -> 0 R1\nR1 -> 1 R2\n").endsWith("R99999 -> 99999\n");
        int[] uses = g.referenceCounts();
        assertThat(uses[0]).isZero();
        for (int r = 1; r < DEEP; r++) assertThat(uses[r]).isEqualTo(1);
        assertThat(g.expandedLength(DEEP / 2)).isEqualTo(DEEP - DEEP / 2);
    }

    private static void assertSeekReadsSuffix(Grammar g, int[] all) {
        for (int from : new int[] {0, 1, 12_345, all.length / 2, all.length - 1, all.length}) {
            GrammarExpander e = g.expander(from);
            assertThat(e.remaining()).isEqualTo(all.length - from);
            int[] out = new int[all.length - from];
            assertThat(e.read(out, 0, out.length)).isEqualTo(out.length);
            for (int i = 0; i < out.length; i++) {
                if (out[i] != all[from + i]) throw new AssertionError("seek " + from + ", offset " + i);
            }
            assertThat(e.hasNext()).isFalse();
        }
        // next() right after a deep seek
        GrammarExpander e = g.expander(all.length - 3);
        assertThat(new int[] {e.next(), e.next(), e.next()})
                .containsExactly(all[all.length - 3], all[all.length - 2], all[all.length - 1]);
    }

    /**
     * The "ruler" grammar: rule k -> R(k+1) k R(k+1) for k &lt; n-1 and rule n-1 -> n-1. Rule 0
     * expands to 2^n - 1 terminals, and position i holds n - 1 - (trailing zeros of i + 1).
     */
    static Grammar ruler(int n) {
        int[] offsets = new int[n + 1];
        int[] body = new int[3 * n - 2];
        int p = 0;
        for (int k = 0; k < n; k++) {
            offsets[k] = p;
            if (k < n - 1) {
                body[p++] = Grammar.ref(k + 1);
                body[p++] = k;
                body[p++] = Grammar.ref(k + 1);
            } else {
                body[p++] = k;
            }
        }
        offsets[n] = p;
        return new Grammar(offsets, body);
    }

    private static int rulerAt(int n, long i) {
        return n - 1 - Long.numberOfTrailingZeros(i + 1);
    }

    @Test
    void rulerFormulaHoldsOnASmallInstance() {
        Grammar g = ruler(5);
        int[] all = g.expand();
        assertThat(all).hasSize(31);
        for (int i = 0; i < all.length; i++) assertThat(all[i]).isEqualTo(rulerAt(5, i));
    }

    @Test
    void hugeExpansionHasRandomAccessAndSeek() {
        int n = 62;
        Grammar g = ruler(n);
        long length = (1L << n) - 1;
        assertThat(g.length()).isEqualTo(length);
        assertThat(g.depth()).isEqualTo(n);
        assertThatThrownBy(g::expand).isInstanceOf(IllegalStateException.class);
        Random rnd = new Random(11);
        for (int k = 0; k < 2000; k++) {
            long i = k < 4 ? new long[] {0, 1, length / 2, length - 1}[k] : (rnd.nextLong() >>> 2) % length;
            assertThat(g.terminalAt(i)).as("terminalAt(%d)", i).isEqualTo(rulerAt(n, i));
        }
        for (long from : new long[] {0, 3, length / 3, length - 100, length - 1}) {
            GrammarExpander e = g.expander(from);
            assertThat(e.remaining()).isEqualTo(length - from);
            int[] out = new int[100];
            int got = e.read(out, 0, 100);
            assertThat(got).isEqualTo((int) Math.min(100, length - from));
            for (int j = 0; j < got; j++) assertThat(out[j]).isEqualTo(rulerAt(n, from + j));
        }
        assertThat(g.expander(length).hasNext()).isFalse();
    }

    /** 63 levels expand to exactly Long.MAX_VALUE terminals: the largest length accepted. */
    @Test
    void expansionOfLongMaxValueTerminalsIsAccepted() {
        Grammar g = ruler(63);
        assertThat(g.length()).isEqualTo(Long.MAX_VALUE);
        assertThat(g.terminalAt(Long.MAX_VALUE - 1)).isEqualTo(rulerAt(63, Long.MAX_VALUE - 1));
        assertThat(g.terminalAt((1L << 62) - 1)).isEqualTo(0);
        GrammarExpander e = g.expander(Long.MAX_VALUE - 2);
        assertThat(e.remaining()).isEqualTo(2);
        assertThat(e.next()).isEqualTo(rulerAt(63, Long.MAX_VALUE - 2));
        assertThat(e.next()).isEqualTo(rulerAt(63, Long.MAX_VALUE - 1));
        assertThat(e.hasNext()).isFalse();
        assertThat(g.expander(Long.MAX_VALUE).hasNext()).isFalse();
    }
}
