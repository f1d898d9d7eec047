package dev.wholetrace.model.grammar;

import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/** Inputs the grammar property tests share: small alphabets, terminals at the int range's ends, short patterns. */
final class GrammarInputs {
    private GrammarInputs() {}

    static Arbitrary<int[]> smallAlphabet() {
        return Arbitraries.integers().between(1, 4).flatMap(k -> Arbitraries.integers().between(0, k - 1).array(int[].class).ofMaxSize(3000));
    }

    static Arbitrary<int[]> hugeTerminals() {
        return Arbitraries.of(0, 1, 1 << 30, Integer.MAX_VALUE - 1, Integer.MAX_VALUE).array(int[].class).ofMaxSize(1500);
    }

    static Arbitrary<int[]> pattern() {
        return Arbitraries.integers().between(1, 5).flatMap(k -> Arbitraries.integers().between(0, k - 1).array(int[].class).ofMinSize(1).ofMaxSize(12));
    }

    /** {@code pattern} repeated {@code times}, about one symbol in 40 replaced by noise (7, 8 or 9) drawn from {@code seed}. */
    static int[] repeatedWithNoise(int[] pattern, int times, int seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] input = new int[pattern.length * times];
        for (int i = 0; i < input.length; i++) input[i] = rnd.nextInt(40) == 0 ? 7 + rnd.nextInt(3) : pattern[i % pattern.length];
        return input;
    }
}
