package dev.wholetrace.format.io;

/**
 * Adaptive code for a number v &ge; 0: the bit length n of v+1 through a 6-bit tree, then the
 * leading mantissa bits through per-length trees, the rest direct.
 */
final class NumberModel {
    private static final int ADAPTIVE_BITS = 4;
    private final short[] lengthTree = BitCoder.probabilities(64);
    private final short[] mantissa = BitCoder.probabilities(65 << ADAPTIVE_BITS);

    long code(BitCoder coder, long v) throws FormatException {
        long x = v + 1;
        int n = 64 - Long.numberOfLeadingZeros(x); // 1..64 (x may wrap only for v = 2^64-1)
        int m = 1;
        for (int i = 5; i >= 0; i--) m = (m << 1) | coder.bit(lengthTree, m, ((n - 1) >>> i) & 1);
        n = m - 64 + 1;
        int rest = n - 1;
        int adaptive = Math.min(rest, ADAPTIVE_BITS);
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
}
