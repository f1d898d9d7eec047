package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The builder's public surface: argument checks, counters, bulk append. */
class SequiturGrammarApiTest {

    @ParameterizedTest
    @ValueSource(ints = {-1, -2, -1000, Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -(1 << 30), -(1 << 30) - 1})
    void negativeTerminalIsRejected(int terminal) {
        SequiturGrammar b = GrammarTestSupport.build("abcab");
        Grammar before = b.toGrammar();
        assertThatThrownBy(() -> b.append(terminal)).isInstanceOf(IllegalArgumentException.class);
        // The rejected append leaves the builder as it was.
        assertThat(b.length()).isEqualTo(5);
        assertThat(b.toGrammar()).isEqualTo(before);
        assertThat(GrammarInvariants.violations(b)).isEmpty();
        b.append('c');
        assertThat(b.toGrammar().toString()).isEqualTo("R0 -> R1 R1\nR1 -> 97 98 99\n");
    }

    @Test
    void negativeTerminalInBulkAppendIsRejected() {
        SequiturGrammar b = new SequiturGrammar();
        assertThatThrownBy(() -> b.append(new int[] {1, 2, -3}, 0, 3)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void largestTerminalIsAccepted() {
        int max = SequiturGrammar.MAX_TERMINAL;
        assertThat(max).isEqualTo(Integer.MAX_VALUE);
        int[] input = {max, 0, max, 0, max, max, max, max, 0};
        GrammarTestSupport.assertSoundAfterEveryAppend(input);
        assertThat(GrammarTestSupport.build(input).toGrammar().terminalAt(0)).isEqualTo(max);
    }

    @Test
    void bulkAppendUsesTheGivenRange() {
        int[] data = {9, 1, 2, 1, 2, 9};
        SequiturGrammar bulk = new SequiturGrammar();
        bulk.append(data, 1, 5);
        assertThat(bulk.length()).isEqualTo(4);
        assertThat(bulk.toGrammar().expand()).containsExactly(1, 2, 1, 2);
        assertThat(bulk.toGrammar()).isEqualTo(GrammarTestSupport.build(new int[] {1, 2, 1, 2}).toGrammar());
        bulk.append(data, 3, 3);
        assertThat(bulk.length()).isEqualTo(4);
    }

    @Test
    void countersTrackTheGrammar() {
        SequiturGrammar b = new SequiturGrammar();
        assertThat(b.length()).isZero();
        assertThat(b.ruleCount()).isEqualTo(1);
        assertThat(b.symbolCount()).isZero();
        for (char c : "abcabc".toCharArray()) b.append(c);
        assertThat(b.length()).isEqualTo(6);
        assertThat(b.ruleCount()).isEqualTo(2);
        assertThat(b.symbolCount()).isEqualTo(5); // R0 -> R1 R1, R1 -> a b c
    }

    @Test
    void peakFootprintNeverShrinksAndCoversGrowth() {
        SequiturGrammar b = new SequiturGrammar(1);
        long last = b.peakFootprintBytes();
        assertThat(last).isPositive();
        java.util.Random rnd = new java.util.Random(7);
        for (int i = 0; i < 20_000; i++) {
            b.append(rnd.nextInt(50));
            long now = b.peakFootprintBytes();
            assertThat(now).isGreaterThanOrEqualTo(last);
            last = now;
        }
        // 12 bytes per node at least for every live symbol
        assertThat(last).isGreaterThanOrEqualTo(12L * b.symbolCount());
    }

    @Test
    void tinyAndZeroCapacityHintsWork() {
        for (int hint : new int[] {Integer.MIN_VALUE, -1, 0, 1, 2, 7}) {
            SequiturGrammar b = new SequiturGrammar(hint);
            int[] input = new int[3000];
            for (int i = 0; i < input.length; i++) input[i] = (i * 7919) % 13 % (1 + i % 5);
            b.append(input, 0, input.length);
            GrammarTestSupport.assertSound(b, input, input.length);
        }
    }
}
