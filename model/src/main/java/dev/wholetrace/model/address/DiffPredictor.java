package dev.wholetrace.model.address;

/**
 * A bank of address-difference predictors for one instruction's stream, after Burtscher's VPC/TCgen
 * value predictors: stride (the difference repeats the previous one) and two finite-context
 * predictors of differences (the difference that followed the previous one, and the previous two,
 * the last time they occurred; small direct-mapped tables). {@link #predicts} says whether any of
 * them predicted a difference, then learns it. Used by the encoder only, to decide which
 * differences go to the grammar and which aside ({@link PredictiveDiffRleEncoder}); a decoder never
 * runs it, which is what keeps a stream seekable.
 *
 * <p>Memory: 320 longs (2.5 KiB) per instruction stream, allocated once; no allocation per address.
 */
final class DiffPredictor {
    private static final int ORDER1_BITS = 6;
    private static final int ORDER2_BITS = 8;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private final long[] order1 = new long[1 << ORDER1_BITS];
    private final long[] order2 = new long[1 << ORDER2_BITS];
    private long d1;
    private long d2;

    /** Whether stride, order-1 or order-2 context predicted {@code diff}; then records it. */
    boolean predicts(long diff) {
        int h1 = (int) ((d1 * GOLDEN) >>> (64 - ORDER1_BITS));
        int h2 = (int) (((d1 * 31 + d2) * GOLDEN) >>> (64 - ORDER2_BITS));
        boolean hit = diff == d1 || diff == order1[h1] || diff == order2[h2];
        order1[h1] = diff;
        order2[h2] = diff;
        d2 = d1;
        d1 = diff;
        return hit;
    }
}
