package dev.wholetrace.format.io;

import java.util.Arrays;

/**
 * Adaptive code for a number v &ge; 0: the bit length n of v+1 through a 6-bit tree, then the
 * leading mantissa bits through per-length trees, the rest direct.
 */
final class NumberModel {
    private static final int ADAPTIVE_BITS = 4;
    /**
     * Lengths whose mantissa trees exist from the start; a longer number makes the rest, in the
     * state a new tree starts in, so the code is the same. The writer makes models for every
     * grammar block of every thread and chunk, and most numbers they code are short: all 65 trees
     * at once were 2 KB a model (docs/results/overhead-profile.md, "Session 36").
     */
    private static final int FIRST_LENGTHS = 16;
    private final short[] lengthTree = BitCoder.probabilities(64);
    private short[] mantissa = BitCoder.probabilities(FIRST_LENGTHS << ADAPTIVE_BITS);

    /**
     * Back to a new model's state, for the writer's next block ({@link GrammarCodec} reuses its
     * models). Trees made for long numbers stay, at a new tree's probabilities, which is the state
     * {@link #growMantissa} would make them in: the code is the same.
     */
    void reset() {
        BitCoder.reset(lengthTree);
        BitCoder.reset(mantissa);
    }

    /** Whether {@code table} is one of this model's probability tables ({@link GrammarCosts} attributes bits by table). */
    boolean owns(short[] table) {
        return table == lengthTree || table == mantissa;
    }

    long code(BitCoder coder, long v) throws FormatException {
        long x = v + 1;
        int n = 64 - Long.numberOfLeadingZeros(x); // 1..64 (x may wrap only for v = 2^64-1)
        int m = 1;
        for (int i = 5; i >= 0; i--) m = (m << 1) | coder.bit(lengthTree, m, ((n - 1) >>> i) & 1);
        n = m - 64 + 1;
        int rest = n - 1;
        int adaptive = Math.min(rest, ADAPTIVE_BITS);
        if ((n + 1) << ADAPTIVE_BITS > mantissa.length) growMantissa();
        long result = 1;
        int node = 1;
        for (int i = 0; i < adaptive; i++) {
            int b = coder.bit(mantissa, (n << ADAPTIVE_BITS) + node, (int) (x >>> (rest - 1 - i)) & 1);
            node = (node << 1) | b;
            result = (result << 1) | b;
        }
        int direct = rest - adaptive;
        if (direct > 0) result = (result << direct) | coder.direct(x, direct);
        return result - 1;
    }

    /** Makes the trees of every length, the new ones at a new tree's probabilities. */
    private void growMantissa() {
        int old = mantissa.length;
        mantissa = Arrays.copyOf(mantissa, 65 << ADAPTIVE_BITS);
        Arrays.fill(mantissa, old, mantissa.length, (short) (BitCoder.PROB_ONE / 2));
    }
}
