package dev.wholetrace.model.grammar;

import static dev.wholetrace.model.grammar.GrammarTestSupport.assertSoundAtEnd;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every string over a small alphabet up to a length bound. The builder is deterministic, so the
 * state after a prefix is the state of building that prefix alone: checking every string at its
 * end also checks every string after every append.
 */
class SequiturExhaustiveSmallInputsTest {

    @ParameterizedTest(name = "all strings over {0} symbols up to length {1}")
    @CsvSource({"1, 64", "2, 13", "3, 8", "4, 6"})
    void everyShortStringIsSound(int alphabet, int maxLength) {
        for (int length = 0; length <= maxLength; length++) {
            int[] input = new int[length];
            do {
                assertSoundAtEnd(input);
            } while (increment(input, alphabet));
        }
    }

    /** Advances the odometer; false after the last string. */
    private static boolean increment(int[] digits, int base) {
        for (int i = digits.length - 1; i >= 0; i--) {
            if (++digits[i] < base) return true;
            digits[i] = 0;
        }
        return false;
    }
}
